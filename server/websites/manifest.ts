// Websites, their languages and staff (tables: the base schema; 0006 keeps one default website and language).
import { m0006_one_default } from '../db/migrations/0006_one_default';
import { defineModule } from '../module';
import { websiteRoutes } from './routes';

export const manifest = defineModule('websites', {
  routes: [{ name: 'websites', prefix: '/api', auth: 'bearer', plugin: websiteRoutes }],
  migrations: [m0006_one_default],
});
