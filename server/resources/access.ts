// Who may work on which website, and reading ids from paths.
//
// Rule (docs/api.md "Resources"): a user works on a website only as its staff (`website_users`). Anything
// under a website the user is not staff of answers 403; a website id that does not exist answers 404. The
// creator of a website becomes its staff, and a website never loses its last staff member.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FALLBACK_LANGUAGE } from '../../shared/resources/define';
import { check, type AccessRule } from '../../shared/resources/access';
import type { LanguageRef } from '../../shared/resources/validate';
import { toId } from '../../shared/input';
import { keptAt } from '../db/changes';
import type { Database } from '../db/schema';
import { httpError } from '../errors';
import { M } from '../messages';

/** A path, query or body id: a positive whole number that fits an integer column (shared/input.ts), else 400 naming it. */
export function parseId(raw: unknown, name = 'id'): number {
  const id = toId(raw);
  if (id === undefined) throw httpError(400, M.badId(name), { field: name });
  return id;
}

/**
 * The one server gate for a declared rule (shared/resources/access.ts): the engine calls it for every operation and
 * action of a definition, hand-written routes with their definition's rule (`ruleOf(def.access, 'create')`). Call it
 * after the scope check (requireWebsite) and before reading the record; a rule that looks at the record
 * (`notSubmitter`) is checked again with it once read. 403 with the rule's reason (401 without a user).
 */
export function enforce(request: FastifyRequest, rule: AccessRule | undefined, record?: { submittedBy?: unknown } | null): void {
  // Reviewing is a role's grant of the review actions (./permissions.ts, checked by the engine's routes and moves), no
  // longer a flag of the account: `reviewer` holds here, the role decides.
  const verdict = check(rule, request.user && { ...request.user, canReview: true }, record);
  if (!verdict.allowed) throw httpError(verdict.requirement === 'member' ? 401 : 403, verdict.reason);
}

/** A request that changes nothing (what it reads may be kept per change number: server/db/changes.ts). */
export const readOnly = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * 404 when the website does not exist, 403 when the signed-in user is not its staff. A read-only request outside a
 * transaction takes the answer kept for its change number (websites and their staff are counted tables: a change
 * of either moves the number on), so paging through a list does not ask again on every page.
 */
export async function requireWebsite(db: Kysely<Database>, request: FastifyRequest, rawId: unknown): Promise<number> {
  const websiteId = parseId(rawId, 'website');
  const kept = request.changes && readOnly(request) && !db.isTransaction ? keptAt(db, request.changes, 'staff') : undefined;
  const key = `${request.user.id}:${websiteId}`;
  let row = kept?.get(key) as { userId: number | null } | null | undefined;
  if (row === undefined) {
    row = (await staffRow(db, request.user.id, websiteId)) ?? null;
    kept?.set(key, row);
  }
  if (!row) throw httpError(404, M.websiteNotFound);
  if (row.userId === null || row.userId === undefined) throw httpError(403, M.notStaff);
  return websiteId;
}

/** The website and, when the user is its staff, the user's id. */
function staffRow(db: Kysely<Database>, userId: number, websiteId: number) {
  return db
    .selectFrom('websites as w')
    .leftJoin('website_users as u', (j) => j.onRef('u.websiteId', '=', 'w.id').on('u.userId', '=', userId))
    .select(['w.id', 'u.userId'])
    .where('w.id', '=', websiteId)
    .executeTakeFirst();
}

/**
 * The languages a website's per-language fields must be filled in: its active languages and its default one even
 * when inactive (the public sites fall back to its text, so a required text is never missing there), default first
 * (all of them if none is active), or vi-VN when it has none yet (spec part 2, section 9).
 */
export async function websiteLanguages(db: Kysely<Database>, websiteId: number | undefined): Promise<LanguageRef[]> {
  const rows =
    websiteId === undefined
      ? []
      : await db
          .selectFrom('website_languages as wl')
          .innerJoin('languages as l', 'l.id', 'wl.languageId')
          .select(['wl.languageId', 'l.name', 'wl.isActive', 'wl.isDefault'])
          .where('wl.websiteId', '=', websiteId)
          .orderBy('wl.isDefault', 'desc')
          .orderBy('l.sortOrder')
          .execute();
  const active = rows.filter((r) => r.isActive || r.isDefault);
  const chosen = active.length ? active : rows;
  if (chosen.length) return chosen.map((r) => ({ languageId: r.languageId, name: r.name }));
  const fallback = await db.selectFrom('languages').select('name').where('id', '=', FALLBACK_LANGUAGE).executeTakeFirst();
  return [{ languageId: FALLBACK_LANGUAGE, name: fallback?.name ?? 'Tiếng Việt' }];
}
