import type { ComponentType } from 'react';
import { ROUTES, type RoutedResource } from '../../../shared/resources/routes';

/**
 * Routes of a resource from its definition (`routes.list`, `routes.add`, `routes.edit`) for the route registry
 * (app/screens.ts). Adding a simple resource's screens = its definition + `...resourceScreens('name')`.
 * A hand-written screen replaces the generic one for a route by passing its loader.
 *
 * This module stays light (the route registry is in the first chunk): it reads the routes alone
 * (shared/resources/routes.ts); the definitions and the screens are dynamic imports.
 */
type Loader = () => Promise<{ default: ComponentType }>;

export interface ResourceRoute {
  path: string;
  load: Loader;
}

export function resourceScreens(name: RoutedResource, custom: { list?: Loader; edit?: Loader } = {}): ResourceRoute[] {
  const routes: { list?: string; add?: string; edit?: string } = ROUTES[name];
  const generic = () => import('./ResourcePages');
  const list: Loader = custom.list ?? (() => generic().then((m) => ({ default: m.listScreen(name) })));
  const edit: Loader = custom.edit ?? (() => generic().then((m) => ({ default: m.editScreen(name) })));
  const out: ResourceRoute[] = [];
  if (routes.list) out.push({ path: routes.list, load: list });
  // `add` before the `:id` pattern, and the editor also reads the id "add" as a new record (spec part 2).
  if (routes.add) out.push({ path: routes.add, load: edit });
  if (routes.edit) out.push({ path: routes.edit, load: edit });
  return out;
}
