// /api/News: news of a website with the review workflow (spec part 1, sections 4 and 7).
//
// Status rules, enforced here (not only by the console's buttons):
//   save as draft → 0 Draft; save as approve (the review request) → 1 Pending, from 0, 2 or 3 alike;
//   a pending news cannot be saved (409 'Tin tức đang ở trạng thái chờ, không thể chỉnh sửa');
//   only a pending news can be approved (2) or declined (3, reason required and kept on the record until
//   the news is approved); every status change is recorded with who and when (`statusHistory`).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EDITORIAL_MESSAGES, NEWS_STATUS, statusAfterSave } from '../../shared/editorial';
import { iso } from '../db/dialect';
import { httpError } from '../errors';
import { MSG, messageLang } from '../i18n';
import { bodyObject, parseId, requireStamp, requireWebsite, stale } from '../resources/index';
import { ok } from '../http/envelope';
import { actor, EMSG, isUniqueViolation, linkWords, searchTextOf, type Body, type Db } from '../editorial/common';
import { keywordMatch, keywordOf, paging, queryBool, queryInt } from '../http/query';
import { assertDecidable, readDecision } from '../editorial/decision';
import { removeTagLinks, setTags } from '../editorial/tags';
import { checkSeoLinks, freeSeoLink, readNewsInput, type NewsInput } from './input';
import { listRows, loadNews } from './store';

const FLAGS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
const isFlag = (v: string) => v.toLowerCase() in FLAGS;
const flagValue = (v: string) => FLAGS[v.toLowerCase()];

/** For the `{lang}` forms of create/update: `isApproveFlag` in the body (default false: draft). */
const bodyFlag = (body: Body) => body.isApproveFlag === true || body.isApproveFlag === 'true';

type Params = Record<string, string>;

async function history(db: Db, newsId: number, websiteId: number, status: number, reason: string | null, request: FastifyRequest, now: Date) {
  const who = actor(request);
  await db.insertInto('news_status_history').values({ newsId, websiteId, status, reason, ...who, time: iso(now) }).execute();
}

function searchText(input: NewsInput) {
  return searchTextOf(input.translations.flatMap((t) => [t.title, t.description, linkWords(t.seoLink)]));
}

/** Translations, categories, tags and sick links of a news (inside the caller's transaction). */
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

/**
 * A unique-index refusal that got past the pre-check (two saves at once). Links the server made for a draft are
 * made again and the save retried (the user chose none, so any free one will do); a link the user chose gets
 * the same 409 as the pre-check.
 */
async function seoRace<T>(db: Db, websiteId: number, input: NewsInput, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (input.generatedLinks.length && attempt < 20) {
        for (const t of input.generatedLinks) t.seoLink = await freeSeoLink(db, websiteId, t.title, t.languageId, exceptId);
        continue;
      }
      await checkSeoLinks(db, websiteId, input.translations, exceptId);
      throw err;
    }
  }
}

export const newsRoutes: FastifyPluginAsync = async (app) => {
  const websiteOf = (request: FastifyRequest) => requireWebsite(app.db, request, (request.params as Params).website);

  async function detailOrThrow(db: Db, websiteId: number, id: number) {
    const record = await loadNews(db, websiteId, id);
    if (!record) throw httpError(404, MSG.recordNotFound);
    return record;
  }

  // ---- reads -------------------------------------------------------------------------------------------

  /** Paged list in one language; filters keyword, type, isActive, approvedStatus; newest first. */
  app.get('/News/:website/:lang', async (request) => {
    const websiteId = await websiteOf(request);
    const { lang } = request.params as Params;
    const query = request.query as Body;
    const { pageSize, offset } = paging(query, 20, 1000);
    let q = app.db.selectFrom('news').where('websiteId', '=', websiteId);
    const type = queryInt(query.type, 'type', 0, 1);
    if (type !== undefined) q = q.where('type', '=', type);
    const isActive = queryBool(query.isActive, 'isActive');
    if (isActive !== undefined) q = q.where('isActive', '=', isActive);
    const status = queryInt(query.approvedStatus, 'approvedStatus', 0, 3);
    if (status !== undefined) q = q.where('approvedStatus', '=', status);
    const keyword = keywordOf(query);
    if (keyword) q = q.where(keywordMatch(keyword));
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: await listRows(app.db, rows, lang), totalRows: Number(count.n) };
  });

  app.get('/News/detail/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    return ok(request, MSG.success, await detailOrThrow(app.db, websiteId, id));
  });

  /**
   * A free SEO link from a title: `?title=…[&languageId=vi-VN][&id=<news being edited>]` →
   * `data: { seoLink }`, the slug of the title with "-2", "-3"… added while it is taken in that language
   * (in any language when none is given).
   */
  app.get('/News/seo-suggest/:website', async (request) => {
    const websiteId = await websiteOf(request);
    const query = request.query as Body;
    const title = typeof query.title === 'string' ? query.title : '';
    if (!title.trim()) throw httpError(400, EMSG.titleRequired, { field: 'title' });
    const exceptId = query.id === undefined || query.id === '' ? undefined : parseId(query.id);
    const languageId = typeof query.languageId === 'string' && query.languageId ? query.languageId : undefined;
    return ok(request, MSG.success, { seoLink: await freeSeoLink(app.db, websiteId, title, languageId, exceptId) });
  });

  // ---- writes ------------------------------------------------------------------------------------------

  async function create(request: FastifyRequest, approve: boolean) {
    const websiteId = await websiteOf(request);
    const body = bodyObject(request.body);
    const ui = messageLang(request);
    const input = await readNewsInput(app.db, websiteId, body, ui, undefined, approve ? 'review' : 'draft');
    await checkSeoLinks(app.db, websiteId, chosenLinks(input));
    const now = app.now();
    const status = statusAfterSave(approve);
    const id = await seoRace(app.db, websiteId, input, undefined, () =>
      app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('news')
          .values({
            ...input.top,
            websiteId,
            approvedStatus: status,
            declineReason: null,
            viewCount: 0,
            creatorId: request.user.id,
            creatorFullName: request.user.fullName,
            searchText: searchText(input),
            concurrencyStamp: randomUUID(),
            createdAt: iso(now),
            updatedAt: iso(now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeChildren(trx, websiteId, row.id, input, now);
        await history(trx, row.id, websiteId, status, null, request, now);
        return row.id;
      }),
    );
    return ok(request, MSG.added, await detailOrThrow(app.db, websiteId, id));
  }

  async function update(request: FastifyRequest, id: number, approve: boolean) {
    const websiteId = await websiteOf(request);
    const body = bodyObject(request.body);
    const stamp = requireStamp(body);
    const current = await detailOrThrow(app.db, websiteId, id);
    if (current.concurrencyStamp !== stamp) throw stale(current);
    if (current.approvedStatus === NEWS_STATUS.pending) {
      throw httpError(409, EDITORIAL_MESSAGES.pendingLocked, { field: 'approvedStatus', approvedStatus: NEWS_STATUS.pending });
    }
    const ui = messageLang(request);
    const input = await readNewsInput(app.db, websiteId, body, ui, current, approve ? 'review' : 'draft');
    await checkSeoLinks(app.db, websiteId, chosenLinks(input), id);
    const now = app.now();
    const status = statusAfterSave(approve);
    await seoRace(app.db, websiteId, input, id, () =>
      app.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('news')
          .set({ ...input.top, approvedStatus: status, searchText: searchText(input), concurrencyStamp: randomUUID(), updatedAt: iso(now) })
          .where('id', '=', id)
          .where('websiteId', '=', websiteId)
          .where('concurrencyStamp', '=', stamp)
          .where('approvedStatus', '!=', NEWS_STATUS.pending)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw stale((await loadNews(trx, websiteId, id)) ?? current);
        await writeChildren(trx, websiteId, id, input, now);
        if (status !== current.approvedStatus) await history(trx, id, websiteId, status, null, request, now);
      }),
    );
    return ok(request, MSG.updated, await detailOrThrow(app.db, websiteId, id));
  }

  /** POST News/{website}/{isApproveFlag} (true/false/1/0) or POST News/{website}/{lang} (flag in the body). */
  app.post('/News/:website/:second', async (request) => {
    const { second } = request.params as Params;
    return create(request, isFlag(second) ? flagValue(second) : bodyFlag(bodyObject(request.body)));
  });

  /** PUT News/{website}/{id}/{flag} or PUT News/{website}/{lang}/{id} (flag in the body). */
  app.put('/News/:website/:a/:b', async (request) => {
    const { a, b } = request.params as Params;
    if (isFlag(b) && /^\d+$/.test(a)) return update(request, parseId(a), flagValue(b));
    return update(request, parseId(b), bodyFlag(bodyObject(request.body)));
  });

  /** Approve (2) or decline (3, declineReason required) a pending news; `concurrencyStamp` optional. */
  app.put('/News/status/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    const body = bodyObject(request.body);
    const { status, reason } = readDecision(body);
    const current = await detailOrThrow(app.db, websiteId, id);
    assertDecidable(current, body.concurrencyStamp);
    const now = app.now();
    await app.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('news')
        .set({ approvedStatus: status, declineReason: reason, concurrencyStamp: randomUUID(), updatedAt: iso(now) })
        .where('id', '=', id)
        .where('websiteId', '=', websiteId)
        .where('approvedStatus', '=', NEWS_STATUS.pending)
        .where('concurrencyStamp', '=', current.concurrencyStamp as string)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw stale((await loadNews(trx, websiteId, id)) ?? current);
      await history(trx, id, websiteId, status, reason, request, now);
    });
    return ok(request, status === NEWS_STATUS.approved ? EMSG.approved : EMSG.declined, await detailOrThrow(app.db, websiteId, id));
  });

  app.delete('/News/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    await app.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('news').where('id', '=', id).where('websiteId', '=', websiteId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw httpError(404, MSG.recordNotFound);
      // Translations, category and sick links, history go with the row (ON DELETE CASCADE); tag links are generic.
      await removeTagLinks(trx, 'news', id);
    });
    return ok(request, MSG.deleted);
  });
};
