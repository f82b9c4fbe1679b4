// Which resources the engine serves. Every definition in shared/resources/index.ts gets generic routes and
// a table synced from its fields, except:
import { resources } from '../../shared/resources/index';
import type { ResourceDef } from '../../shared/resources/define';
import { ResourceEngine } from './engine';

/**
 * Resources whose routes a hand-written module registers (it may still call the engine's operations).
 * A module taking over a resource adds its name here. (A single route can also be taken over without
 * this: the engine skips any method + path already registered when it runs, and it runs last on /api.)
 */
export const HAND_WRITTEN_ROUTES: ReadonlySet<string> = new Set(['website', 'websiteLanguage', 'websiteUser']);

/**
 * Resources whose table a migration owns entirely: the start-up sync leaves it alone. (The website tables
 * come from migration 0001 but match their definitions, so the sync only adds `searchText` to `websites`.)
 */
export const SCHEMA_FROM_MIGRATION: ReadonlySet<string> = new Set<string>();

export const registry = resources as Record<string, ResourceDef>;

/** The one engine over the registry (stateless: safe to share between app instances). */
export const engine = new ResourceEngine(registry);
