// /push: device token registrations for notifications. A user registers and removes only their own.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { iso } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { localize } from '../i18n';
import { M } from '../messages';
import { zId } from '../../shared/input';

const registration = z.object({
  userId: zId,
  isActive: z.boolean().default(true),
  token: z.string().trim().min(1).max(4096),
});
const userParam = z.object({ userId: zId });

export const pushRoutes: FastifyPluginAsync = async (app) => {
  app.post('/UserTokens', async (request) => {
    const body = parseInput(registration, request.body);
    if (body.userId !== request.user.id) throw httpError(403, M.forbidden);
    const now = iso(app.now());
    // One row per device token: a device that changes hands moves to its new user.
    await app.db
      .insertInto('push_tokens')
      .values({ userId: body.userId, token: body.token, isActive: body.isActive, createdAt: now, updatedAt: now })
      .onConflict((oc) =>
        oc.column('token').doUpdateSet({ userId: body.userId, isActive: body.isActive, updatedAt: now }),
      )
      .execute();
    return { code: 1, message: localize(request, M.success), data: { userId: body.userId, token: body.token, isActive: body.isActive } };
  });

  app.delete('/UserTokens/user/:userId', async (request) => {
    const { userId } = parseInput(userParam, request.params);
    if (userId !== request.user.id) throw httpError(403, M.forbidden);
    const result = await app.db.deleteFrom('push_tokens').where('userId', '=', userId).executeTakeFirst();
    return { code: 1, message: localize(request, M.deleted), data: { removed: Number(result.numDeletedRows) } };
  });
};
