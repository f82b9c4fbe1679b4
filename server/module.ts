// What a server module is: one manifest (server/<module>/manifest.ts) saying what it serves: its route plugins, the
// definitions it serves with hooks, its migrations, the type of its own buildApp option. Where it sits (its layer) and what it builds on (its imports)
// are declared once for the server, in server/modules.json, which lint reads too (scripts/eslint/server-layers.js):
// defineModule takes them from there, so a manifest and the lint rule cannot disagree.
// server/routes.ts lists the manifests; the app registers what they declare.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from './db/schema';
import type { SitedeskMigration } from './db/migrate';
import type { ServedResource } from './resources/index';
import layering from './modules.json';

/** A Fastify plugin mounted under `prefix`; with `auth: 'bearer'` every route in it requires a valid access token. */
export interface RouteModule {
  /** for logs and docs */
  name: string;
  /** Several modules may share a prefix (everything of the CMS lives under /api). */
  prefix: string;
  auth: 'public' | 'bearer';
  plugin: FastifyPluginAsync;
}

/** A unit of server/ that modules.json knows: a folder, or a file at the top. */
export type UnitName = keyof typeof layering.units;
export type LayerName = (typeof layering.layers)[number]['name'];

/**
 * A module's own `buildApp` option, declared by its type: `options: optionsOf<FilesOptions>()` makes
 * `buildApp({ files: … })` typed and hands it to the module as `app.moduleOptions.files` (server/routes.ts ModuleOptions).
 */
export interface OptionsOf<T> {
  readonly option: T | undefined;
}
export const optionsOf = <T>(): OptionsOf<T> => ({ option: undefined });

export interface ModuleManifest<Name extends UnitName = UnitName, Options = unknown> {
  name: Name;
  /** From modules.json. */
  layer: LayerName;
  /** The modules it builds on, from modules.json. */
  imports: readonly UnitName[];
  /** Registered in the order of the manifests in server/routes.ts, then of this list. */
  routes: readonly RouteModule[];
  /** Definitions served with this module's hooks (server/resources/hooks.ts `serve`). */
  resources: readonly ServedResource[];
  /** Its schema steps (files in server/db/migrations, named in order). */
  migrations: readonly SitedeskMigration[];
  /** Its `buildApp` option, if it takes one (a type only). */
  options?: OptionsOf<Options>;
  /** Work on the database once it is final (after every migration and the definitions' tables), before any route: a backfill. */
  ready?: ReadyStep;
}

/** A module's start-up step (`ready`): idempotent, it runs at every start. */
export type ReadyStep = (db: Db, now: Date) => Promise<unknown>;

interface Declared {
  layer: LayerName;
  imports?: UnitName[];
}

export function defineModule<const Name extends UnitName, Options = never>(
  name: Name,
  parts: {
    routes?: readonly RouteModule[];
    resources?: readonly ServedResource[];
    migrations?: readonly SitedeskMigration[];
    options?: OptionsOf<Options>;
    ready?: ReadyStep;
  },
): ModuleManifest<Name, Options> {
  const declared = (layering.units as Record<UnitName, Declared>)[name];
  return {
    name,
    layer: declared.layer,
    imports: declared.imports ?? [],
    routes: parts.routes ?? [],
    resources: parts.resources ?? [],
    migrations: parts.migrations ?? [],
    options: parts.options,
    ready: parts.ready,
  };
}
