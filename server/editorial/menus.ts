// Menu items (shared/resources/menu.ts): the engine's resource with hooks for the tree and link rules, and a
// re-order action for drag and drop:
//   - parentId: none or an item of the same menu, never the item itself or one below it;
//   - objectType 1 (category) / 2 (news) / 5 (service) with an objectId: the record must exist in the website, and when no
//     seoLink is sent it is taken from that record (the news' link in the website's default language);
//   - an item with sub-items cannot be deleted (400);
//   - PUT Menus/item/order/{website}/{menuId} with [{ id, parentId, order }]: one transaction, whole tree checked.
import { randomUUID } from 'node:crypto';
import { MENU_OBJECT_TYPE } from '../../shared/editorial';
import type { Label } from '../../shared/resources/define';
import { menu, menuItem as def } from '../../shared/resources/menu';
import { newsCategory } from '../../shared/resources/news-category';
import { service } from '../../shared/resources/service';
import { iso } from '../db/dialect';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { serve, websiteLanguages, type WebsiteScope } from '../resources/index';
import type { Body } from './common';
import { checkTree, parentIdOf, refuseWithChildren, lockTree, type TreeOwner } from './tree';
import { M } from '../messages';
import { MAX_ID } from '../../shared/input';
import type { Db } from '../db/schema';

const ITEM: Label = { vi: 'Mục menu', en: 'The menu item' };

async function items(db: Db, scope: WebsiteScope) {
  return (await db
    .selectFrom(def.table)
    .select(['id', 'parentId'])
    .where('websiteId', '=', scope.websiteId)
    .where('menuId', '=', scope.keys.menuId)
    .execute()) as { id: number; parentId: number | null }[];
}

const numberish = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

/** The seoLink of the linked category or news; 400 when it is not a record of the website. */
async function linkedSeoLink(db: Db, websiteId: number, objectType: unknown, objectId: unknown): Promise<string | undefined> {
  const type = numberish(objectType);
  const id = numberish(objectId);
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return undefined;
  const linked: unknown[] = [MENU_OBJECT_TYPE.category, MENU_OBJECT_TYPE.news, MENU_OBJECT_TYPE.service];
  // No record has an id beyond the integer columns (PostgreSQL would refuse to compare one).
  if (id > MAX_ID && linked.includes(type)) throw httpError(400, M.objectUnknown, { field: 'objectId' });
  if (type === MENU_OBJECT_TYPE.category) {
    const row = (await db.selectFrom(newsCategory.table).select('seoLink').where('websiteId', '=', websiteId).where('id', '=', id).executeTakeFirst()) as { seoLink: string | null } | undefined;
    if (!row) throw httpError(400, M.objectUnknown, { field: 'objectId' });
    return row.seoLink ?? undefined;
  }
  if (type === MENU_OBJECT_TYPE.service) {
    const row = (await db.selectFrom(service.table).select('seoLink').where('websiteId', '=', websiteId).where('id', '=', id).executeTakeFirst()) as { seoLink: string | null } | undefined;
    if (!row) throw httpError(400, M.objectUnknown, { field: 'objectId' });
    return row.seoLink ?? undefined;
  }
  if (type === MENU_OBJECT_TYPE.news) {
    const rows = (await db.selectFrom('news_translations').select(['languageId', 'seoLink']).where('websiteId', '=', websiteId).where('newsId', '=', id).execute()) as { languageId: string; seoLink: string }[];
    if (!rows.length) throw httpError(400, M.objectUnknown, { field: 'objectId' });
    const preferred = (await websiteLanguages(db, websiteId))[0]?.languageId;
    return (rows.find((r) => r.languageId === preferred) ?? rows[0]).seoLink;
  }
  return undefined;
}

/** The tree rules, on a body about to be created (`current` undefined) or updated (its owner locked). */
async function checkParent(db: Db, scope: WebsiteScope, body: Body, current?: Record<string, unknown>) {
  const parentId = parentIdOf(body);
  if (parentId === undefined) return;
  const all = await items(db, scope);
  if (!current) {
    if (parentId !== null && !all.some((n) => n.id === parentId)) throw httpError(400, M.parentUnknown, { field: 'parentId' });
  } else checkTree(all, new Map([[current.id as number, parentId]]));
}

/** The body as the definition checks it: numbers sent as text, the parent, and the seoLink filled from the linked object. */
async function shaped(db: Db, scope: WebsiteScope, input: Body, current?: Record<string, unknown>): Promise<Body> {
  const body = { ...input };
  // Select boxes may hand over numbers as text.
  for (const k of ['objectType', 'objectId'] as const) if (k in body) body[k] = numberish(body[k]);
  const parentId = parentIdOf(body);
  if (parentId !== undefined) body.parentId = parentId;
  const objectType = 'objectType' in body ? body.objectType : current?.objectType;
  const objectId = 'objectId' in body ? body.objectId : current?.objectId;
  const linked = await linkedSeoLink(db, scope.websiteId, objectType, objectId);
  if (linked === undefined) return body;
  // Fill when the client sent no link (blank, or none at all on a create, a new object, or a record without one).
  const sent = typeof body.seoLink === 'string' ? body.seoLink.trim() : undefined;
  const keepsStored = sent === undefined && current && current.seoLink && !('objectId' in body);
  if (!sent && !keepsStored) body.seoLink = linked;
  return body;
}

/** The menu owns its item tree. */
const owner: TreeOwner = (ctx) => ({ table: menu.table, id: ctx.scope.keys.menuId });

export const menuItemResource = serve(def, {
  input: (ctx, body, current) => shaped(ctx.db, ctx.scope, body, current),
  async prepare(ctx, body, current, values) {
    await lockTree(ctx, owner);
    await checkParent(ctx.db, ctx.scope, body, current);
    return { values, input: undefined };
  },
  beforeRemove: refuseWithChildren(def, ITEM, owner, 'menuId'),
  actions: [
    {
      /**
       * Drag and drop: `[{ id, parentId, order }]` for some or all items of the menu. Every item listed gets its
       * new parent and order (and a new concurrencyStamp) in one transaction; the resulting tree is checked as a
       * whole. Answers the menu's items in list order.
       */
      path: def.api.actions.reorder,
      async run({ ctx, engine, body: raw }) {
        const scope = ctx.scope;
        if (!Array.isArray(raw) || raw.length === 0) throw httpError(400, M.orderInvalid);
        const moves = new Map<number, number | null>();
        const orders = new Map<number, number>();
        for (const entry of raw) {
          if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw httpError(400, M.orderInvalid);
          const e = entry as Body;
          const id = numberish(e.id);
          const order = numberish(e.order ?? 0);
          if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || moves.has(id)) throw httpError(400, M.orderInvalid);
          if (typeof order !== 'number' || !Number.isInteger(order) || order < 0 || order > 2_147_483_647) throw httpError(400, M.orderInvalid, { field: 'order' });
          moves.set(id, parentIdOf({ parentId: e.parentId ?? null }) ?? null);
          orders.set(id, order);
        }
        await ctx.db.transaction().execute(async (db) => {
          await lockTree({ ...ctx, db }, owner);
          const all = await items(db, scope);
          for (const id of moves.keys()) if (!all.some((n) => n.id === id)) throw httpError(400, M.orderInvalid, { field: 'id' });
          checkTree(all, moves);
          // Where each listed item was: its entry says where it went from (an item left in place leaves none).
          const was = new Map(
            ((await db.selectFrom(def.table).select(['id', 'parentId', 'order']).where('id', 'in', [...moves.keys()]).where('websiteId', '=', scope.websiteId).execute()) as { id: number; parentId: number | null; order: number }[]).map((r) => [r.id, r]),
          );
          for (const [id, parentId] of moves) {
            await db
              .updateTable(def.table)
              .set({ parentId, order: orders.get(id), concurrencyStamp: randomUUID(), updatedAt: iso(ctx.now) })
              .where('id', '=', id)
              .where('websiteId', '=', scope.websiteId)
              .where('menuId', '=', scope.keys.menuId)
              .execute();
          }
          // A hand-written write: the write listeners (server/resources/writes.ts) hear it in its transaction, one
          // update per item with its parent and order before (the history compares them with the item as saved).
          for (const [id, parentId] of moves) {
            const before = was.get(id)!;
            if (before.parentId === parentId && before.order === orders.get(id)) continue;
            await engine.tell(db, ctx, def, scope, 'update', [id], { before: { parentId: before.parentId, order: before.order } });
          }
        });
        return ok(ctx.request, M.reordered, await engine.all(ctx, def, scope));
      },
    },
  ],
});
