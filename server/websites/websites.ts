// /api/Websites: the websites themselves. Generic engine operations, plus the rules the engine can't know:
// membership (a user sees and changes only websites they are staff of; the creator becomes staff) and
// exactly one default website (making one default clears the others in the same transaction; the default
// can be neither un-defaulted nor deleted directly: make another website the default instead). "At most one" is a
// partial unique index (migration 0006): the loser of two make-defaults at once runs again and wins after the
// other; a delete locks its row, so a make-default of the same website waits for it and then finds nothing.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resources } from '../../shared/resources/index';
import { iso, lockRow, lockRows, retryOnUnique } from '../db/dialect';
import { httpError } from '../errors';
import { bodyObject, dynamic, enforce, requireWebsite, type DynamicDb, type Restrict } from '../resources/index';
import { websiteLanguagesOf } from './languages';
import { ok } from '../http/envelope';
import { operationContext } from '../resources/index';
import { M } from '../messages';
import { ruleOf } from '../../shared/resources/access';

const def = resources.website;

/**
 * No website is the default but (maybe) `except`: the first step of making another one the default. The current
 * default is locked first, so make-defaults at once take their turns rather than lock each other's rows.
 */
async function clearDefault(db: DynamicDb, except?: number): Promise<number[]> {
  await lockRows(db, 'websites', 'isDefault', true);
  let was = db.selectFrom('websites').select('id').where('isDefault', '=', true);
  if (except !== undefined) was = was.where('id', '!=', except);
  const ids = ((await was.execute()) as { id: number }[]).map((r) => r.id);
  if (ids.length) await db.updateTable('websites').set({ isDefault: false }).where('id', 'in', ids).execute();
  // Each an update of its own: the history hears of the websites that stopped being the default.
  return ids;
}

/** Make `websiteId` the one default website (404 when it is gone: the transaction then changes nothing). */
async function makeDefault(db: DynamicDb, websiteId: number): Promise<number[]> {
  const cleared = await clearDefault(db, websiteId);
  const result = await db.updateTable('websites').set({ isDefault: true }).where('id', '=', websiteId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw httpError(404, M.websiteNotFound);
  return cleared;
}

export const websiteCrud: FastifyPluginAsync = async (app) => {
  const { engine } = app.resources;
  /** Websites whose default flag moved besides the one saved (`was`: the flag before): an update each. */
  const told = async (db: DynamicDb, request: FastifyRequest, ids: number[], was: boolean) => {
    for (const id of ids) await app.writes.tell(db, { websiteId: id, resource: def.name, ids: [id], operation: 'update', before: { isDefault: was }, request });
  };
  const staffOf = (userId: number): Restrict => (q) =>
    q.where('id', 'in', dynamic(app.db).selectFrom('website_users').select('websiteId').where('userId', '=', userId));

  /** The websites the user is staff of, with their languages, the default website first. */
  app.get('/Websites/get-all', async (request) => {
    const websites = await app.db
      .selectFrom('websites')
      .select(['id', 'name', 'phoneNumber', 'isActive', 'isDefault'])
      .where('id', 'in', (eb) => eb.selectFrom('website_users').select('websiteId').where('userId', '=', request.user.id))
      .orderBy('isDefault', 'desc')
      .orderBy('id')
      .execute();
    const languages = await websiteLanguagesOf(app.db, websites.map((w) => w.id));
    return websites.map((w) => ({ ...w, websiteLanguages: languages.get(w.id) ?? [] }));
  });

  /** Paged, with keyword (name, phone, address in any language, diacritics folded). */
  app.get('/Websites', async (request) => {
    const ctx = operationContext(app, request);
    return engine.page(ctx, def, { keys: {} }, request.query as Record<string, unknown>, staffOf(request.user.id));
  });

  app.get('/Websites/:id', async (request) => {
    const id = await requireWebsite(app.db, request, (request.params as { id: string }).id);
    const record = await engine.readOrThrow(dynamic(app.db), def, { keys: {} }, id);
    record.websiteLanguages = (await websiteLanguagesOf(app.db, [id])).get(id) ?? [];
    return ok(request, M.success, record);
  });

  app.post('/Websites', async (request) => {
    enforce(request, ruleOf(def.access, 'create'));
    const body = bodyObject(request.body);
    const created = await retryOnUnique(() => app.db.transaction().execute(async (trx) => {
      const ctx = operationContext(app, request, undefined, trx);
      const tx = ctx.db;
      const cleared = body.isDefault === true ? await clearDefault(tx) : [];
      const record = await engine.create(ctx, def, { keys: {} }, body);
      const id = record.id as number;
      await told(tx, request, cleared, true);
      // The creator's membership goes with the website's create (its entry is the one).
      await trx.insertInto('website_users').values({ websiteId: id, userId: request.user.id, createdAt: iso(ctx.now) }).execute();
      // The first website is the default whatever was asked: there is always exactly one.
      const others = await trx.selectFrom('websites').select(sql<number>`count(*)`.as('n')).where('isDefault', '=', true).where('id', '!=', id).executeTakeFirstOrThrow();
      if (record.isDefault !== true && Number(others.n) === 0) {
        await makeDefault(tx, id);
        await told(tx, request, [id], false);
      }
      return engine.readOrThrow(tx, def, { keys: {} }, id);
    }));
    return ok(request, M.added, created);
  });

  app.put('/Websites/:id', async (request) => {
    const id = await requireWebsite(app.db, request, (request.params as { id: string }).id);
    enforce(request, ruleOf(def.access, 'update'));
    const body = bodyObject(request.body);
    const updated = await retryOnUnique(() => app.db.transaction().execute(async (trx) => {
      const ctx = operationContext(app, request, id, trx);
      const tx = ctx.db;
      const current = await engine.readOrThrow(tx, def, { keys: {} }, id);
      if (current.isDefault === true && body.isDefault === false && body.concurrencyStamp === current.concurrencyStamp) {
        throw httpError(400, M.defaultWebsiteRequired, { field: 'isDefault' });
      }
      // The others first: the index holds one default at every moment, not only at commit.
      const cleared = body.isDefault === true && current.isDefault !== true && body.concurrencyStamp === current.concurrencyStamp ? await clearDefault(tx, id) : [];
      await engine.update(ctx, def, { keys: {} }, id, body);
      await told(tx, request, cleared, true);
      return engine.readOrThrow(tx, def, { keys: {} }, id);
    }));
    return ok(request, M.updated, updated);
  });

  app.delete('/Websites/:id', async (request) => {
    const id = await requireWebsite(app.db, request, (request.params as { id: string }).id);
    enforce(request, ruleOf(def.access, 'delete'));
    await app.db.transaction().execute(async (trx) => {
      // Locked: a make-default of this website waits, then finds it gone.
      await lockRow(trx, 'websites', id);
      const row = await trx.selectFrom('websites').select('isDefault').where('id', '=', id).executeTakeFirst();
      if (!row) throw httpError(404, M.websiteNotFound);
      if (row.isDefault) throw httpError(400, M.defaultWebsiteDelete);
      // The history keeps the website as it was (its content's rows go without an entry each: the website's is the one).
      const before = await engine.readOrThrow(dynamic(trx), def, { keys: {} }, id);
      await engine.removeWebsiteContent(dynamic(trx), id);
      // website_languages, website_users and other modules' website tables follow through ON DELETE CASCADE.
      await trx.deleteFrom('websites').where('id', '=', id).execute();
      await app.writes.tell(dynamic(trx), { websiteId: id, resource: def.name, ids: [id], operation: 'delete', before, request });
    });
    return ok(request, M.deleted);
  });
};
