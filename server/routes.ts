// THE list of route modules. Adding a module = one line here (plus its migration line in
// db/migrations/index.ts). Each module is a Fastify plugin mounted under `prefix`; with
// `auth: 'bearer'` every route in it requires a valid access token and sees `request.user`.
// Several modules may share a prefix (e.g. everything of the CMS lives under /api).
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { coreRoutes } from './core/routes';
import { pushRoutes } from './push/routes';
import { websiteRoutes } from './websites/routes';
import { fileRoutes, fileServing } from './files/routes';
import { resourceRoutes, type ServedResource } from './resources/index';
import { intakeRoutes } from './intake/routes';
import { ledgerRoutes } from './team/routes';
import { collaboratorResource, referralResource } from './team/resource';
import { integrationKeyRoutes, integrationRoutes } from './team/integration';
import { editorialRoutes } from './editorial/routes';
import { dashboardRoutes } from './dashboard/routes';
import { newsCategoryResource } from './editorial/categories';
import { menuItemResource } from './editorial/menus';
import { sickResource } from './editorial/sicks';
import { qaResource } from './qa/resource';
import { newsResource } from './news/resource';
import { departmentResource, serviceCatalogueResource } from './his/resource';
import { serviceGroupResource, serviceResource } from './services/resource';
import { advertisementFileResource, advertisementResource, albumVideoResource } from './media/resource';
import { bookingResource, careerResource, jobResource, jobTypeResource, levelResource, recruitmentResource } from './people/resource';
import { bannerItemResource, faqGroupResource, faqResource, feedbackResource, partnerResource } from './site-content/resource';

/** Definitions a module serves with its hooks (server/resources/hooks.ts): one line per resource with behaviour. */
export const servedResources: ServedResource[] = [newsCategoryResource, menuItemResource, sickResource, qaResource, newsResource, serviceResource, serviceGroupResource, departmentResource, serviceCatalogueResource,
  bannerItemResource, faqResource, faqGroupResource, partnerResource, feedbackResource,
  advertisementResource, advertisementFileResource, albumVideoResource,
  jobResource, careerResource, levelResource, jobTypeResource, recruitmentResource, bookingResource,
  collaboratorResource, referralResource];

export interface RouteModule {
  /** for logs and docs */
  name: string;
  prefix: string;
  auth: 'public' | 'bearer';
  plugin: FastifyPluginAsync;
}

export const routeModules: RouteModule[] = [
  { name: 'auth', prefix: '/auth', auth: 'public', plugin: authRoutes },
  { name: 'core', prefix: '/core', auth: 'bearer', plugin: coreRoutes },
  { name: 'push', prefix: '/push', auth: 'bearer', plugin: pushRoutes },
  { name: 'websites', prefix: '/api', auth: 'bearer', plugin: websiteRoutes },
  { name: 'files', prefix: '/api', auth: 'bearer', plugin: fileRoutes },
  { name: 'files-serving', prefix: '/files', auth: 'public', plugin: fileServing },
  { name: 'editorial', prefix: '/api', auth: 'bearer', plugin: editorialRoutes },
  { name: 'dashboard', prefix: '/api', auth: 'bearer', plugin: dashboardRoutes },
  // The referral team's commission ledger (its collaborators and referred patients are resources); integration keys.
  { name: 'team', prefix: '/api', auth: 'bearer', plugin: ledgerRoutes },
  { name: 'integration-keys', prefix: '/api', auth: 'bearer', plugin: integrationKeyRoutes },
  // The definition-driven resources (the registry and `servedResources` below, with their hooks).
  { name: 'resources', prefix: '/api', auth: 'bearer', plugin: resourceRoutes('api') },
  // The second API base: the hospital system's lookups (the `his:` calls of the definitions).
  { name: 'his', prefix: '/his', auth: 'bearer', plugin: resourceRoutes('his') },
  // What visitors of the public websites send (feedback …): unauthenticated, validated, size-capped, rate-limited.
  { name: 'intake', prefix: '/public', auth: 'public', plugin: intakeRoutes },
  // The clinic system records completed visits of referred patients with its own API key.
  { name: 'integration', prefix: '/integration', auth: 'public', plugin: integrationRoutes },
];

/**
 * Path prefixes that belong to the API: never answered with the console's index.html, and
 * unknown paths under them get the JSON 404.
 */
export const apiPrefixes = ['/auth', '/core', '/push', '/api', '/his', '/public', '/integration', '/files', '/health'];
