// The bearer guard. Route modules registered with `auth: 'bearer'` in server/routes.ts get it as
// an onRequest hook, so their handlers can rely on `request.user`. A module that mixes public and
// protected routes can add `{ onRequest: app.requireUser }` to single routes instead.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../errors';
import { M } from '../messages';
import { startUnconfirmed } from '../resources/session-check';

/**
 * REQUIRE_2FA_FOR_ADMINS=1: what an administrator without the second factor may still call — enrolling, and the
 * settings the console reads to know it must (`mustEnrol` in GET /core/AppSettings). Everything else answers 403
 * `mfa_enrol_required` until the second factor is on (the next request after `enable` goes through: the session
 * lookup reads users.totpEnabledAt every time).
 */
const ENROLMENT = /^\/(api\/me\/2fa\/(setup|enable)|core\/appsettings)(\?|\/?$)/i;

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  // A list read on PostgreSQL by a session found live before: its page's statement checks it (server/resources/session-check.ts).
  if (!(match && request.server.dialect === 'postgres' && startUnconfirmed(request, reply, match[1]))) {
    const session = match ? await request.server.tokens.verifySession(match[1]) : null;
    if (!session) throw httpError(401, M.unauthorized, {}, { 'WWW-Authenticate': 'Bearer' });
    request.user = session.user;
    request.changes = session.changes;
    // The database's change number as the request began (server/db/changes.ts): what the answer reflects at least. The
    // console's query cache drops what it read under an older number (renderer/src/resources/queries.ts).
    reply.header('X-Changes', String(session.changes));
  }
  if (mustEnrol(request) && !ENROLMENT.test(request.url)) {
    throw httpError(403, M.twoFactorEnrolFirst, { error: 'mfa_enrol_required' });
  }
}

/** The signed-in user is an administrator who must turn the second factor on first (REQUIRE_2FA_FOR_ADMINS). */
export function mustEnrol(request: FastifyRequest): boolean {
  return Boolean(request.server.moduleOptions.auth?.requireTwoFactorForAdmins && request.user?.role === 'admin' && !request.user.twoFactor);
}
