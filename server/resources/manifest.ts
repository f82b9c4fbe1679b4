// The resource engine's routes: every definition-driven resource under /api (the registry's, some with the hooks of
// the module that serves them), the engine's own bookkeeping table, the status history of its machines keyed by
// resource (0015), and stored links that break the link rule emptied (0028).
import { m0004_resources } from '../db/migrations/0004_resources';
import { m0015_history_by_resource } from '../db/migrations/0015_history_by_resource';
import { m0028_safe_links } from '../db/migrations/0028_safe_links';
import { defineModule } from '../module';
import { resourceRoutes } from './index';
import { bulkRoutes } from './bulk';
import { translationRoutes } from './translations';

export const manifest = defineModule('resources', {
  routes: [
    { name: 'resources', prefix: '/api', auth: 'bearer', plugin: resourceRoutes('api') },
    // Issue 42: acting on many records of a list, and what is left to translate.
    { name: 'bulk', prefix: '/api', auth: 'bearer', plugin: bulkRoutes },
    { name: 'translations', prefix: '/api', auth: 'bearer', plugin: translationRoutes },
  ],
  migrations: [m0004_resources, m0015_history_by_resource, m0028_safe_links],
});
