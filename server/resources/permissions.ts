// Roles as data on the server (shared/permissions.ts; docs/api.md "Roles"): the signed-in user's roles per website,
// read once per request and kept per change number (server/db/changes.ts: `roles` and `website_users` are counted
// tables, so a change of a role or of a membership moves the number on and the user's next request reads it afresh),
// and the engine's gates over them: 403 naming the role and the operation, `own` as the creator's rows, hidden fields.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { grantKey, UNGRANTED, type Grant, type GrantOperation, type Scope as GrantScope, type UserPermissions, type WebsitePermission } from '../../shared/permissions';
import type { ResourceDef } from '../../shared/resources/define';
import { keptAt } from '../db/changes';
import type { Database } from '../db/schema';
import { httpError } from '../errors';
import { M } from '../messages';
import { readOnly } from './access';
import type { Scope } from './engine';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user's permissions as this request read them (`permissionsOf`). */
    permissions?: UserPermissions;
  }
}

/** The user's roles on every website they are staff of (an administrator: every operation allowed). */
export async function loadPermissions(db: Kysely<Database>, user: { id: number; role?: string }): Promise<UserPermissions> {
  const rows = await db
    .selectFrom('website_users as wu')
    .innerJoin('roles as r', 'r.id', 'wu.roleId')
    .select(['wu.websiteId', 'r.id', 'r.name', 'r.grants'])
    .where('wu.userId', '=', user.id)
    .execute();
  const websites: Record<string, WebsitePermission> = {};
  for (const r of rows) websites[String(r.websiteId)] = { roleId: r.id, roleName: JSON.parse(r.name), grants: JSON.parse(r.grants) };
  return { isAdmin: user.role === 'admin', websites };
}

/**
 * The request's user's permissions, read once per request; a read-only request outside a transaction takes them as
 * kept for its change number.
 */
export async function permissionsOf(db: Kysely<Database>, request: FastifyRequest): Promise<UserPermissions> {
  if (request.permissions) return request.permissions;
  const kept = request.changes && readOnly(request) && !db.isTransaction ? keptAt(db, request.changes, 'permissions') : undefined;
  const key = String(request.user.id);
  let found = kept?.get(key) as UserPermissions | undefined;
  if (!found) {
    found = await loadPermissions(db, request.user);
    kept?.set(key, found);
  }
  // The role (not the administrator flag) is what is kept: the flag is the session's, read with it.
  request.permissions = { ...found, isAdmin: request.user.role === 'admin' };
  return request.permissions;
}

/** What the engine enforces for one request on one definition: the role's grant, or nothing (all allowed). */
export interface Gate {
  /** The role's name as the 403 says it ({vi, en}). */
  role: { vi: string; en: string };
  grant: Grant;
  /** The definition the grant is for (an action's words in the 403: its move's label). */
  def: ResourceDef;
}

const rank: Record<GrantScope, number> = { none: 0, own: 1, all: 2 };

/**
 * The grant a request works under for `def` in `scope`: the role on the scope's website; for a resource of no website
 * (the referral team, the hospital's lists) the widest of the user's roles. Undefined: nothing to enforce (an
 * administrator, the websites and roles themselves, a definition without a grant key, a request without a user).
 */
export async function gateOf(db: Kysely<Database>, request: FastifyRequest, def: ResourceDef, scope: Scope): Promise<Gate | undefined> {
  if (!request.user || request.user.role === 'admin') return undefined;
  const key = grantKey(def);
  if (UNGRANTED.includes(key)) return undefined;
  const p = await permissionsOf(db, request);
  const none = { vi: '—', en: '—' };
  if (scope.websiteId !== undefined) {
    const w = p.websites[String(scope.websiteId)];
    if (!w) return { role: none, grant: NO_GRANT, def };
    return { role: { vi: w.roleName['vi-VN'], en: w.roleName['en-US'] }, grant: w.grants[key] ?? NO_GRANT, def };
  }
  const all = Object.values(p.websites);
  if (!all.length) return { role: none, grant: NO_GRANT, def };
  const widest: Grant = { ...NO_GRANT, actions: {}, hiddenFields: [] };
  let hidden: Set<string> | undefined;
  for (const w of all) {
    const g = w.grants[key] ?? NO_GRANT;
    for (const op of OPS) if (rank[g[op]] > rank[widest[op]]) widest[op] = g[op];
    for (const [a, on] of Object.entries(g.actions)) if (on) widest.actions[a] = true;
    // Hidden only where hidden in every role that reads it.
    if (g.read !== 'none') hidden = hidden ? new Set(g.hiddenFields.filter((f) => hidden!.has(f))) : new Set(g.hiddenFields);
  }
  widest.hiddenFields = [...(hidden ?? [])];
  const names = all.map((w) => w.roleName);
  return { role: { vi: names.map((n) => n['vi-VN']).join(', '), en: names.map((n) => n['en-US']).join(', ') }, grant: widest, def };
}

const OPS: readonly GrantOperation[] = ['list', 'read', 'create', 'update', 'delete'];
const NO_GRANT: Grant = { list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none', actions: {}, hiddenFields: [] };

/** The scope the gate gives `op` (all without a gate); 403 naming the role and the operation when none. */
export function requireOperation(gate: Gate | undefined, op: GrantOperation): GrantScope {
  if (!gate) return 'all';
  const scope = gate.grant[op] ?? 'none';
  if (scope === 'none') throw httpError(403, M.roleRefuses(gate.role, OPERATION_WORDS[op]));
  return scope;
}

/** 403 naming the role and the action unless the gate allows it. */
export function requireAction(gate: Gate | undefined, action: string): void {
  if (!gate || gate.grant.actions[action] === true) return;
  // A move by its button's words ("Duyệt" / "Approve"), another action by its name.
  const move = (gate.def.machines ?? []).flatMap((m) => m.moves).find((m) => m.name === action);
  const words = move ? move.label : { vi: action, en: action };
  throw httpError(403, M.roleRefuses(gate.role, { vi: `"${words.vi}"`, en: `"${words.en}"` }));
}

const OPERATION_WORDS: Record<GrantOperation, { vi: string; en: string }> = {
  list: { vi: 'xem danh sách', en: 'list' },
  read: { vi: 'xem chi tiết', en: 'read' },
  create: { vi: 'thêm mới', en: 'create' },
  update: { vi: 'cập nhật', en: 'update' },
  delete: { vi: 'xoá', en: 'delete' },
};

/** The fields the gate hides (none without one). */
export const hiddenOf = (gate: Gate | undefined): string[] => gate?.grant.hiddenFields ?? [];

/** A wire record without the hidden fields (and their per-language and alt forms). */
export function withoutHidden<T extends Record<string, unknown>>(row: T, hidden: readonly string[]): T {
  if (!hidden.length || !row || typeof row !== 'object') return row;
  const out: Record<string, unknown> = { ...row };
  for (const f of hidden) delete out[f];
  return out as T;
}

/** The column every engine table records its creator in (./schema.ts; null for rows written before it). */
export const CREATED_BY = 'createdBy';
