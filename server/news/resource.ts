// /api/News: news of a website with the review workflow (spec part 1, sections 4 and 7), the engine's resource
// with hooks: translations, categories, tags and sick links are child tables; the status follows the save.
//
// Status rules, enforced here (not only by the console's buttons):
//   save as draft → 0 Draft; save as approve (the review request) → 1 Pending, from 0, 2 or 3 alike;
//   a pending news cannot be saved (409 'Tin tức đang ở trạng thái chờ, không thể chỉnh sửa');
//   only a pending news can be approved (2) or declined (3, reason required and kept on the record until
//   the news is approved); every status change is recorded with who and when (`statusHistory`).
// The review (lock, decisions, history) is the definition's status machine (shared/resources/review.ts), which the
// engine serves (server/resources/machines.ts); here: how a save sets the status.
//
// Paths (spec): POST News/{website}/{isApproveFlag} or POST News/{website}/{lang} (flag in the body);
// PUT News/{website}/{id}/{flag} or PUT News/{website}/{lang}/{id} (flag in the body).
import { newsDef, statusAfterSave } from '../../shared/editorial';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { parseId, serve, type HookContext } from '../resources/index';
import { isUniqueViolation, linkWords, searchTextOf, type Body, type Db } from '../editorial/common';
import { removeTagLinks, setTags } from '../editorial/tags';
import { checkSeoLinks, freeSeoLink, readNewsInput, type NewsInput } from './input';
import { listRows, listSelect, newsDetail, type ListedNews } from './store';
import { syncActive, unpublish } from '../editorial/published';
import { REVIEW_STATUS } from '../../shared/resources/review';
import { PUBLISHED_NEWS, publishNews } from './publish';
import { M } from '../messages';

const FLAGS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
const isFlag = (v: string | undefined): v is string => v !== undefined && v.toLowerCase() in FLAGS;

/** `PUT News/{website}/{id}/{flag}` rather than `PUT News/{website}/{lang}/{id}`. */
const flagForm = (params: HookContext['params']) => isFlag(params.flag) && /^\d+$/.test(params.id ?? '');

/** Save as approve (the review request) or as draft: from the path's flag, else `isApproveFlag` in the body. */
function approveRequested(ctx: HookContext, body: Body): boolean {
  const fromPath = ctx.params.flag !== undefined ? (flagForm(ctx.params) ? ctx.params.flag : undefined) : ctx.params.isApproveFlag;
  if (isFlag(fromPath)) return FLAGS[fromPath.toLowerCase()];
  return body.isApproveFlag === true || body.isApproveFlag === 'true';
}


const searchText = (input: NewsInput) => searchTextOf(input.translations.flatMap((t) => [t.title, t.description, linkWords(t.seoLink)]));

/** Translations, categories, tags and sick links of a news (inside the write's transaction). */
async function writeChildren(db: Db, websiteId: number, id: number, input: NewsInput, now: Date) {
  await db.deleteFrom('news_translations').where('newsId', '=', id).execute();
  // Rows of languages the website does not require are kept only when they have a link (validation made
  // sure a title or content there comes with one).
  const rows = input.translations.filter((t) => t.seoLink);
  if (rows.length) await db.insertInto('news_translations').values(rows.map((t) => ({ ...t, newsId: id, websiteId }))).execute();

  await db.deleteFrom('news_categories').where('newsId', '=', id).execute();
  if (input.categoryIds.length) {
    await db.insertInto('news_categories').values(input.categoryIds.map((categoryId, i) => ({ newsId: id, categoryId, websiteId, sortOrder: i }))).execute();
  }

  await setTags(db, websiteId, 'news', id, input.tags, now);

  // Keep the sick side's own default flag for links that stay.
  const before = await db.selectFrom('sick_news').select(['sickId', 'sickDefault']).where('newsId', '=', id).execute();
  await db.deleteFrom('sick_news').where('newsId', '=', id).execute();
  if (input.sicks.length) {
    await db
      .insertInto('sick_news')
      .values(
        input.sicks.map((s, i) => ({
          sickId: s.sickId,
          newsId: id,
          websiteId,
          newsDefault: s.isDefault,
          sickDefault: before.find((b) => b.sickId === s.sickId)?.sickDefault ?? false,
          sortOrder: i,
        })),
      )
      .execute();
  }
}

/** The translations whose SEO link the user chose (the ones the server made are free, or made again on a race). */
const chosenLinks = (input: NewsInput) => input.translations.filter((t) => !input.generatedLinks.includes(t));

interface Prepared {
  news: NewsInput;
  /** the news being updated */
  id?: number;
}

export const newsResource = serve<Prepared, typeof newsDef, ListedNews>(
  newsDef,
  {
    filters: [
      { name: 'type', kind: 'int', min: 0, max: 1 },
      { name: 'isActive', kind: 'bool' },
      { name: 'approvedStatus', kind: 'int', min: 0, max: 3 },
    ],
    orderBy: [
      { column: 'createdAt', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ],
    /** In the path's language (`News/{website}/{lang}`). */
    listSelect: (ctx, q) => listSelect(ctx.db, q, ctx.params.lang ?? ''),
    listSelectKey: (ctx) => ctx.params.lang ?? '',
    listRows: (ctx, rows) => listRows(ctx.db, rows, ctx.params.lang ?? ''),
    detail: (db, row) => newsDetail(db, row),
    idOf: (params) => (params.flag === undefined || flagForm(params) ? params.id : params.flag),
    // The body carries its translations as rows (`newsTranslations`): readNewsInput checks them by newsDef's fields.
    ownInput: true,
    async prepare(ctx, body, current) {
      const db = ctx.db;
      const websiteId = ctx.scope.websiteId;
      const approve = approveRequested(ctx, body);
      const id = current?.id as number | undefined;
      const news = await readNewsInput(db, websiteId, body, ctx.ui, current, approve ? 'review' : 'draft');
      await checkSeoLinks(db, websiteId, chosenLinks(news), id);
      // Who asked for this review (nobody decides on their own submission); a draft withdraws it.
      const values: Body = { ...news.top, approvedStatus: statusAfterSave(approve), searchText: searchText(news), submittedBy: approve ? ctx.request.user.id : null };
      if (!current) {
        const { id: creatorId, fullName } = ctx.request.user;
        Object.assign(values, { declineReason: null, viewCount: 0, creatorId, creatorFullName: fullName });
        // Back from the trash: its creator and views as they were.
        if (ctx.restoring) Object.assign(values, { viewCount: Number(body.viewCount) || 0, creatorId: body.creatorId ?? null, creatorFullName: body.creatorFullName ?? null });
      }
      return { values, input: { news, id } };
    },
    async afterWrite(ctx, { id, input }) {
      await writeChildren(ctx.db, ctx.scope.websiteId, id, input.news, ctx.now);
      // The published version stays the approved one; only its Active follows the save (read live).
      await syncActive(ctx.db, PUBLISHED_NEWS, id);
    },
    // Active set beside the form (the bulk bar): the published version's Active follows it, as after a save.
    async afterChange(ctx, id, values) {
      if ('isActive' in values) await syncActive(ctx.db, PUBLISHED_NEWS, id as number);
    },
    // An approval publishes the news as it is now, replacing what was published (a decline leaves it).
    async afterMove(ctx, { id, move }) {
      if (move.to === REVIEW_STATUS.approved) await publishNews(ctx.db, [id], ctx.now);
    },
    /**
     * A unique-index refusal that got past the pre-check (two saves at once). A draft whose links the server made
     * is saved again (its links made again: any free one will do); a link the user chose gets the pre-check's 409.
     */
    async retry(ctx, err, attempt, prepared) {
      if (!isUniqueViolation(err) || !prepared) return false;
      if (prepared.input.news.generatedLinks.length && attempt < 20) return true;
      await checkSeoLinks(ctx.db, ctx.scope.websiteId, prepared.input.news.translations, prepared.input.id);
      return false;
    },
    // Translations, category and sick links go with the row (ON DELETE CASCADE); tag links are generic, the history the engine's.
    async afterRemove(ctx, id) {
      await removeTagLinks(ctx.db, 'news', id);
      await unpublish(ctx.db, PUBLISHED_NEWS, [id]);
    },
    actions: [
      {
        /**
         * A free SEO link from a title: `?title=…[&languageId=vi-VN][&id=<news being edited>]` → `data: { seoLink }`,
         * the slug of the title with "-2", "-3"… added while it is taken in that language (in any, when none is given).
         */
        path: newsDef.api.actions.seoSuggest,
        async run({ ctx, query }) {
          const title = typeof query.title === 'string' ? query.title : '';
          if (!title.trim()) throw httpError(400, M.titleRequired, { field: 'title' });
          const exceptId = query.id === undefined || query.id === '' ? undefined : parseId(query.id);
          const languageId = typeof query.languageId === 'string' && query.languageId ? query.languageId : undefined;
          return ok(ctx.request, M.success, { seoLink: await freeSeoLink(ctx.db, ctx.scope.websiteId, title, languageId, exceptId) });
        },
      },
    ],
  },
  { tableFromMigration: true },
);

