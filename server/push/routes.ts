// /push: device token registrations for notifications. A user registers and removes only their own.
// Each registration that changes something and each token removed is a history entry (resource `pushToken`, the
// row's id) in the write's transaction; the device token itself is not kept there (it addresses a person's device).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { iso } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { localize } from '../i18n';
import { M } from '../messages';
import { operationContext, type OwnWrite } from '../resources/index';
import { zId } from '../../shared/input';

const registration = z.object({
  userId: zId,
  isActive: z.boolean().default(true),
  token: z.string().trim().min(1).max(4096),
});
const userParam = z.object({ userId: zId });

/** What the history keeps of a registration. */
const kept = (r: { id: number; userId: number; isActive: boolean }) => ({ id: r.id, userId: r.userId, isActive: Boolean(r.isActive) });

export const pushRoutes: FastifyPluginAsync = async (app) => {
  const { engine } = app.resources;

  app.post('/UserTokens', async (request) => {
    const body = parseInput(registration, request.body);
    if (body.userId !== request.user.id) throw httpError(403, M.forbidden);
    const now = iso(app.now());
    // Through the engine, with its history entry, in one transaction.
    await engine.own(operationContext(app, request), 'pushToken', async (db) => {
      const trx = db;
      const before = await trx.selectFrom('push_tokens').select(['id', 'userId', 'isActive']).where('token', '=', body.token).executeTakeFirst();
      // One row per device token: a device that changes hands moves to its new user.
      const row = await trx
        .insertInto('push_tokens')
        .values({ userId: body.userId, token: body.token, isActive: body.isActive, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column('token').doUpdateSet({ userId: body.userId, isActive: body.isActive, updatedAt: now }))
        .returning(['id', 'userId', 'isActive'])
        .executeTakeFirstOrThrow();
      // The same registration again (each start of the console) changed nothing: the history leaves it out.
      const written: OwnWrite = before
        ? { websiteId: undefined, ids: [row.id], operation: 'update', before: { userId: before.userId, isActive: Boolean(before.isActive) }, after: kept(row) }
        : { websiteId: undefined, ids: [row.id], operation: 'create', after: kept(row) };
      return { result: undefined, written };
    });
    return { code: 1, message: localize(request, M.success), data: { userId: body.userId, token: body.token, isActive: body.isActive } };
  });

  app.delete('/UserTokens/user/:userId', async (request) => {
    const { userId } = parseInput(userParam, request.params);
    if (userId !== request.user.id) throw httpError(403, M.forbidden);
    const removed = await engine.own(operationContext(app, request), 'pushToken', async (db) => {
      const trx = db;
      const rows = await trx.selectFrom('push_tokens').select(['id', 'userId', 'isActive']).where('userId', '=', userId).execute();
      if (rows.length) await trx.deleteFrom('push_tokens').where('id', 'in', rows.map((r) => r.id)).execute();
      return { result: rows.length, written: rows.map((r): OwnWrite => ({ websiteId: undefined, ids: [r.id], operation: 'delete', before: kept(r) })) };
    });
    return { code: 1, message: localize(request, M.deleted), data: { removed } };
  });
};
