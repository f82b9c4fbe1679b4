// Find anything (issue 42): the search across every definition the console's command palette asks.
import { defineModule } from '../module';
import { searchRoutes } from './routes';

export const manifest = defineModule('search', {
  routes: [{ name: 'search', prefix: '/api', auth: 'bearer', plugin: searchRoutes }],
});
