/**
 * Who may do what, declared in a resource's definition (Payload's collection `access`, refine's
 * `accessControlProvider`): the one place that answers "may this user do this", on both sides. The server's engine
 * enforces it before anything else (scope first, then access, then the record: 403 with the rule's reason); the
 * console reads the same declaration to show, disable (with the reason) or hide each button.
 *
 * A rule is a list of requirements that must all hold. Website membership is the engine's scope: a website-scoped
 * resource is reached only by the website's staff (server/resources/access.ts `requireWebsite`), so `member` is
 * implied there; for an organisation-scoped resource (the referral team) every signed-in user is a member.
 *
 * Runtime-free: read by the server and the console.
 */
import { l, type Label } from './define';
import { isAdmin, type Role } from '../roles';

export type Requirement =
  /** Anyone, signed in or not (the public delivery API reads it). A rule with `public` needs nothing else. */
  | 'public'
  /** Any signed-in user who is staff of the record's website (the default). */
  | 'member'
  /** An administrator (shared/roles.ts). */
  | 'admin'
  /** The review permission (`canReview`). */
  | 'reviewer'
  /** Not the user who submitted the record (`submittedBy`): a second pair of eyes. */
  | 'notSubmitter';

export type AccessRule = readonly Requirement[];

export type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';

/**
 * Per operation, and per action by name; an operation left out is open to members (`read` follows `list`), so a rule
 * is written where it applies. Status moves carry their own `who` (./machine.ts).
 */
export interface AccessDecl {
  list?: AccessRule;
  read?: AccessRule;
  create?: AccessRule;
  update?: AccessRule;
  delete?: AccessRule;
  /** Actions of the resource beyond the five (`api.actions`, machine moves have their own `who`). */
  actions?: Record<string, AccessRule>;
}

/** What the rules look at about the user (the session's user on the server, the signed-in user in the console). */
export interface Actor {
  id: number | string;
  role?: Role;
  canReview?: boolean;
}

export const MEMBERS: AccessRule = ['member'];
export const ADMINS: AccessRule = ['member', 'admin'];
export const REVIEWERS: AccessRule = ['member', 'reviewer', 'notSubmitter'];
export const PUBLIC: AccessRule = ['public'];

/** Why a rule refuses, in both interface languages (the server's 403 Message, the console's disabled-button tip). */
export const ACCESS_REASONS: Record<Exclude<Requirement, 'public' | 'member'>, Label> = {
  admin: l('Chỉ quản trị viên được thực hiện thao tác này', 'Only an administrator can do this'),
  reviewer: l('Bạn không có quyền duyệt', 'You are not allowed to review'),
  notSubmitter: l('Không thể tự duyệt nội dung do chính mình gửi duyệt', 'You cannot decide on what you submitted yourself'),
};

export const SIGN_IN_REQUIRED: Label = l('Bạn cần đăng nhập', 'You need to sign in');

export type Verdict = { allowed: true } | { allowed: false; requirement: Requirement; reason: Label };

/**
 * Whether `user` may act under `rule` on `record` (when the rule looks at the record: `notSubmitter`). Membership
 * is the caller's scope (see above): here it only needs a user. `notSubmitter` holds when there is no record yet.
 */
export function check(rule: AccessRule | undefined, user: Actor | null | undefined, record?: { submittedBy?: unknown } | null): Verdict {
  const effective = rule ?? MEMBERS;
  if (effective.includes('public')) return { allowed: true };
  if (!user) return { allowed: false, requirement: 'member', reason: SIGN_IN_REQUIRED };
  for (const requirement of effective) {
    if (requirement === 'admin' && !isAdmin(user)) return { allowed: false, requirement, reason: ACCESS_REASONS.admin };
    if (requirement === 'reviewer' && !user.canReview) return { allowed: false, requirement, reason: ACCESS_REASONS.reviewer };
    if (requirement === 'notSubmitter' && record && record.submittedBy !== undefined && record.submittedBy !== null && String(record.submittedBy) === String(user.id)) {
      return { allowed: false, requirement, reason: ACCESS_REASONS.notSubmitter };
    }
  }
  return { allowed: true };
}

/** The rule of an operation or of a named action in a declaration (members when it says nothing). */
export function ruleOf(access: AccessDecl | undefined, operation: Operation | { action: string }): AccessRule {
  if (typeof operation === 'object') return access?.actions?.[operation.action] ?? MEMBERS;
  if (operation === 'read') return access?.read ?? access?.list ?? MEMBERS;
  return access?.[operation] ?? MEMBERS;
}

/** Whether the rule lets the public in (the delivery API serves only what says so). */
export const isPublic = (rule: AccessRule | undefined): boolean => Boolean(rule?.includes('public'));
