/**
 * Roles as data (issue 39, docs/api.md "Roles"): what a user may do on each website, read by the server's engine (which
 * enforces it) and by the console (which shows only what it allows).
 *
 * A website's staff member has one role there; a role is a set of grants, one per resource area, keyed by the area's
 * path segment as History names it (`News`, `Bookings`, `Feedbacks`…; `grantKey`). Each operation is `none`, `own`
 * (records this user created) or `all`; actions (a definition's actions and its status moves) are allowed one by one;
 * hidden fields are never shown to the role nor changed by it. An area missing from a role's grants is `none`.
 * Administrators may do everything everywhere, nothing hidden. The definitions' own rules (administrator-only fields
 * and actions, `notSubmitter`, the machines' moves) stay above roles.
 *
 * Runtime-free: read by the server and the console.
 */
import type { ResourceDef } from './resources/define';

export type Scope = 'none' | 'own' | 'all';
export type GrantOperation = 'list' | 'read' | 'create' | 'update' | 'delete';
export const GRANT_OPERATIONS: readonly GrantOperation[] = ['list', 'read', 'create', 'update', 'delete'];
export const SCOPES: readonly Scope[] = ['none', 'own', 'all'];

export interface Grant {
  list: Scope;
  read: Scope;
  create: Scope;
  update: Scope;
  delete: Scope;
  actions: Record<string, boolean>;
  hiddenFields: string[];
}
/** Key: the resource's path segment as in History (News, Bookings, Feedbacks, …; `grantKey`). */
export type Grants = Record<string, Grant>;

export interface RoleName {
  'vi-VN': string;
  'en-US': string;
}

export interface WebsitePermission {
  roleId: number;
  roleName: RoleName;
  grants: Grants;
}

export interface UserPermissions {
  isAdmin: boolean;
  /** By website id. */
  websites: Record<string, WebsitePermission>;
}

/** Top-level path segments that more than one area shares: those areas are keyed by their definition's name. */
const SHARED_SEGMENTS = new Set(['listCategorys', 'DoiNhom']);

/** The first segment of an API path template ('PUT News/{website}/{id}' → 'News'). */
function segmentOf(template: string | undefined): string | undefined {
  if (!template) return undefined;
  const path = template.replace(/^[A-Z]+\s+/, '').replace(/^[a-z]+:/, '');
  return path.split(/[/?]/)[0] || undefined;
}

/**
 * A definition's key in grants: the first segment of its API paths (`News`, `Bookings`), so a child collection
 * (`Banners/item/…`) shares its parent's grant; the definition's name where areas share a segment (the four list
 * categories, the referral team's two lists).
 */
export function grantKey(def: Pick<ResourceDef, 'name' | 'api'>): string {
  const api = def.api;
  const segment = [api.get, api.update, api.remove, api.list?.path, api.create].map(segmentOf).find(Boolean);
  if (!segment || SHARED_SEGMENTS.has(segment)) return def.name;
  return segment;
}

const NONE: Grant = { list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none', actions: {}, hiddenFields: [] };

function grantOf(p: UserPermissions, websiteId: number | string, resource: string): Grant | undefined {
  return p.websites[String(websiteId)]?.grants[resource];
}

/** What `op` reaches of `resource` on the website: administrators all; a user without a role there nothing. */
export function scopeOf(p: UserPermissions, websiteId: number | string, resource: string, op: GrantOperation): Scope {
  if (p.isAdmin) return 'all';
  return (grantOf(p, websiteId, resource) ?? NONE)[op] ?? 'none';
}

/** Whether the role allows the action (or status move) `action` on `resource`. */
export function mayAct(p: UserPermissions, websiteId: number | string, resource: string, action: string): boolean {
  if (p.isAdmin) return true;
  return grantOf(p, websiteId, resource)?.actions[action] === true;
}

/**
 * Whether a person's data requests reach `resource`'s records on the website (`websiteId` null: the organisation's
 * records, reached where any of the user's roles grants it, as the engine reads grants for them): administrators
 * everywhere, a staff member where their role grants `privacy` on that area.
 */
export function mayHandlePrivacy(p: UserPermissions, websiteId: number | string | null, resource: string): boolean {
  if (p.isAdmin) return true;
  if (websiteId !== null) return mayAct(p, websiteId, resource, PRIVACY_ACTION);
  return Object.keys(p.websites).some((w) => mayAct(p, w, resource, PRIVACY_ACTION));
}

/** Whether the user may make a person's data requests at all (the console's Personal data screen, /api/Privacy). */
export const handlesPrivacy = (p: UserPermissions): boolean =>
  p.isAdmin || Object.values(p.websites).some((w) => Object.values(w.grants).some((g) => g.actions?.[PRIVACY_ACTION] === true));

/** The fields of `resource` the role does not see (none for administrators). */
export function hiddenFields(p: UserPermissions, websiteId: number | string, resource: string): string[] {
  if (p.isAdmin) return [];
  return grantOf(p, websiteId, resource)?.hiddenFields ?? [];
}

// ---- the built-in roles ----------------------------------------------------------------------------------

/**
 * The areas of the built-in roles, by grant key. Every key of the registry falls in one (tests/server/roles-as-data
 * checks it): content (the websites' pages, news, media, services and their catalogues), desk (what visitors send:
 * bookings, feedback, questions, the referred customers), recruitment (jobs, applications and their categories),
 * team (the referral team), system (webhooks: administrators only by their declaration).
 */
export const AREAS = {
  website: ['Settings', 'SocialNetworks', 'BranchContacts', 'HardContents', 'Menus', 'WebsitePreviews'],
  content: ['News', 'Categorys', 'Sicks', 'Banners', 'Albums', 'FAQGroups', 'FAQs', 'Partners', 'Advertisements', 'CustomerFeedbacks'],
  services: ['Services', 'serviceGroup', 'Departments', 'ServiceCatalogue'],
  questions: ['QAExperts'],
  desk: ['Bookings', 'Feedbacks', 'referral'],
  recruitment: ['Jobs', 'Recruitments', 'career', 'level', 'jobType'],
  team: ['collaborator'],
  system: ['Webhooks', 'WebhookDeliveries'],
} as const;

export type AreaName = keyof typeof AREAS;

/**
 * Areas no role grants: the websites, their languages and staff (reached by membership, changed by administrators),
 * the roles themselves and the accounts (administrators).
 */
export const UNGRANTED: readonly string[] = ['Websites', 'Roles', 'Users'];

/** Ids of the built-in roles (the migration makes them with these ids; a new membership is Staff). */
export const BUILT_IN_IDS = { staff: 1, reviewer: 2, editor: 3, receptionist: 4, recruiter: 5 } as const;

/** Who asked a question (hidden from an Editor: "questions' askers"). */
export const QUESTION_ASKER_FIELDS = ['fullName', 'email', 'phoneNumber'] as const;

/** The review decisions (a Reviewer's on top of Staff). */
export const REVIEW_ACTIONS = ['approve', 'decline'] as const;
export const REVIEWED_AREAS = ['News', 'Services', 'QAExperts'] as const;

const ALL_OPS = { list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' } as const;
const READ_OPS = { list: 'all', read: 'all', create: 'none', update: 'none', delete: 'none' } as const;

export interface BuiltInRole {
  /** Stable key of the built-in (the migration's, the docs'). */
  key: keyof typeof BUILT_IN_IDS;
  id: number;
  name: RoleName;
  grants: Grants;
}

/**
 * A person's data requests (issue 40, /api/Privacy: find a person's records, export them, erase them): an action of
 * every area holding personal data, so a role grants it area by area and website by website, as it grants the rest.
 * No built-in role has it: an administrator gives it to a role on purpose.
 */
export const PRIVACY_ACTION = 'privacy';

/**
 * Actions of each grant key: the definitions' actions and their machines' moves (a machine's own route, `status`, is
 * granted move by move, so it is no action of its own), and `privacy` where the area holds personal data.
 */
export function actionsByKey(defs: readonly ResourceDef[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const def of defs) {
    if (UNGRANTED.includes(grantKey(def))) continue;
    const set = out.get(grantKey(def)) ?? new Set<string>();
    const machineRoutes = new Set((def.machines ?? []).map((m) => m.action ?? 'status'));
    for (const a of Object.keys(def.api.actions ?? {})) if (!machineRoutes.has(a)) set.add(a);
    for (const m of def.machines ?? []) for (const move of m.moves) set.add(move.name);
    if (def.fields.some((f) => f.personal)) set.add(PRIVACY_ACTION);
    out.set(grantKey(def), set);
  }
  return out;
}

/** The review decisions of each grant key: the moves and actions a reviewer makes (their rule requires `reviewer`). */
export function reviewActionsByKey(defs: readonly ResourceDef[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const def of defs) {
    const moves = (def.machines ?? []).flatMap((m) => m.moves).filter((m) => m.who.includes('reviewer')).map((m) => m.name);
    const actions = Object.entries(def.access?.actions ?? {}).filter(([, rule]) => rule.includes('reviewer')).map(([name]) => name);
    if (!moves.length && !actions.length) continue;
    const set = out.get(grantKey(def)) ?? new Set<string>();
    for (const name of [...moves, ...actions]) set.add(name);
    out.set(grantKey(def), set);
  }
  return out;
}

/** A grant of nothing. */
export const noGrant = (): Grant => ({ list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none', actions: {}, hiddenFields: [] });

/**
 * The five built-in roles (the migration makes them; administrators may edit them), from the registry's definitions:
 * Staff (what staff may today: everything but the review decisions), Reviewer (Staff plus the review decisions),
 * Editor (the websites' content, not what visitors send nor the team; questions without who asked), Receptionist
 * (bookings, feedback, questions, customers; content read-only), Recruiter (jobs and applications).
 */
export function builtInRoles(defs: readonly ResourceDef[]): BuiltInRole[] {
  const actions = actionsByKey(defs);
  const keys = [...actions.keys()];
  const areaOf = (key: string): AreaName | undefined => (Object.keys(AREAS) as AreaName[]).find((a) => (AREAS[a] as readonly string[]).includes(key));
  const grant = (key: string, ops: Pick<Grant, GrantOperation>, allowed: (action: string) => boolean, hidden: readonly string[] = []): Grant => ({
    ...ops,
    actions: Object.fromEntries([...(actions.get(key) ?? [])].sort().map((a) => [a, a !== PRIVACY_ACTION && allowed(a)])),
    hiddenFields: [...hidden],
  });
  const review = reviewActionsByKey(defs);
  const isReview = (key: string, action: string) => review.get(key)?.has(action) === true;
  const build = (decide: (key: string, area: AreaName | undefined) => Grant | undefined): Grants => {
    const grants: Grants = {};
    for (const key of keys) grants[key] = decide(key, areaOf(key)) ?? grant(key, { list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none' }, () => false);
    return grants;
  };
  const staff = build((key) => grant(key, ALL_OPS, (a) => !isReview(key, a)));
  const reviewer = build((key) => grant(key, ALL_OPS, () => true));
  const editor = build((key, area) => {
    if (area === 'website' || area === 'content' || area === 'services' || area === 'system') return grant(key, ALL_OPS, (a) => !isReview(key, a));
    if (area === 'questions') return grant(key, ALL_OPS, (a) => !isReview(key, a), QUESTION_ASKER_FIELDS);
    return undefined;
  });
  const receptionist = build((key, area) => {
    if (area === 'desk' || area === 'questions') return grant(key, ALL_OPS, (a) => !isReview(key, a));
    if (area === 'website' || area === 'content' || area === 'services') return grant(key, READ_OPS, () => false);
    return undefined;
  });
  const recruiter = build((key, area) => {
    if (area === 'recruitment') return grant(key, ALL_OPS, () => true);
    if (key === 'Settings') return grant(key, READ_OPS, () => false);
    return undefined;
  });
  return [
    { key: 'staff', id: BUILT_IN_IDS.staff, name: { 'vi-VN': 'Nhân viên', 'en-US': 'Staff' }, grants: staff },
    { key: 'reviewer', id: BUILT_IN_IDS.reviewer, name: { 'vi-VN': 'Người duyệt', 'en-US': 'Reviewer' }, grants: reviewer },
    { key: 'editor', id: BUILT_IN_IDS.editor, name: { 'vi-VN': 'Biên tập viên', 'en-US': 'Editor' }, grants: editor },
    { key: 'receptionist', id: BUILT_IN_IDS.receptionist, name: { 'vi-VN': 'Lễ tân', 'en-US': 'Receptionist' }, grants: receptionist },
    { key: 'recruiter', id: BUILT_IN_IDS.recruiter, name: { 'vi-VN': 'Nhân viên tuyển dụng', 'en-US': 'Recruiter' }, grants: recruiter },
  ];
}

/** The field names each grant key may hide: its definitions' fields (a child collection's too). */
export function fieldsByKey(defs: readonly ResourceDef[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const def of defs) {
    const key = grantKey(def);
    if (UNGRANTED.includes(key)) continue;
    const set = out.get(key) ?? new Set<string>();
    for (const f of def.fields) set.add(f.name);
    out.set(key, set);
  }
  return out;
}

/**
 * Where `grants` is not a role's grants over `defs` (a path such as `grants.Bookings.read`), or undefined when it is:
 * known area keys only, every operation `none`/`own`/`all`, known actions set to a boolean, known field names.
 */
export function grantsError(grants: unknown, defs: readonly ResourceDef[]): string | undefined {
  if (!grants || typeof grants !== 'object' || Array.isArray(grants)) return 'grants';
  const actions = actionsByKey(defs);
  const fields = fieldsByKey(defs);
  for (const [key, grant] of Object.entries(grants as Record<string, unknown>)) {
    const at = `grants.${key}`;
    if (!actions.has(key)) return at;
    if (!grant || typeof grant !== 'object' || Array.isArray(grant)) return at;
    const g = grant as Record<string, unknown>;
    for (const k of Object.keys(g)) if (!(GRANT_OPERATIONS as readonly string[]).includes(k) && k !== 'actions' && k !== 'hiddenFields') return `${at}.${k}`;
    for (const op of GRANT_OPERATIONS) if (g[op] !== undefined && !(SCOPES as readonly unknown[]).includes(g[op])) return `${at}.${op}`;
    const a = g.actions ?? {};
    if (!a || typeof a !== 'object' || Array.isArray(a)) return `${at}.actions`;
    for (const [name, on] of Object.entries(a)) if (!actions.get(key)!.has(name) || typeof on !== 'boolean') return `${at}.actions.${name}`;
    const h = g.hiddenFields ?? [];
    if (!Array.isArray(h)) return `${at}.hiddenFields`;
    for (const f of h) if (typeof f !== 'string' || !fields.get(key)!.has(f)) return `${at}.hiddenFields`;
  }
  return undefined;
}

/**
 * Grants as stored: every area of `defs` given (a missing one is none, written out, so that only an area added by a
 * later version is ever missing: the start-up gives it to the built-in roles), actions and hidden fields in a stable form.
 */
export function normalizeGrants(grants: Record<string, Partial<Grant>>, defs: readonly ResourceDef[]): Grants {
  const out: Grants = {};
  for (const key of actionsByKey(defs).keys()) out[key] = noGrant();
  for (const [key, g] of Object.entries(grants)) {
    out[key] = {
      list: g.list ?? 'none',
      read: g.read ?? 'none',
      create: g.create ?? 'none',
      update: g.update ?? 'none',
      delete: g.delete ?? 'none',
      actions: { ...(g.actions ?? {}) },
      hiddenFields: [...new Set(g.hiddenFields ?? [])],
    };
  }
  return out;
}
