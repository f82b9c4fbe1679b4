// The dashboard's figures.
import { defineModule } from '../module';
import { dashboardRoutes } from './routes';

export const manifest = defineModule('dashboard', {
  routes: [{ name: 'dashboard', prefix: '/api', auth: 'bearer', plugin: dashboardRoutes }],
});
