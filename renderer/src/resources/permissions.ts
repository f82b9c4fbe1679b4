import { useMemo } from 'react';
import { GRANT_OPERATIONS, grantKey, UNGRANTED, type Grant, type GrantOperation, type Scope, type UserPermissions } from '../../../shared/permissions';
import type { ResourceDef } from '../../../shared/resources/define';
import { i18next } from '../core/i18n';
import { useCurrentWebsiteId } from '../core/workspace';
import { useSession } from '../session';
import { currentUi } from './labels';

/**
 * What the user's role allows on the header's website (issue 39, roles as data): the grants `GET /core/AppSettings`
 * answers (shared/permissions.ts), read for one resource area at a time. The server enforces them (403 naming the
 * role and the operation); the console shows only what they allow — the side navigation, the buttons, the columns
 * and fields. The declarations (shared/resources/access.ts: administrator-only, not the submitter) stay above roles:
 * ./access.ts asks both.
 */
export interface RoleVerdict {
  allowed: boolean;
  /**
   * The role never allows it, whatever the record: the entry or button is not drawn. `own` on someone else's record
   * is refused but drawn (disabled, saying why).
   */
  hidden: boolean;
  /** Why not, in the interface language. */
  reason?: string;
}

/** The field an engine table records its creator in (what `own` compares with the user). */
export const CREATOR_FIELD = 'createdBy';

const ALLOWED: RoleVerdict = { allowed: true, hidden: false };
const uiLanguageId = () => (currentUi() === 'en' ? 'en-US' : 'vi-VN');

/** The name of the user's role on the website, in the interface language. */
export function roleNameOn(p: UserPermissions, websiteId: number | string): string | undefined {
  const name = p.websites[String(websiteId)]?.roleName;
  return name ? name[uiLanguageId()] || name['vi-VN'] : undefined;
}

type GrantedDef = Pick<ResourceDef, 'name' | 'api' | 'scope'>;
const NO_GRANT: Grant = { list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none', actions: {}, hiddenFields: [] };
const RANK: Record<Scope, number> = { none: 0, own: 1, all: 2 };

/**
 * The grant the user works under for `def`, as the server's engine reads it (server/resources/permissions.ts `gateOf`):
 * the role on the header's website for a website's records; for records of no website (the referral team) the widest
 * of the user's roles, a field hidden only where every role reading it hides it. Undefined: nothing to refuse (an
 * administrator, an area no role grants, a server without roles).
 */
export function grantFor(p: UserPermissions | undefined, websiteId: number | string | null, def: GrantedDef): { grant: Grant; role?: string } | undefined {
  if (!p || p.isAdmin) return undefined;
  const key = grantKey(def);
  if (UNGRANTED.includes(key)) return undefined;
  if (def.scope === 'website') {
    if (websiteId === null) return undefined;
    const w = p.websites[String(websiteId)];
    return { grant: w?.grants[key] ?? NO_GRANT, role: roleNameOn(p, websiteId) };
  }
  const all = Object.keys(p.websites);
  const widest: Grant = { ...NO_GRANT, actions: {}, hiddenFields: [] };
  let hidden: Set<string> | undefined;
  for (const id of all) {
    const g = p.websites[id].grants[key] ?? NO_GRANT;
    for (const op of GRANT_OPERATIONS) if (RANK[g[op]] > RANK[widest[op]]) widest[op] = g[op];
    for (const [a, on] of Object.entries(g.actions)) if (on) widest.actions[a] = true;
    if (g.read !== 'none') hidden = hidden ? new Set(g.hiddenFields.filter((f) => hidden!.has(f))) : new Set(g.hiddenFields);
  }
  widest.hiddenFields = [...(hidden ?? [])];
  return { grant: widest, role: all.map((id) => roleNameOn(p, id)).join(', ') || undefined };
}

/** The words of an operation in a refusal ("xem danh sách", "xóa"…), or the action's name. */
const whatOf = (operation: GrantOperation | { action: string }) =>
  typeof operation === 'object' ? `"${operation.action}"` : i18next.t(`resources:role.operation.${operation}`);

function refused(role: string | undefined, what: string): RoleVerdict {
  const reason = role ? i18next.t('resources:role.refused', { role, what }) : i18next.t('resources:role.noRole', { what });
  return { allowed: false, hidden: true, reason };
}

/**
 * Whether the role allows `operation` on `def`'s records (on `record` when given: `own` reaches only what the user
 * created). Without permissions (a server without roles) nothing is refused here.
 */
export function roleVerdict(
  p: UserPermissions | undefined,
  websiteId: number | string | null,
  def: GrantedDef,
  operation: GrantOperation | { action: string },
  user?: { id: number | string } | null,
  record?: Record<string, unknown> | null,
): RoleVerdict {
  const found = grantFor(p, websiteId, def);
  if (!found) return ALLOWED;
  const { grant, role } = found;
  if (typeof operation === 'object') return grant.actions[operation.action] === true ? ALLOWED : refused(role, whatOf(operation));
  const scope = grant[operation] ?? 'none';
  if (scope === 'none') return refused(role, whatOf(operation));
  const creator = record?.[CREATOR_FIELD];
  if (scope === 'own' && user && creator !== undefined && creator !== null && String(creator) !== String(user.id)) {
    return { allowed: false, hidden: false, reason: i18next.t('resources:role.ownOnly') };
  }
  return ALLOWED;
}

/** The fields of `def` the role does not see (none for administrators or without roles). */
export function hiddenFieldsOf(p: UserPermissions | undefined, websiteId: number | string | null, def: GrantedDef): ReadonlySet<string> {
  return new Set(grantFor(p, websiteId, def)?.grant.hiddenFields ?? []);
}

export interface RolePermissions {
  permissions: UserPermissions | undefined;
  websiteId: number | string | null;
  /** The role's verdict on an operation or an action of `def` (on `record` when given). */
  can(def: GrantedDef, operation: GrantOperation | { action: string }, record?: Record<string, unknown> | null): RoleVerdict;
  /** The fields of `def` the role does not see. */
  hidden(def: GrantedDef): ReadonlySet<string>;
  /** The role's name on the header's website (undefined for administrators or without a role). */
  roleName?: string;
}

/** The signed-in user's role on the header's website. */
export function usePermissions(): RolePermissions {
  const { user } = useSession();
  const websiteId = useCurrentWebsiteId();
  const permissions = user?.permissions;
  return useMemo(
    () => ({
      permissions,
      websiteId,
      can: (def, operation, record) => roleVerdict(permissions, websiteId, def, operation, user, record),
      hidden: (def) => hiddenFieldsOf(permissions, websiteId, def),
      roleName: permissions && websiteId !== null && !permissions.isAdmin ? roleNameOn(permissions, websiteId) : undefined,
    }),
    [permissions, websiteId, user],
  );
}

/** Whether the role allows `operation` (an operation or `{ action }`) on `def` on the header's website. */
export function useCan(def: GrantedDef, operation: GrantOperation | { action: string }): boolean {
  return usePermissions().can(def, operation).allowed;
}

/** The fields of `def` the role does not see on the header's website (a stable set while nothing changes). */
export function useHiddenFields(def: GrantedDef): ReadonlySet<string> {
  const { permissions, websiteId } = usePermissions();
  return useMemo(() => hiddenFieldsOf(permissions, websiteId, def), [permissions, websiteId, def]);
}
