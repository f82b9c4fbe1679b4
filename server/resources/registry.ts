// Which resources the engine serves: every definition in shared/resources/index.ts (the modules that customise one
// declare it with their hooks in their manifest, server/routes.ts) gets generic routes and a table synced from its
// fields, except:
import { resources } from '../../shared/resources/index';
import type { ResourceDef } from '../../shared/resources/define';

/**
 * Resources whose routes a hand-written module registers: none. Every definition, the websites' own included, is
 * served by the engine and customised with hooks (hooks.ts), so it joins the history, the trash and the live events.
 */
export const HAND_WRITTEN_ROUTES: ReadonlySet<string> = new Set<string>();

export const registry = resources as Record<string, ResourceDef>;
