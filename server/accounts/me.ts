// Your own account (docs/api.md "Your own account"): the password and the sessions of the signed-in user.
//   PUT    /api/Me/password       { currentPassword, newPassword }: the policy; ends the OTHER sessions, keeps this one
//   GET    /api/Me/sessions       the live sessions: [{ id, createdAt, lastUsedAt, clientAddress, userAgent, current }]
//   DELETE /api/Me/sessions/{id}  ends one of your own sessions (another's, or one already ended: 404)
//   DELETE /api/Me/sessions       signs out everywhere else
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { iso } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { hookContext } from '../resources/index';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { checkPassword } from './password-policy';
import { l } from '../../shared/resources/define';

const NEW_PASSWORD = l('Mật khẩu mới', 'New password');
const passwordBody = z.object({ currentPassword: z.unknown().optional(), newPassword: z.unknown().optional() });

export const meRoutes: FastifyPluginAsync = async (app) => {
  app.put('/Me/password', async (request) => {
    const body = parseInput(passwordBody, request.body ?? {});
    const me = request.user;
    // A guess of the current password is a sign-in attempt of the account (its throttle, server/auth/throttle.ts): a
    // stolen access token cannot be used to try passwords faster than the sign-in form allows.
    const attempt = await app.throttle.reserve(me.userName.toLowerCase(), request.ip ?? null);
    if ('wait' in attempt) throw httpError(429, M.throttled(Math.ceil(attempt.wait / 60)), { field: 'currentPassword' }, { 'Retry-After': String(attempt.wait) });
    const account = await app.db.selectFrom('users').select(['passwordHash']).where('id', '=', me.id).executeTakeFirstOrThrow();
    if (typeof body.currentPassword !== 'string' || !(await verifyPassword(account.passwordHash, body.currentPassword))) {
      throw httpError(400, M.currentPasswordWrong, { field: 'currentPassword' });
    }
    await app.throttle.succeeded(attempt.id);
    const passwordHash = await hashPassword(checkPassword(body.newPassword, me.userName, 'newPassword', NEW_PASSWORD));
    const ctx = hookContext(app, request, { keys: {} });
    await app.db.transaction().execute(async (trx) => {
      await app.resources.engine.own({ ...ctx, db: trx }, 'user', async (db) => {
        await db.updateTable('users').set({ passwordHash, updatedAt: iso(app.now()) }).where('id', '=', me.id).execute();
        return { result: undefined, written: { websiteId: undefined, ids: [me.id], operation: 'action', action: 'passwordChanged' } };
      });
      // Whoever knew the old password is signed out everywhere but here.
      await app.tokens.endSessions(me.id, { except: me.sessionId, reason: 'password changed', action: 'sessionsEnded', request, trx });
    });
    return ok(request, M.passwordChanged);
  });

  app.get('/Me/sessions', async (request) => {
    const rows = await app.db
      .selectFrom('token_families')
      .select(['id', 'createdAt', 'lastUsedAt', 'clientAddress', 'userAgent'])
      .where('userId', '=', request.user.id)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', iso(app.now()))
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, lastUsedAt: r.lastUsedAt ?? r.createdAt, current: r.id === request.user.sessionId }));
  });

  app.delete<{ Params: { id: string } }>('/Me/sessions/:id', async (request) => {
    const { id } = request.params;
    // Only your own, and only a live one: anything else does not exist for you.
    const session = await app.db
      .selectFrom('token_families')
      .select('id')
      .where('id', '=', id.slice(0, 100))
      .where('userId', '=', request.user.id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    if (!session) throw httpError(404, M.sessionNotFound);
    await app.tokens.revokeFamily(session.id, 'ended by its user', { action: 'sessionEnded', request });
    return ok(request, M.sessionsEnded(1), { ended: 1 });
  });

  app.delete('/Me/sessions', async (request) => {
    const ended = await app.tokens.endSessions(request.user.id, { except: request.user.sessionId, reason: 'signed out everywhere else', action: 'sessionsEnded', request });
    return ok(request, M.sessionsEnded(ended.length), { ended: ended.length });
  });
};
