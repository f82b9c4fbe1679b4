import { useMemo } from 'react';
import { check, ruleOf, type AccessDecl, type AccessRule, type Actor, type Operation, type Verdict } from '../../../shared/resources/access';
import type { ResourceDef } from '../../../shared/resources/define';
import { useSession } from '../session';
import { currentUi } from './labels';
import { usePermissions, type RoleVerdict } from './permissions';

/**
 * "May this user do this" in the console: the definition's access (shared/resources/access.ts, the rules the server
 * enforces) read with the signed-in user, turned into what a button does — drawn, disabled saying why, or not drawn.
 */
export interface Permission {
  allowed: boolean;
  /** Why not, in the interface language (the disabled button's tooltip). */
  reason?: string;
  /**
   * The user could never do it, whatever the record (their role, no review permission): the button is not drawn.
   * A refusal that depends on the record (their own submission) leaves it drawn, disabled, saying why.
   */
  hidden: boolean;
}

/** What a verdict means for a button. */
export function permissionOf(verdict: Verdict): Permission {
  if (verdict.allowed) return { allowed: true, hidden: false };
  return { allowed: false, reason: verdict.reason[currentUi()], hidden: verdict.requirement !== 'notSubmitter' };
}

/** Whether `user` may act under `rule` on `record`, as a button shows it. */
export const permission = (rule: AccessRule | undefined, user: Actor | null | undefined, record?: Record<string, unknown> | null): Permission =>
  permissionOf(check(rule, user, record));

export interface Access {
  /** An operation (list, read, create, update, delete) or an action by name, on a record when the rule looks at it. */
  can(operation: Operation | { action: string }, record?: Record<string, unknown> | null): Permission;
  /** A rule of its own (a screen's, a field's), for the same user. */
  allows(rule: AccessRule | undefined, record?: Record<string, unknown> | null): Permission;
  user: Actor | null;
}

/**
 * Both answers for one button: the declaration's (above roles: administrator-only, not the submitter) and the role's
 * (./permissions.ts). Not drawn when either never allows it; otherwise disabled with the first reason that applies.
 */
export function bothAllow(declared: Permission, role: RoleVerdict): Permission {
  if (declared.hidden) return declared;
  if (!role.allowed && role.hidden) return { allowed: false, hidden: true, reason: role.reason };
  if (!declared.allowed) return declared;
  if (!role.allowed) return { allowed: false, hidden: false, reason: role.reason };
  return declared;
}

/**
 * The signed-in user's access to a definition's operations (or to rules of their own, without a definition): what
 * the definition declares and, for a definition, what the user's role on the header's website grants.
 */
export function useAccess(def?: (Pick<ResourceDef, 'name' | 'api' | 'scope'> & { access?: AccessDecl }) | null): Access {
  const { user } = useSession();
  const role = usePermissions();
  const access = def?.access;
  return useMemo(
    () => ({
      user,
      can: (operation, record) => {
        const declared = permission(ruleOf(access, operation), user, record);
        return def ? bothAllow(declared, role.can(def, operation, record)) : declared;
      },
      allows: (rule, record) => permission(rule, user, record),
    }),
    [access, user, def, role],
  );
}
