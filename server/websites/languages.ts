// /api/Websites/{websiteId}/languages: the languages a website publishes in. Exactly one is the default:
// the first language added becomes it, making another the default clears the previous one in the same
// transaction, and the default can be neither un-defaulted nor removed directly. Every change locks the website's
// row first (two first languages added at once are added one after the other), and a partial unique index
// (migration 0006) holds "at most one default" whatever the code does.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { resources } from '../../shared/resources/index';
import { validateRecord } from '../../shared/resources/validate';
import { iso, lockRow } from '../db/dialect';
import type { Database } from '../db/schema';
import { httpError } from '../errors';
import { messageLang } from '../i18n';
import { bodyObject, dynamic, enforce, requireWebsite, validationError, type WriteOperation } from '../resources/index';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { ruleOf } from '../../shared/resources/access';

const def = resources.websiteLanguage;

export interface WebsiteLanguage {
  languageId: string;
  name: string;
  isActive: boolean;
  isDefault: boolean;
}

/** Languages of the given websites, each list default first, then in the languages' own order. */
export async function websiteLanguagesOf(db: Kysely<Database>, websiteIds: number[]): Promise<Map<number, WebsiteLanguage[]>> {
  const out = new Map<number, WebsiteLanguage[]>();
  if (!websiteIds.length) return out;
  const rows = await db
    .selectFrom('website_languages as wl')
    .innerJoin('languages as l', 'l.id', 'wl.languageId')
    .select(['wl.websiteId', 'wl.languageId', 'l.name', 'wl.isActive', 'wl.isDefault'])
    .where('wl.websiteId', 'in', websiteIds)
    .orderBy('wl.isDefault', 'desc')
    .orderBy('l.sortOrder')
    .orderBy('wl.languageId')
    .execute();
  for (const { websiteId, ...language } of rows) {
    if (!out.has(websiteId)) out.set(websiteId, []);
    out.get(websiteId)!.push(language);
  }
  return out;
}

async function one(db: Kysely<Database>, websiteId: number, languageId: string) {
  return (await websiteLanguagesOf(db, [websiteId])).get(websiteId)?.find((l) => l.languageId === languageId);
}

/** Answers the languages that were the default until now (each an update of its own: the history hears of it). */
async function makeDefault(db: Kysely<Database>, websiteId: number, languageId: string) {
  const was = ((await websiteLanguagesOf(db, [websiteId])).get(websiteId) ?? []).filter((l) => l.isDefault && l.languageId !== languageId);
  await db.updateTable('website_languages').set({ isDefault: false }).where('websiteId', '=', websiteId).where('languageId', '!=', languageId).execute();
  await db.updateTable('website_languages').set({ isDefault: true }).where('websiteId', '=', websiteId).where('languageId', '=', languageId).execute();
  return was;
}

/** Flags from a body: only booleans (validated against the definition first). */
function checkFlags(body: Record<string, unknown>, ui: 'vi' | 'en', partial: boolean) {
  const errors = validateRecord(def, body, [], ui, { partial });
  if (errors.length) throw validationError(errors);
}

export const websiteLanguageRoutes: FastifyPluginAsync = async (app) => {
  /** A hand-written write: the write listeners (server/resources/writes.ts) hear it in its transaction. */
  const told = (trx: Kysely<Database>, request: FastifyRequest, websiteId: number, languageId: string, operation: WriteOperation, before?: object, after?: object) =>
    app.writes.tell(dynamic(trx), { websiteId, resource: def.name, ids: [languageId], operation, request, before: before && { ...before }, after: after && { ...after } });

  /** The languages a new default took the flag from: each an update of its own. */
  const toldCleared = async (trx: Kysely<Database>, request: FastifyRequest, websiteId: number, cleared: { languageId: string }[]) => {
    for (const was of cleared) await told(trx, request, websiteId, was.languageId, 'update', was, await one(trx, websiteId, was.languageId));
  };

  app.get('/Websites/:websiteId/languages', async (request) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { websiteId: string }).websiteId);
    return (await websiteLanguagesOf(app.db, [websiteId])).get(websiteId) ?? [];
  });

  app.post('/Websites/:websiteId/languages', async (request) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { websiteId: string }).websiteId);
    enforce(request, ruleOf(def.access, 'create'));
    const body = bodyObject(request.body);
    checkFlags(body, messageLang(request), false);
    const languageId = String(body.languageId).trim();
    const created = await app.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'websites', websiteId);
      const known = await trx.selectFrom('languages').select('id').where('id', '=', languageId).executeTakeFirst();
      if (!known) throw httpError(400, M.languageUnknown, { field: 'languageId' });
      const count = (await websiteLanguagesOf(trx, [websiteId])).get(websiteId)?.length ?? 0;
      const inserted = await trx
        .insertInto('website_languages')
        .values({ websiteId, languageId, isActive: body.isActive !== false, isDefault: false, createdAt: iso(app.now()) })
        .onConflict((oc) => oc.columns(['websiteId', 'languageId']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw httpError(409, M.languageDuplicate, { field: 'languageId' });
      const cleared = count === 0 || body.isDefault === true ? await makeDefault(trx, websiteId, languageId) : [];
      const created = await one(trx, websiteId, languageId);
      await told(trx, request, websiteId, languageId, 'create', undefined, created);
      await toldCleared(trx, request, websiteId, cleared);
      return created;
    });
    return ok(request, M.added, created);
  });

  app.put('/Websites/:websiteId/languages/:languageId', async (request) => {
    const params = request.params as { websiteId: string; languageId: string };
    const websiteId = await requireWebsite(app.db, request, params.websiteId);
    enforce(request, ruleOf(def.access, 'update'));
    const body = bodyObject(request.body);
    checkFlags({ ...body, languageId: params.languageId }, messageLang(request), true);
    const updated = await app.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'websites', websiteId);
      const current = await one(trx, websiteId, params.languageId);
      if (!current) throw httpError(404, M.languageNotFound);
      if (current.isDefault && body.isDefault === false) throw httpError(400, M.defaultLanguageRequired, { field: 'isDefault' });
      if (typeof body.isActive === 'boolean') {
        await trx.updateTable('website_languages').set({ isActive: body.isActive }).where('websiteId', '=', websiteId).where('languageId', '=', current.languageId).execute();
      }
      const cleared = body.isDefault === true && !current.isDefault ? await makeDefault(trx, websiteId, current.languageId) : [];
      const updated = await one(trx, websiteId, current.languageId);
      await told(trx, request, websiteId, current.languageId, 'update', current, updated);
      await toldCleared(trx, request, websiteId, cleared);
      return updated;
    });
    return ok(request, M.updated, updated);
  });

  app.delete('/Websites/:websiteId/languages/:languageId', async (request) => {
    const params = request.params as { websiteId: string; languageId: string };
    const websiteId = await requireWebsite(app.db, request, params.websiteId);
    enforce(request, ruleOf(def.access, 'delete'));
    await app.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'websites', websiteId);
      const current = await one(trx, websiteId, params.languageId);
      if (!current) throw httpError(404, M.languageNotFound);
      if (current.isDefault) throw httpError(400, M.defaultLanguageDelete);
      await trx.deleteFrom('website_languages').where('websiteId', '=', websiteId).where('languageId', '=', current.languageId).execute();
      await told(trx, request, websiteId, current.languageId, 'delete', current);
    });
    return ok(request, M.deleted);
  });
};

