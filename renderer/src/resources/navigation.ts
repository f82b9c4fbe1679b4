import type { ResourceDef } from '../../../shared/resources/define';
import type { Id } from './dataProvider';

/**
 * Where the console goes for a resource: its edit route for an id, the list (or the `afterSave` target)
 * after a save, and what the back button opens.
 */
export interface Target {
  path: string;
  state?: Record<string, unknown>;
}

/** `/branchContact/:branchContactId` + 7 → `/branchContact/7`. */
export const editPath = (def: ResourceDef, id: Id) => def.routes?.edit?.replace(/:[^/]+/, encodeURIComponent(String(id)));

export function afterSaveTarget(def: ResourceDef): Target | 'stay' {
  if (def.afterSave === 'stay') return 'stay';
  if (def.afterSave) return { path: def.afterSave.path, state: def.afterSave.state };
  return { path: def.routes?.list ?? '/' };
}

/** Back: where the user came from when a screen said so (router state `backTo`), else the list, else after-save. */
export function backTarget(def: ResourceDef, state: unknown): Target {
  const from = (state as { backTo?: Target } | null)?.backTo;
  if (from?.path) return from;
  if (def.routes?.list) return { path: def.routes.list };
  const after = afterSaveTarget(def);
  return after === 'stay' ? { path: '/' } : after;
}
