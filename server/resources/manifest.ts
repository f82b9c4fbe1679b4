// The resource engine's routes: every definition-driven resource under /api (the registry's and those the modules
// serve with hooks), and the engine's own bookkeeping table.
import { m0004_resources } from '../db/migrations/0004_resources';
import { defineModule } from '../module';
import { resourceRoutes } from './index';

export const manifest = defineModule('resources', {
  routes: [{ name: 'resources', prefix: '/api', auth: 'bearer', plugin: resourceRoutes('api') }],
  migrations: [m0004_resources],
});
