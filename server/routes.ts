// THE list of server modules: each declares itself in its manifest (server/<module>/manifest.ts: its routes, the
// definitions it serves, its migrations) and its place in server/modules.json (its layer, what it builds on, which
// lint enforces). Adding a module = its folder with a manifest, its entry in modules.json, one line here.
// Everything the app registers is derived from this list, in its order.
import { migrationPlan } from './db/migrate';
import type { ModuleManifest, OptionsOf } from './module';
import { manifest as auth } from './auth/manifest';
import { manifest as core } from './core/manifest';
import { manifest as push } from './push/manifest';
import { manifest as websites } from './websites/manifest';
import { manifest as files } from './files/manifest';
import { manifest as editorial } from './editorial/manifest';
import { manifest as dashboard } from './dashboard/manifest';
import { manifest as team } from './team/manifest';
import { manifest as resources } from './resources/manifest';
import { manifest as qa } from './qa/manifest';
import { manifest as news } from './news/manifest';
import { manifest as services } from './services/manifest';
import { manifest as his } from './his/manifest';
import { manifest as intake } from './intake/manifest';
import { manifest as siteContent } from './site-content/manifest';
import { manifest as media } from './media/manifest';
import { manifest as people } from './people/manifest';
import { manifest as demo } from './demo/manifest';
import { manifest as delivery } from './delivery/manifest';
import { manifest as webhooks } from './webhooks/manifest';
import { manifest as history } from './history/manifest';
import { manifest as events } from './events/manifest';
import { manifest as accounts } from './accounts/manifest';
import { manifest as privacy } from './privacy/manifest';
import { manifest as search } from './search/manifest';
import { manifest as importing } from './import/manifest';
import { manifest as metrics } from './metrics/manifest';

export type { ModuleManifest, RouteModule } from './module';

/** Every module, in the order its routes are registered and its definitions served. */
export const manifests = [
  auth, accounts, core, push, websites, files, privacy, editorial, dashboard, team, resources, qa, news, services, his, intake, siteContent, media, people, demo, delivery, webhooks, history, events, search,
  importing, metrics,
] as const satisfies readonly ModuleManifest[];

/** The modules' own `buildApp` options, by module name (`buildApp({ files: { maxFileSize } })`), as `app.moduleOptions`. */
export type ModuleOptions = {
  [M in (typeof manifests)[number] as M extends { options?: OptionsOf<infer O> } ? ([O] extends [never] ? never : M['name']) : never]?:
    M extends { options?: OptionsOf<infer O> } ? O : never;
};

/** The names of the modules that take an option (what buildApp hands on). */
export const optionNames = manifests.filter((m) => m.options).map((m) => m.name) as (keyof ModuleOptions)[];

/** Each module is a Fastify plugin mounted under `prefix`; with `auth: 'bearer'` every route in it sees `request.user`. */
export const routeModules = manifests.flatMap((m) => m.routes);

/** Definitions a module serves with its hooks (server/resources/hooks.ts). */
export const servedResources = manifests.flatMap((m) => m.resources);

/** Every schema step, the base's and the modules', in the order they run (by name: the order databases recorded them in). */
export const migrations = migrationPlan(manifests.flatMap((m) => m.migrations));

/**
 * Path prefixes that belong to the API: never answered with the console's index.html, and
 * unknown paths under them get the JSON 404. `/health` is the app's own.
 */
export const apiPrefixes = [...new Set([...routeModules.map((m) => m.prefix), '/health'])];
