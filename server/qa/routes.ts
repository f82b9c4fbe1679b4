// /api/QAExperts: questions visitors asked and the experts' answers (spec part 2, "Expert Q&A").
//
//   POST   creates a question (title in some language required; status 0);
//   PUT    is the screen's "Save + approve": the answer with title, answer and seoLink in every website language
//          and a feature image, then the item is pending (1) and cannot be saved again until decided
//          (409 'Câu hỏi đang ở trạng thái chờ, không thể chỉnh sửa'); `isApproveFlag: false` saves as draft (0);
//   PUT QAExperts/status/{website}/{id} approves (2) or declines (3, declineReason required) a pending item,
//          the same rule as news.
// Per-language title, content, answer and seoLink travel as JSON text, like the engine's resources, and go
// through the engine's checkAndConvert (shared validation and messages).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EDITORIAL_MESSAGES, NEWS_STATUS, qaDef } from '../../shared/editorial';
import type { ResourceDef } from '../../shared/resources/define';
import { isBlank, parseTranslations } from '../../shared/resources/translations';
import { iso } from '../db/dialect';
import { httpError } from '../errors';
import { localize, MSG, messageLang } from '../i18n';
import { bodyObject, checkAndConvert, parseId, requireStamp, requireWebsite, stale, toWire, websiteLanguages } from '../resources/index';
import { ok } from '../http/envelope';
import { EMSG, type Body, type Db } from '../editorial/common';
import { keywordMatch, keywordOf, paging, queryBool, queryInt } from '../http/query';
import { assertDecidable, readDecision } from '../editorial/decision';
import { parseTagNames, removeTagLinks, setTags, tagsOf } from '../editorial/tags';
import type { QaQuestionsTable } from '../editorial/tables';

type Params = Record<string, string>;
type Row = Omit<QaQuestionsTable, 'id'> & { id: number };

/** A question as asked: nothing of the answer is required yet. */
const questionDef: ResourceDef = { ...qaDef, fields: qaDef.fields.map((f) => ({ ...f, required: undefined })) };

const hasAnswer = (answer: unknown) => Object.values(parseTranslations(answer)).some((t) => !isBlank(t, { type: 'richText' }));

function wire(row: Row, tags: { name: string }[]): Record<string, unknown> & { concurrencyStamp: string; approvedStatus: number; subjectTags: { name: string }[] } {
  return {
    concurrencyStamp: row.concurrencyStamp,
    ...toWire(qaDef, row as unknown as Record<string, unknown>),
    isAnswer: row.isAnswer,
    approvedStatus: row.approvedStatus,
    declineReason: row.declineReason,
    subjectTags: tags,
    createTime: row.createdAt,
    updateTime: row.updatedAt,
  };
}

async function load(db: Db, websiteId: number, id: number) {
  const row = await db.selectFrom('qa_questions').selectAll().where('id', '=', id).where('websiteId', '=', websiteId).executeTakeFirst();
  if (!row) return undefined;
  return wire(row, (await tagsOf(db, 'qa', [id])).get(id) ?? []);
}

export const qaRoutes: FastifyPluginAsync = async (app) => {
  const websiteOf = (request: FastifyRequest) => requireWebsite(app.db, request, (request.params as Params).website);
  const loadOrThrow = async (db: Db, websiteId: number, id: number) => {
    const record = await load(db, websiteId, id);
    if (!record) throw httpError(404, MSG.recordNotFound);
    return record;
  };

  /** `?keyword&isAnswer&approvedStatus&page&pageSize` → `{ code: 1, message, data, totalRows }`, newest first. */
  app.get('/QAExperts/:website', async (request) => {
    const websiteId = await websiteOf(request);
    const query = request.query as Body;
    const { pageSize, offset } = paging(query, 20, 1000);
    let q = app.db.selectFrom('qa_questions').where('websiteId', '=', websiteId);
    const isAnswer = queryBool(query.isAnswer, 'isAnswer');
    if (isAnswer !== undefined) q = q.where('isAnswer', '=', isAnswer);
    const status = queryInt(query.approvedStatus, 'approvedStatus', 0, 3);
    if (status !== undefined) q = q.where('approvedStatus', '=', status);
    const keyword = keywordOf(query);
    if (keyword) q = q.where(keywordMatch(keyword));
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const tags = await tagsOf(app.db, 'qa', rows.map((r) => r.id));
    return { code: 1, message: localize(request, MSG.success), data: rows.map((r) => wire(r, tags.get(r.id) ?? [])), totalRows: Number(count.n) };
  });

  app.get('/QAExperts/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    return ok(request, MSG.success, await loadOrThrow(app.db, websiteId, parseId((request.params as Params).id)));
  });

  app.post('/QAExperts/:website', async (request) => {
    const websiteId = await websiteOf(request);
    const body = bodyObject(request.body);
    const languages = await websiteLanguages(app.db, websiteId);
    const values = checkAndConvert(questionDef, body, languages, messageLang(request));
    if (!Object.values(parseTranslations(values.title)).some((t) => t.trim())) throw httpError(400, EMSG.titleRequired, { field: 'title' });
    const tags = parseTagNames(body.subjectTags);
    const at = iso(app.now());
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('qa_questions')
        .values({
          ...(values as Pick<QaQuestionsTable, 'title' | 'content' | 'answer' | 'seoLink'>),
          websiteId,
          isAnswer: hasAnswer(values.answer),
          approvedStatus: NEWS_STATUS.draft,
          searchText: (values.searchText as string) ?? '',
          concurrencyStamp: randomUUID(),
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setTags(trx, websiteId, 'qa', row.id, tags, app.now());
      return row.id;
    });
    return ok(request, MSG.added, await loadOrThrow(app.db, websiteId, id));
  });

  app.put('/QAExperts/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    const body = bodyObject(request.body);
    const stamp = requireStamp(body);
    const current = await loadOrThrow(app.db, websiteId, id);
    if (current.concurrencyStamp !== stamp) throw stale(current);
    if (current.approvedStatus === NEWS_STATUS.pending) {
      throw httpError(409, EDITORIAL_MESSAGES.qaPendingLocked, { field: 'approvedStatus', approvedStatus: NEWS_STATUS.pending });
    }
    const languages = await websiteLanguages(app.db, websiteId);
    const values = checkAndConvert(qaDef, body, languages, messageLang(request), current);
    const tags = 'subjectTags' in body ? parseTagNames(body.subjectTags) : current.subjectTags.map((t) => t.name);
    const status = body.isApproveFlag === false || body.isApproveFlag === 'false' ? NEWS_STATUS.draft : NEWS_STATUS.pending;
    await app.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('qa_questions')
        .set({ ...(values as Record<string, never>), isAnswer: hasAnswer(values.answer), approvedStatus: status, concurrencyStamp: randomUUID(), updatedAt: iso(app.now()) })
        .where('id', '=', id)
        .where('websiteId', '=', websiteId)
        .where('concurrencyStamp', '=', stamp)
        .where('approvedStatus', '!=', NEWS_STATUS.pending)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw stale((await load(trx, websiteId, id)) ?? current);
      await setTags(trx, websiteId, 'qa', id, tags, app.now());
    });
    return ok(request, MSG.updated, await loadOrThrow(app.db, websiteId, id));
  });

  app.put('/QAExperts/status/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    const body = bodyObject(request.body);
    const { status, reason } = readDecision(body);
    const current = await loadOrThrow(app.db, websiteId, id);
    assertDecidable(current, body.concurrencyStamp);
    const result = await app.db
      .updateTable('qa_questions')
      .set({ approvedStatus: status, declineReason: reason, concurrencyStamp: randomUUID(), updatedAt: iso(app.now()) })
      .where('id', '=', id)
      .where('websiteId', '=', websiteId)
      .where('approvedStatus', '=', NEWS_STATUS.pending)
      .where('concurrencyStamp', '=', current.concurrencyStamp as string)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw stale(await loadOrThrow(app.db, websiteId, id));
    return ok(request, status === NEWS_STATUS.approved ? EMSG.approved : EMSG.declined, await loadOrThrow(app.db, websiteId, id));
  });

  app.delete('/QAExperts/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    await app.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('qa_questions').where('id', '=', id).where('websiteId', '=', websiteId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw httpError(404, MSG.recordNotFound);
      await removeTagLinks(trx, 'qa', id);
    });
    return ok(request, MSG.deleted);
  });
};
