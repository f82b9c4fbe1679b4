// A list read on PostgreSQL in one round trip: the session checked by the page's own statement.
//
// The bearer guard looks the session up on every request, with the database's change number, before the route runs
// (server/auth/guard.ts): on PostgreSQL that is a round trip of its own, and then the list's page is another. A list read
// (GET on an engine list route, which opts in with `config.sessionInPage`) by a token whose session an earlier lookup
// found live starts instead from that lookup (TokenService.knownSession): its user, and its change number as the
// number the request expects. The page's statement then also
//  - checks that the session is still live (its family not revoked, unexpired, its user active), as the lookup does,
//    in a condition of the statement: a dead session reads no row;
//  - reads the change number, in the same statement (the same snapshot as the rows).
// When it answers rows under the expected number, the session was live at that moment and nothing counted was written
// since the earlier lookup (a user's role, name or deactivation is a counted write: server/db/changes.ts), so the user,
// the scope checks and the totals kept under that number, and the rows, are all as of that number: the answer goes.
// Anything else — no row (an empty page, or a dead session), another number, no page statement at all (a kept page, a
// list without pages), an error — and the request looks the session up as the guard does (`confirmSession`): refused
// (401) when it is no longer live, and read again under the number just read when that has moved on. A signed-out or
// deactivated session is refused on its next request, on every instance: the check is in the database, every time.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { changeNumberColumn } from '../db/changes';
import { iso } from '../db/dialect';
import { httpError } from '../errors';
import { M } from '../messages';
import type { AnyQuery, PageCheck } from './engine';
import { isExportRead } from './personal-reads';
import type { Row } from './records';

declare module 'fastify' {
  interface FastifyRequest {
    /** A session taken from its last lookup, not yet checked for this request (./session-check.ts). */
    unconfirmed?: { token: string; changes: string; confirmed?: string };
  }
  interface FastifyContextConfig {
    /** An engine list read (GET) whose page statement may check the session (./session-check.ts). */
    sessionInPage?: boolean;
  }
}

/** The column the page's statement reads the change number into (taken off the rows again). */
const CHANGES = '__changes';
/** Placeholders of the per-request values in the statement kept compiled: the session id and the time. */
const SESSION_ID = Symbol('session id');
const NOW = Symbol('now');

/**
 * The guard's shortcut: a list read with a known session (see above) proceeds as that session, unconfirmed. Answers
 * whether it did (else the guard looks the session up).
 */
export function startUnconfirmed(request: FastifyRequest, reply: FastifyReply, token: string): boolean {
  if (request.method !== 'GET' || request.routeOptions.config?.sessionInPage !== true || isExportRead(request)) return false;
  const known = request.server.tokens.knownSession(token);
  if (!known) return false;
  request.user = known.user;
  request.changes = known.changes;
  request.unconfirmed = { token, changes: known.changes };
  reply.header('X-Changes', known.changes);
  return true;
}

/** What the page's statement adds for an unconfirmed request (ResourceEngine `pageRows`), else undefined. */
export function pageCheckOf(request: FastifyRequest): PageCheck | undefined {
  const pending = request.unconfirmed;
  if (!pending) return undefined;
  return {
    key: 'session',
    extend: (q: AnyQuery) =>
      q
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('token_families as f')
              .innerJoin('users as u', 'u.id', 'f.userId')
              .select(sql<number>`1`.as('live'))
              .where('f.id', '=', SESSION_ID as unknown as string)
              .where('f.revokedAt', 'is', null)
              .where('u.isActive', '=', true)
              .where('f.expiresAt', '>', NOW as unknown as string),
          ),
        )
        .select(changeNumberColumn().as(CHANGES)),
    bind: (parameters) => parameters.map((p) => (p === SESSION_ID ? request.user.sessionId : p === NOW ? iso(request.server.now()) : p)),
    read: (rows: Row[]) => {
      if (!rows.length) return;
      pending.confirmed = String(rows[0][CHANGES]);
      // Set aside, not deleted (a deleted property turns a row into a slow dictionary object); JSON leaves it out.
      for (const row of rows) row[CHANGES] = undefined;
    },
  };
}

/**
 * Runs `read` for a request, and, when its session is unconfirmed, answers only once it is confirmed (see above): by
 * the page's statement, else by a lookup now — 401 when the session is no longer live; `read` again under the newer
 * change number when it has moved on since the known session's.
 */
export async function confirmedRead<T>(request: FastifyRequest, reply: FastifyReply, read: () => Promise<T>): Promise<T> {
  const pending = request.unconfirmed;
  if (!pending) return read();
  let answer: T | undefined;
  let failure: unknown;
  let failed = false;
  try {
    answer = await read();
  } catch (err) {
    failed = true;
    failure = err;
  }
  request.unconfirmed = undefined;
  if (pending.confirmed !== pending.changes) {
    const session = await request.server.tokens.verifySession(pending.token);
    if (!session) {
      reply.removeHeader('content-encoding').removeHeader('vary').removeHeader('X-Changes');
      throw httpError(401, M.unauthorized, {}, { 'WWW-Authenticate': 'Bearer' });
    }
    request.user = session.user;
    request.changes = session.changes;
    reply.header('X-Changes', session.changes);
    if (session.changes !== pending.changes) {
      // Written meanwhile: what was read under the older number does not go out.
      reply.removeHeader('content-encoding').removeHeader('vary');
      return read();
    }
  }
  if (failed) throw failure;
  return answer as T;
}
