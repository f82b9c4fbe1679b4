import { useMemo } from 'react';
import { grantKey, hiddenFields, mayAct, scopeOf, type GrantOperation, type UserPermissions } from '../../../shared/permissions';
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

function refused(p: UserPermissions, websiteId: number | string, what: string, hidden = true): RoleVerdict {
  const role = roleNameOn(p, websiteId);
  const reason = role ? i18next.t('resources:role.refused', { role, what }) : i18next.t('resources:role.noRole', { what });
  return { allowed: false, hidden, reason };
}

/** The words of an operation in a refusal ("xem danh sách", "xóa"…), or the action's name. */
const whatOf = (operation: GrantOperation | { action: string }) =>
  typeof operation === 'object' ? operation.action : i18next.t(`resources:role.operation.${operation}`);

/**
 * Whether the role allows `operation` on `def`'s records (on `record` when given: `own` reaches only what the user
 * created). Without permissions (a server without roles) or a website, nothing is refused here.
 */
export function roleVerdict(
  p: UserPermissions | undefined,
  websiteId: number | string | null,
  def: Pick<ResourceDef, 'name' | 'api'>,
  operation: GrantOperation | { action: string },
  user?: { id: number | string } | null,
  record?: Record<string, unknown> | null,
): RoleVerdict {
  if (!p || p.isAdmin || websiteId === null) return ALLOWED;
  const key = grantKey(def);
  if (typeof operation === 'object') return mayAct(p, websiteId, key, operation.action) ? ALLOWED : refused(p, websiteId, whatOf(operation));
  const scope = scopeOf(p, websiteId, key, operation);
  if (scope === 'none') return refused(p, websiteId, whatOf(operation));
  if (scope === 'own' && record && user && record[CREATOR_FIELD] !== undefined && record[CREATOR_FIELD] !== null && String(record[CREATOR_FIELD]) !== String(user.id)) {
    return { allowed: false, hidden: false, reason: i18next.t('resources:role.ownOnly') };
  }
  return ALLOWED;
}

/** The fields of `def` the role does not see on the website (none for administrators or without roles). */
export function hiddenFieldsOf(p: UserPermissions | undefined, websiteId: number | string | null, def: Pick<ResourceDef, 'name' | 'api'>): ReadonlySet<string> {
  if (!p || websiteId === null) return new Set();
  return new Set(hiddenFields(p, websiteId, grantKey(def)));
}

export interface RolePermissions {
  permissions: UserPermissions | undefined;
  websiteId: number | string | null;
  /** The role's verdict on an operation or an action of `def` (on `record` when given). */
  can(def: Pick<ResourceDef, 'name' | 'api'>, operation: GrantOperation | { action: string }, record?: Record<string, unknown> | null): RoleVerdict;
  /** The fields of `def` the role does not see. */
  hidden(def: Pick<ResourceDef, 'name' | 'api'>): ReadonlySet<string>;
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
export function useCan(def: Pick<ResourceDef, 'name' | 'api'>, operation: GrantOperation | { action: string }): boolean {
  return usePermissions().can(def, operation).allowed;
}

/** The fields of `def` the role does not see on the header's website (a stable set while nothing changes). */
export function useHiddenFields(def: Pick<ResourceDef, 'name' | 'api'>): ReadonlySet<string> {
  const { permissions, websiteId } = usePermissions();
  return useMemo(() => hiddenFieldsOf(permissions, websiteId, def), [permissions, websiteId, def]);
}
