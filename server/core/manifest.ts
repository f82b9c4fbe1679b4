// The core service: app settings, languages, employees (tables: the base schema).
import { defineModule } from '../module';
import { coreRoutes } from './routes';

export const manifest = defineModule('core', {
  routes: [{ name: 'core', prefix: '/core', auth: 'bearer', plugin: coreRoutes }],
});
