import type { ComponentType } from 'react';
import type { ResourceDef } from '../../../shared/resources/define';

/**
 * Routes of a resource from its definition (`routes.list`, `routes.add`, `routes.edit`, `screen.aliases`) for the
 * route registry (app/screens.ts, which derives every resource's screens from the registry). A definition's
 * `screen.list` / `screen.edit` name a hand-written page (resolved by `page`); without one, the generic list and editor
 * show it.
 *
 * The definitions are plain data, read with the shell; the screens (and the engine's list and editor) are dynamic
 * imports, so the sign-in screen pays for none of them.
 */
export type Loader = () => Promise<{ default: ComponentType }>;

export interface ResourceRoute {
  path: string;
  load: Loader;
  /** What the screen does with the definition's records: a role without it does not open the screen. */
  operation: 'list' | 'create' | 'read';
}

export function resourceScreens(def: ResourceDef, page: (ref: string) => Loader): ResourceRoute[] {
  const routes = def.routes ?? {};
  const generic = () => import('./ResourcePages');
  const list: Loader = def.screen?.list ? page(def.screen.list) : () => generic().then((m) => ({ default: m.listScreen(def.name) }));
  const edit: Loader = def.screen?.edit ? page(def.screen.edit) : () => generic().then((m) => ({ default: m.editScreen(def.name) }));
  const out: ResourceRoute[] = [];
  if (routes.list) out.push({ path: routes.list, load: list, operation: 'list' });
  // `add` before the `:id` pattern, and the editor also reads the id "add" as a new record (spec part 2).
  if (routes.add) out.push({ path: routes.add, load: edit, operation: 'create' });
  if (routes.edit) out.push({ path: routes.edit, load: edit, operation: 'read' });
  for (const alias of def.screen?.aliases ?? []) out.push({ path: alias.path, load: alias.screen === 'list' ? list : edit, operation: alias.screen === 'list' ? 'list' : 'read' });
  return out;
}
