// Which resources the engine serves: every definition in shared/resources/index.ts (the modules that customise one
// declare it with their hooks in their manifest, server/routes.ts) gets generic routes and a table synced from its
// fields, except:
import { resources } from '../../shared/resources/index';
import type { ResourceDef } from '../../shared/resources/define';

/**
 * Resources whose routes a hand-written module registers (it may still call the engine's operations): the
 * websites, whose rules span several tables. Any other module customises its resource with hooks (hooks.ts).
 */
export const HAND_WRITTEN_ROUTES: ReadonlySet<string> = new Set(['website', 'websiteLanguage', 'websiteUser']);

export const registry = resources as Record<string, ResourceDef>;
