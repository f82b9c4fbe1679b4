import type { ComponentType } from 'react';
import { resourceScreens, type Loader } from '../resources/screens';
import { resources } from '../../../shared/resources';
import { ADMINS, check, ruleOf, type AccessRule, type Actor } from '../../../shared/resources/access';
import { l, type ResourceDef } from '../../../shared/resources/define';
import { handlesPrivacy } from '../../../shared/permissions';
import { currentUi } from '../resources/labels';
import type { RolePermissions, RoleVerdict } from '../resources/permissions';

/**
 * Route registry: every screen behind sign-in, inside the layout, one entry per route of the spec's route tables.
 * The resources' screens are derived from the registry (shared/resources/index.ts): each definition's routes, shown by
 * the pages its `screen` names or by the generic list and editor. The screens below are the hand-made ones, which no
 * definition lists. `load` is a dynamic import so each screen is its own chunk (the sign-in route must not pay for
 * tables, the editor or charts).
 *
 * A path that is also an area of the side navigation (./nav.tsx) makes that area appear in the menu.
 */
export interface ScreenRoute {
  /** react-router path (`/news/:id`). Matched case-sensitively as the spec writes it. */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Who may open it (shared/resources/access.ts; default: every signed-in member). A resource's screens take it from
   * the definition's access when its `screen.access` says so: the website screens from who may change a website.
   */
  access?: AccessRule;
  /**
   * The records it shows, and what it does with them (issue 39): a role without that operation on the header's website
   * neither sees the area in the navigation nor opens the screen (the route answers with a refusal).
   */
  grant?: { def: ResourceDef; operation: 'list' | 'create' | 'read' };
  /** A person's data requests (issue 40): administrators, or a role granting the `privacy` action somewhere. */
  privacy?: true;
}

/** The pages a definition's `screen` may name, each its own chunk: `'people/PeoplePages#BookingListPage'`. */
const PAGES = import.meta.glob<Record<string, ComponentType>>(['../pages/**/*Page.tsx', '../pages/**/*Pages.tsx']);

/** The loader of a page a definition names (its module under pages/, and `#` a named export; else the default one). */
export function page(ref: string): Loader {
  const [module, name = 'default'] = ref.split('#');
  const load = PAGES[`../pages/${module}.tsx`];
  if (!load) throw new Error(`No page ${module} (renderer/src/pages/${module}.tsx)`);
  return () =>
    load().then((m) => {
      if (!m[name]) throw new Error(`renderer/src/pages/${module}.tsx has no export ${name}`);
      return { default: m[name] };
    });
}

/** The screens of every definition that has routes, in the registry's order. */
export function definitionScreens(defs: readonly ResourceDef[]): ScreenRoute[] {
  return defs.flatMap((def) => {
    const access = def.screen?.access ? ruleOf(def.access, def.screen.access) : undefined;
    return resourceScreens(def, page).map(({ operation, ...s }) => ({ ...s, grant: { def, operation }, ...(access ? { access } : {}) }));
  });
}

// Screens of one module share its loader (one dynamic import, one list of what it preloads).
const servicePages = () => import('../pages/service/ServicePages');
const rolePages = () => import('../pages/roles/RolePages');
const translationPages = () => import('../pages/translations/TranslationsPages');

export const screens: ScreenRoute[] = [
  { path: '/', load: () => import('../pages/dashboard/DashboardPage') },
  { path: '/profile', load: () => import('../pages/profile/ProfilePage') },
  { path: '/settings', load: () => import('../pages/settings/SettingsPage') },
  ...definitionScreens(Object.values(resources) as ResourceDef[]),
  // Website information: one screen of tabs over the website's settings, social networks, branches, fixed contents
  // and webhooks (their editors are those definitions' routes).
  { path: '/info-website', load: () => import('../pages/info-website/InfoWebsitePage') },
  { path: '/file', load: () => import('../pages/files/FileManagerPage') },
  // Specializations (type 0): the service definition's second screen, reviewed like news.
  { path: '/specialization', load: () => servicePages().then((m) => ({ default: m.serviceList(0) })), grant: { def: resources.service, operation: 'list' } },
  { path: '/specialization/add', load: () => servicePages().then((m) => ({ default: m.serviceEdit(0) })), grant: { def: resources.service, operation: 'create' } },
  { path: '/specialization/:serviceId', load: () => servicePages().then((m) => ({ default: m.serviceEdit(0) })), grant: { def: resources.service, operation: 'read' } },
  // The video library (the .mp4 files of the file manager).
  { path: '/video', load: () => import('../pages/media/VideoLibraryPage') },
  // Issue 29: the chosen website's trash (its staff), and the audit log of every website (administrators: the server
  // answers 403 to anyone else, and the console neither routes nor lists it for them).
  { path: '/trash', load: () => import('../pages/trash/TrashPage') },
  { path: '/audit-log', load: () => import('../pages/audit/AuditLogPage'), access: ADMINS },
  // Issue 39: the roles of websites' staff and a role's matrix (administrators; the API is the role definition's).
  { path: '/roles', load: () => rolePages().then((m) => ({ default: m.RoleListPage })), access: ADMINS },
  { path: '/roles/add', load: () => rolePages().then((m) => ({ default: m.RoleEditPage })), access: ADMINS },
  { path: '/roles/:roleId', load: () => rolePages().then((m) => ({ default: m.RoleEditPage })), access: ADMINS },
  // Issue 42: what is left to translate, per list and language, and "translate next" through one list's records.
  { path: '/translations', load: () => translationPages().then((m) => ({ default: m.TranslationsPage })) },
  { path: '/translations/:resource/:lang', load: () => translationPages().then((m) => ({ default: m.TranslatePage })) },
  // Issue 40: a person's data requests (find, export, erase), for administrators and roles granted `privacy`.
  { path: '/privacy', load: () => import('../pages/privacy/PrivacyPage'), privacy: true },
];

/** Whether `user` may open `screen` (the same check the server makes of its calls). */
export const mayOpen = (screen: Pick<ScreenRoute, 'access'>, user: Actor | null | undefined): boolean => check(screen.access, user).allowed;

/** The screens `user` may open: the others are neither routed nor in the navigation. */
export const screensFor = (user: Actor | null | undefined): ScreenRoute[] => screens.filter((s) => mayOpen(s, user));

const PRIVACY_REFUSED = l('Chỉ quản trị viên hoặc vai trò được cấp quyền "Dữ liệu cá nhân" mới mở được màn hình này', 'Only administrators or a role granted "Personal data" may open this screen');

/** Whether the user's role on the header's website lets them open `screen` (../resources/permissions.ts). */
export const roleOpens = (screen: Pick<ScreenRoute, 'grant' | 'privacy'>, role: Pick<RolePermissions, 'can'> & Partial<Pick<RolePermissions, 'permissions'>>): RoleVerdict => {
  if (screen.privacy && !(role.permissions && handlesPrivacy(role.permissions))) return { allowed: false, hidden: true, reason: PRIVACY_REFUSED[currentUi()] };
  return screen.grant ? role.can(screen.grant.def, screen.grant.operation) : { allowed: true, hidden: false };
};
