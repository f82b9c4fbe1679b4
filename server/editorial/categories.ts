// News categories (shared/resources/news-category.ts): reads are the engine's generic routes; create, update
// and delete are taken over for the rules the engine can't know:
//   - parentId: none (null, 0) or a category of the same website, never the category itself or one below it;
//   - seoLink unique per website (409);
//   - a category with sub-categories cannot be deleted (400); deleting one removes it from its news.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { newsCategory as def } from '../../shared/resources/news-category';
import type { Label } from '../../shared/resources/define';
import { httpError } from '../errors';
import { MSG } from '../i18n';
import { bodyObject, engine, parseId, type DynamicDb, dynamic, type Scope } from '../resources/index';
import { ok } from '../http/envelope';
import { operationContext } from '../websites/context';
import type { Body } from './common';
import { freshOrThrow, scopeOf, takeOver } from './hooks';
import { checkTree, parentIdOf, TREE_MSG } from './tree';

const CATEGORY: Label = { vi: 'Danh mục', en: 'The category' };
const seoTaken = (link: string): Label => ({
  vi: `Đường dẫn SEO "${link}" đã được dùng cho một danh mục khác của website này`,
  en: `The SEO link "${link}" is already used by another category of this website`,
});

async function nodes(db: DynamicDb, websiteId: number) {
  return (await db.selectFrom(def.table).select(['id', 'parentId']).where('websiteId', '=', websiteId).execute()) as { id: number; parentId: number | null }[];
}

async function checkRules(db: DynamicDb, scope: Scope, body: Body, id?: number) {
  const parentId = parentIdOf(body);
  if (parentId !== undefined) {
    body.parentId = parentId;
    const all = await nodes(db, scope.websiteId!);
    if (id === undefined) {
      if (parentId !== null && !all.some((n) => n.id === parentId)) throw httpError(400, TREE_MSG.parentUnknown, { field: 'parentId' });
    } else {
      checkTree(all, new Map([[id, parentId]]));
    }
  }
  if (typeof body.seoLink === 'string') {
    const link = body.seoLink.trim();
    body.seoLink = link;
    if (link) {
      let q = db.selectFrom(def.table).select('id').where('websiteId', '=', scope.websiteId!).where('seoLink', '=', link);
      if (id !== undefined) q = q.where('id', '!=', id);
      if (await q.executeTakeFirst()) throw httpError(409, seoTaken(link), { field: 'seoLink' });
    }
  }
}

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);

  takeOver(app, def, 'create', async (request) => {
    const scope = await scopeOf(request, def);
    const body = { ...bodyObject(request.body) };
    const record = await app.db.transaction().execute(async (trx) => {
      const ctx = operationContext(app, request, scope.websiteId, trx);
      await checkRules(ctx.db, scope, body);
      return engine.create(ctx, def, scope, body);
    });
    return ok(request, MSG.added, record);
  });

  takeOver(app, def, 'update', async (request) => {
    const scope = await scopeOf(request, def);
    const id = idOf(request);
    const body = { ...bodyObject(request.body) };
    const record = await app.db.transaction().execute(async (trx) => {
      const ctx = operationContext(app, request, scope.websiteId, trx);
      await freshOrThrow(ctx.db, def, scope, id, body);
      await checkRules(ctx.db, scope, body, id);
      return engine.update(ctx, def, scope, id, body);
    });
    return ok(request, MSG.updated, record);
  });

  takeOver(app, def, 'remove', async (request) => {
    const scope = await scopeOf(request, def);
    const id = idOf(request);
    await app.db.transaction().execute(async (trx) => {
      const db = dynamic(trx);
      await engine.readOrThrow(db, def, scope, id);
      const child = await db.selectFrom(def.table).select('id').where('websiteId', '=', scope.websiteId!).where('parentId', '=', id).executeTakeFirst();
      if (child) throw httpError(400, TREE_MSG.hasChildren(CATEGORY));
      await db.deleteFrom(def.table).where('id', '=', id).where('websiteId', '=', scope.websiteId!).execute();
      await trx.deleteFrom('news_categories').where('categoryId', '=', id).where('websiteId', '=', scope.websiteId!).execute();
    });
    return ok(request, MSG.deleted);
  });
};
