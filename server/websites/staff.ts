// /api/Websites/user/…: the staff of a website (who may work on it). A website never loses its last
// staff member, so it can't become unreachable: a removal locks the website's row before counting, so two removals
// at once are counted one after the other.
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { iso, lockRow } from '../db/dialect';
import type { Database } from '../db/schema';
import { httpError } from '../errors';
import { dynamic, enforce, parseId, requireWebsite } from '../resources/index';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { ruleOf } from '../../shared/resources/access';
import { resources } from '../../shared/resources/index';

const def = resources.websiteUser;

function staff(db: Kysely<Database>, websiteId: number) {
  return db
    .selectFrom('website_users as wu')
    .innerJoin('users as u', 'u.id', 'wu.userId')
    .select(['wu.userId', 'u.fullName', 'u.userName'])
    .where('wu.websiteId', '=', websiteId)
    .orderBy('u.fullName')
    .orderBy('u.id');
}

export const websiteStaffRoutes: FastifyPluginAsync = async (app) => {
  app.get('/Websites/user/get-all/:websiteId', async (request) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { websiteId: string }).websiteId);
    return staff(app.db, websiteId).execute();
  });

  app.post('/Websites/user/:websiteId/:userId', async (request) => {
    const params = request.params as { websiteId: string; userId: string };
    const websiteId = await requireWebsite(app.db, request, params.websiteId);
    enforce(request, ruleOf(def.access, 'create'));
    const userId = parseId(params.userId, 'userId');
    const added = await app.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw httpError(404, M.userNotFound);
      const inserted = await trx
        .insertInto('website_users')
        .values({ websiteId, userId, createdAt: iso(app.now()) })
        .onConflict((oc) => oc.columns(['websiteId', 'userId']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw httpError(409, M.staffDuplicate);
      const added = await staff(trx, websiteId).where('wu.userId', '=', userId).executeTakeFirstOrThrow();
      // A hand-written write: the write listeners (the history) hear it in its transaction.
      await app.writes.tell(dynamic(trx), { websiteId, resource: def.name, ids: [userId], operation: 'create', after: added as Record<string, unknown>, request });
      return added;
    });
    return ok(request, M.added, added);
  });

  app.delete('/Websites/user/:websiteId/:userId', async (request) => {
    const params = request.params as { websiteId: string; userId: string };
    const websiteId = await requireWebsite(app.db, request, params.websiteId);
    enforce(request, ruleOf(def.access, 'delete'));
    const userId = parseId(params.userId, 'userId');
    await app.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'websites', websiteId);
      const members = await trx.selectFrom('website_users').select('userId').where('websiteId', '=', websiteId).execute();
      if (!members.some((m) => m.userId === userId)) throw httpError(404, M.staffNotFound);
      if (members.length === 1) throw httpError(400, M.lastStaff);
      const before = (await staff(trx, websiteId).where('wu.userId', '=', userId).executeTakeFirst()) as Record<string, unknown> | undefined;
      await app.writes.tell(dynamic(trx), { websiteId, resource: def.name, ids: [userId], operation: 'delete', before, request });
      await trx.deleteFrom('website_users').where('websiteId', '=', websiteId).where('userId', '=', userId).execute();
    });
    return ok(request, M.deleted);
  });
};
