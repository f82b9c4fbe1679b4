// /api/QAExperts: questions visitors asked and the experts' answers (spec part 2, "Expert Q&A"), the engine's
// resource with hooks (tags, the review workflow):
//
//   POST   creates a question (title in some language required; status 0); with `isApproveFlag: true` (staff adding
//          a question with its answer) the answer's rules as the PUT's, and the item is pending (1);
//   PUT    is the screen's "Save + approve": the answer with title, answer and seoLink in every website language
//          and a feature image, then the item is pending (1) and cannot be saved again until decided
//          (409 'Câu hỏi đang ở trạng thái chờ, không thể chỉnh sửa'); `isApproveFlag: false` saves as draft (0);
//   PUT QAExperts/status/{website}/{id} approves (2) or declines (3, declineReason required) a pending item,
//          the same rule as news.
// Per-language title, content, answer and seoLink travel as JSON text, like the engine's resources, and go
// through the engine's checkAndConvert (shared validation and messages).
import { NEWS_STATUS, qaDef } from '../../shared/editorial';
import type { ResourceDef } from '../../shared/resources/define';
import { isBlank, parseTranslations } from '../../shared/resources/translations';
import { httpError } from '../errors';
import { serve, toWire } from '../resources/index';
import { parseTagNames, removeTagLinks, setTags, tagsColumn, tagsOf } from '../editorial/tags';
import { jsonRows } from '../db/dialect';
import type { QaQuestionsTable } from '../editorial/tables';
import { M } from '../messages';

type Row = Omit<QaQuestionsTable, 'id'> & { id: number };

/** A question as asked: nothing of the answer is required yet. */
const questionDef: ResourceDef = { ...qaDef, fields: qaDef.fields.map((f) => ({ ...f, required: undefined })) };

const approving = (body: Record<string, unknown>) => body.isApproveFlag === true || body.isApproveFlag === 'true';

const hasAnswer = (answer: unknown) => Object.values(parseTranslations(answer)).some((t) => !isBlank(t, { type: 'richText' }));

function wire(row: Row, tags: { name: string }[]): Record<string, unknown> & { concurrencyStamp: string; approvedStatus: number; subjectTags: { name: string }[] } {
  return {
    concurrencyStamp: row.concurrencyStamp,
    ...toWire(qaDef, row),
    isAnswer: row.isAnswer,
    approvedStatus: row.approvedStatus,
    declineReason: row.declineReason,
    submittedBy: row.submittedBy,
    subjectTags: tags,
    createTime: row.createdAt,
    updateTime: row.updatedAt,
  };
}

const NEWEST_FIRST = [
  { column: 'createdAt', direction: 'desc' as const },
  { column: 'id', direction: 'desc' as const },
];

export const qaResource = serve<{ tags: string[] }, typeof qaDef, Row & { tagList?: unknown }>(
  qaDef,
  {
    listEnvelope: true,
    filters: [
      { name: 'isAnswer', kind: 'bool' },
      { name: 'approvedStatus', kind: 'int', min: 0, max: 3 },
    ],
    orderBy: NEWEST_FIRST,
    // The tags with the page, in one statement (server/news/store.ts listSelect does the same).
    listSelect: (ctx, q) => q.selectAll().select(tagsColumn(ctx.db, 'qa', `${qaDef.table}.id`)),
    listSelectKey: () => '',
    listRows: (_ctx, rows) => rows.map((r) => wire(r, jsonRows(r.tagList))),
    async detail(db, row) {
      const id = row.id as number;
      return wire(row, (await tagsOf(db, 'qa', [id])).get(id) ?? []);
    },
    // Staff adding a question and its answer at once (/expert-question-and-answer/add, "Save + approve"): the
    // answer's rules, then pending, as the PUT below. Without the flag, a question as asked: nothing of the answer required.
    rules: (_ctx, body, current) => (!current && !approving(body) ? questionDef : qaDef),
    async prepare(ctx, body, current, values) {
      if (!current && !approving(body)) {
        // A question as asked: a title in some language.
        if (!Object.values(parseTranslations(values.title)).some((t) => t.trim())) throw httpError(400, M.titleRequired, { field: 'title' });
        const tags = parseTagNames(body.subjectTags);
        return { values: { ...values, isAnswer: hasAnswer(values.answer), approvedStatus: NEWS_STATUS.draft, searchText: values.searchText ?? '' }, input: { tags } };
      }
      const tags = 'subjectTags' in body || !current ? parseTagNames(body.subjectTags) : (current.subjectTags as { name: string }[]).map((t) => t.name);
      const status = body.isApproveFlag === false || body.isApproveFlag === 'false' ? NEWS_STATUS.draft : NEWS_STATUS.pending;
      const submittedBy = status === NEWS_STATUS.pending ? ctx.request.user.id : null;
      const created = current ? {} : { searchText: values.searchText ?? '' };
      return { values: { ...values, ...created, isAnswer: hasAnswer(values.answer), approvedStatus: status, submittedBy }, input: { tags } };
    },
    async afterWrite(ctx, written) {
      await setTags(ctx.db, ctx.scope.websiteId, 'qa', written.id, written.input.tags, ctx.now);
    },
    async afterRemove(ctx, id) {
      await removeTagLinks(ctx.db, 'qa', id);
    },
  },
  { tableFromMigration: true },
);
