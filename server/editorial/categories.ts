// News categories (shared/resources/news-category.ts): the engine's resource with the rules it can't know, as hooks:
//   - parentId: none (null, 0) or a category of the same website, never the category itself or one below it;
//   - seoLink unique per website (409; a unique index from the definition's `unique`, so it holds under concurrency);
//   - a category with sub-categories cannot be deleted (400); deleting one removes it from its news.
import { newsCategory as def } from '../../shared/resources/news-category';
import type { Label } from '../../shared/resources/define';
import { isUniqueViolation } from '../db/dialect';
import { httpError } from '../errors';
import { serve, type WebsiteScope } from '../resources/index';
import type { Body } from './common';
import { checkTree, lockTree, parentIdOf, refuseWithChildren, type TreeOwner } from './tree';
import { M } from '../messages';
import type { Db } from '../db/schema';

const CATEGORY: Label = { vi: 'Danh mục', en: 'The category' };
const seoTaken = (link: string): Label => ({
  vi: `Đường dẫn SEO "${link}" đã được dùng cho một danh mục khác của website này`,
  en: `The SEO link "${link}" is already used by another category of this website`,
});

async function nodes(db: Db, websiteId: number) {
  return (await db.selectFrom(def.table).select(['id', 'parentId']).where('websiteId', '=', websiteId).execute()) as { id: number; parentId: number | null }[];
}

async function checkRules(db: Db, scope: WebsiteScope, body: Body, id?: number) {
  const parentId = parentIdOf(body);
  if (parentId !== undefined) {
    body.parentId = parentId;
    const all = await nodes(db, scope.websiteId);
    if (id === undefined) {
      if (parentId !== null && !all.some((n) => n.id === parentId)) throw httpError(400, M.parentUnknown, { field: 'parentId' });
    } else {
      checkTree(all, new Map([[id, parentId]]));
    }
  }
  if (typeof body.seoLink === 'string') {
    const link = body.seoLink.trim();
    body.seoLink = link;
    if (link) {
      let q = db.selectFrom(def.table).select('id').where('websiteId', '=', scope.websiteId).where('seoLink', '=', link);
      if (id !== undefined) q = q.where('id', '!=', id);
      if (await q.executeTakeFirst()) throw httpError(409, seoTaken(link), { field: 'seoLink' });
    }
  }
}

/** The website owns its category tree. */
const owner: TreeOwner = (ctx) => ({ table: 'websites', id: ctx.scope.websiteId });

export const newsCategoryResource = serve(def, {
  // The parent as an id or none, the link trimmed: what the definition then checks.
  input(_ctx, body) {
    const input = { ...body };
    const parentId = parentIdOf(input);
    if (parentId !== undefined) input.parentId = parentId;
    if (typeof input.seoLink === 'string') input.seoLink = input.seoLink.trim();
    return input;
  },
  async prepare(ctx, body, current, values) {
    await lockTree(ctx, owner);
    await checkRules(ctx.db, ctx.scope, { ...body }, current?.id as number | undefined);
    return { values, input: undefined };
  },
  // Two saves of one link at once: the index refuses the second, whose run again finds the first and says so.
  retry: async (_ctx, err, attempt) => isUniqueViolation(err) && attempt < 3,
  beforeRemove: refuseWithChildren(def, CATEGORY, owner),
  async afterRemove(ctx, id) {
    await ctx.db.deleteFrom('news_categories').where('categoryId', '=', id).where('websiteId', '=', ctx.scope.websiteId).execute();
  },
});
