// /push: device token registrations for notifications. A user registers and removes only their own.
// Each registration that changes something and each token removed is a history entry (resource `pushToken`, the
// row's id) in the write's transaction; the device token itself is not kept there (it addresses a person's device).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { iso } from '../db/dialect';
import type { Database } from '../db/schema';
import { httpError, parseInput } from '../errors';
import { localize } from '../i18n';
import { M } from '../messages';
import type { WriteOperation } from '../resources/index';
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
  const told = (trx: Kysely<Database>, request: FastifyRequest, id: number, operation: WriteOperation, before?: object, after?: object) =>
    app.writes.tell(trx, { websiteId: undefined, resource: 'pushToken', ids: [id], operation, request, before: before && { ...before }, after: after && { ...after } });

  app.post('/UserTokens', async (request) => {
    const body = parseInput(registration, request.body);
    if (body.userId !== request.user.id) throw httpError(403, M.forbidden);
    const now = iso(app.now());
    await app.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('push_tokens').select(['id', 'userId', 'isActive']).where('token', '=', body.token).executeTakeFirst();
      // One row per device token: a device that changes hands moves to its new user.
      const row = await trx
        .insertInto('push_tokens')
        .values({ userId: body.userId, token: body.token, isActive: body.isActive, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column('token').doUpdateSet({ userId: body.userId, isActive: body.isActive, updatedAt: now }))
        .returning(['id', 'userId', 'isActive'])
        .executeTakeFirstOrThrow();
      // The same registration again (each start of the console) changed nothing: the history leaves it out.
      if (!before) await told(trx, request, row.id, 'create', undefined, kept(row));
      else await told(trx, request, row.id, 'update', { userId: before.userId, isActive: Boolean(before.isActive) }, kept(row));
    });
    return { code: 1, message: localize(request, M.success), data: { userId: body.userId, token: body.token, isActive: body.isActive } };
  });

  app.delete('/UserTokens/user/:userId', async (request) => {
    const { userId } = parseInput(userParam, request.params);
    if (userId !== request.user.id) throw httpError(403, M.forbidden);
    const removed = await app.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('push_tokens').select(['id', 'userId', 'isActive']).where('userId', '=', userId).execute();
      if (rows.length) await trx.deleteFrom('push_tokens').where('id', 'in', rows.map((r) => r.id)).execute();
      for (const r of rows) await told(trx, request, r.id, 'delete', kept(r));
      return rows.length;
    });
    return { code: 1, message: localize(request, M.deleted), data: { removed } };
  });
};
