// Site content of part 2 (banners, FAQs, partners, feedback, customer feedback): the engine's resources
// (shared/resources/{banner,faq,partner,feedback}.ts) with the few rules the definitions cannot say, as hooks:
//   - a banner's public items: its active items in order (`Banners/item/get-all/{website}/{bannerId}`);
//     deleting a banner deletes its items in the delete's transaction (the engine's children);
//   - a FAQ points to a FAQ group of its own website (locked while the FAQ is written); a group still used by a
//     FAQ cannot be deleted (409); the FAQ list answers the group's name;
//   - partners form a tree per website: a parent of the same website, never the partner itself or one below it;
//     a partner with partners under it cannot be deleted;
//   - feedback is read (`isView`) by an action that touches nothing staff edit, and counted while unread.
import { bannerItem } from '../../shared/resources/banner';
import type { Label } from '../../shared/resources/define';
import { faq } from '../../shared/resources/faq';
import { faqGroup } from '../../shared/resources/faq-group';
import { feedback } from '../../shared/resources/feedback';
import { partner } from '../../shared/resources/partner';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { serve, toWire, type ActionDef } from '../resources/index';
import { markReadAction } from '../resources/read-mark';
import type { Row } from '../resources/records';
import { lockReference, refuseWhileUsed } from '../resources/references';
import { checkTree, lockTree, parentIdOf, refuseWithChildren, type TreeOwner } from '../editorial/tree';
import type { Db } from '../db/schema';

// ---- banners ----

/** `Banners/item/get-all/{website}/{bannerId}`: what the public site shows of a banner, its active items in order. */
const activeItems: ActionDef = {
  path: bannerItem.api.actions.active,
  run: ({ ctx, engine, def }) => engine.all(ctx, def, ctx.scope, { isActive: 'true' }),
};

export const bannerItemResource = serve(bannerItem, { actions: [activeItems] });

// ---- FAQs ----

/** Each FAQ with its group's name (per language), as the spec's list answers it. */
async function withGroupNames(db: Db, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => r.faqGroupId).filter((id): id is number => typeof id === 'number'))];
  const groups = ids.length ? ((await db.selectFrom(faqGroup.table).select(['id', 'name']).where('id', 'in', ids).execute()) as { id: number; name: string | null }[]) : [];
  const names = new Map(groups.map((g) => [g.id, g.name]));
  return rows.map((r) => ({ ...toWire(faq, r), faqGroupName: names.get(r.faqGroupId as number) ?? null }));
}

export const faqResource = serve(faq, {
  listRows: (ctx, rows) => withGroupNames(ctx.db, rows),
  detail: async (db, row) => (await withGroupNames(db, [row]))[0],
  afterWrite: (ctx, written) => lockReference(ctx, faqGroup, written.values.faqGroupId, 'faqGroupId'),
});

export const faqGroupResource = serve(faqGroup, { beforeRemove: refuseWhileUsed(faqGroup, faq, 'faqGroupId') });

// ---- partners ----

const PARTNER: Label = { vi: 'Đối tác', en: 'The partner' };
/** The website owns its partner tree: every move locks it first, so two moves at once cannot make a cycle. */
const partnerTree: TreeOwner = (ctx) => ({ table: 'websites', id: ctx.scope.websiteId });

export const partnerResource = serve(partner, {
  input(_ctx, body) {
    const parentId = parentIdOf(body);
    return parentId === undefined ? body : { ...body, parentId };
  },
  async prepare(ctx, body, current, values) {
    await lockTree(ctx, partnerTree);
    const parentId = parentIdOf(body);
    if (parentId !== undefined) {
      const nodes = (await ctx.db.selectFrom(partner.table).select(['id', 'parentId']).where('websiteId', '=', ctx.scope.websiteId).execute()) as { id: number; parentId: number | null }[];
      if (current) checkTree(nodes, new Map([[current.id as number, parentId]]));
      else if (parentId !== null && !nodes.some((n) => n.id === parentId)) throw httpError(400, M.parentUnknown, { field: 'parentId' });
    }
    return { values, input: undefined };
  },
  beforeRemove: refuseWithChildren(partner, PARTNER, partnerTree),
});

// ---- feedback ----

/** `PUT Feedbacks/read/{website}/{id}`: staff opened it. Its stamp stays: an open form can still be saved. */
const markRead = markReadAction(feedback, feedback.api.actions.read);

/** `Feedbacks/unread-count/{website}`: `{ code, message, data: n }` for the side navigation. */
const unreadCount: ActionDef<typeof feedback> = {
  path: feedback.api.actions.unread,
  async run({ ctx }) {
    const row = await ctx.db
      .selectFrom(feedback.table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('websiteId', '=', ctx.scope.websiteId)
      .where('isView', '=', false)
      .executeTakeFirst();
    return ok(ctx.request, M.success, Number((row as { n: number | string } | undefined)?.n ?? 0));
  },
};

export const feedbackResource = serve(feedback, { actions: [markRead, unreadCount] });
