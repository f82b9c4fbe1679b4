import { useMemo } from 'react';
import { check, ruleOf, type AccessDecl, type AccessRule, type Actor, type Operation, type Verdict } from '../../../shared/resources/access';
import { useSession } from '../session';
import { currentUi } from './labels';

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

/** The signed-in user's access to a definition's operations (or to rules of their own, without a definition). */
export function useAccess(def?: { access?: AccessDecl } | null): Access {
  const { user } = useSession();
  const access = def?.access;
  return useMemo(
    () => ({
      user,
      can: (operation, record) => permission(ruleOf(access, operation), user, record),
      allows: (rule, record) => permission(rule, user, record),
    }),
    [access, user],
  );
}
