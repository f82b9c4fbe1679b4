// Bringing data in (issue 42): rows of a CSV or Excel file, mapped by the console, created through the engine.
import { defineModule } from '../module';
import { importRoutes } from './routes';

export const manifest = defineModule('import', {
  routes: [{ name: 'import', prefix: '/api', auth: 'bearer', plugin: importRoutes }],
});
