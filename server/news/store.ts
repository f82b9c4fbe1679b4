// Reading news in wire form: the detail (with translations, categories, tags, sick links and status history)
// and list rows in one language.
import { newsCategory } from '../../shared/resources/news-category';
import { jsonArrayFrom, jsonObjectFrom, jsonRow, jsonRows } from '../db/dialect';
import { sql } from 'kysely';
import type { AnyQuery } from '../resources/engine';
import type { Db } from '../editorial/common';
import { tagsColumn, tagsOf } from '../editorial/tags';
import type { NewsTable } from '../editorial/tables';

export type NewsRow = Omit<NewsTable, 'id'> & { id: number };
/** A row of the list: the stored row with what `listSelect` reads beside it (its texts, categories and tags as JSON). */
export type ListedNews = NewsRow & { text?: unknown; categories?: unknown; tagList?: unknown };

const TOP_FIELDS = [
  'featureImage',
  'featureImageMobile',
  'altFeatureImage',
  'bannerImages',
  'bannerImagesMobile',
  'altImages',
  'isMobile',
  'isHomePage',
  'isHot',
  'isActive',
  'type',
  'startTime',
] as const;
export type NewsTopField = (typeof TOP_FIELDS)[number];
export const NEWS_TOP_FIELDS: readonly NewsTopField[] = TOP_FIELDS;

/** Stored columns every form of a news shows besides its id, website and TOP_FIELDS. */
const COMMON_FIELDS = ['approvedStatus', 'declineReason', 'submittedBy', 'viewCount', 'creatorId', 'creatorFullName', 'createdAt', 'updatedAt', 'concurrencyStamp'] as const;

function common(row: NewsRow) {
  const out: Record<string, unknown> = { id: row.id, websiteId: row.websiteId };
  for (const f of TOP_FIELDS) out[f] = row[f];
  out.approvedStatus = row.approvedStatus;
  out.declineReason = row.declineReason;
  out.submittedBy = row.submittedBy;
  out.viewCount = row.viewCount;
  out.creatorId = row.creatorId;
  out.creatorFullName = row.creatorFullName;
  out.createTime = row.createdAt;
  out.updateTime = row.updatedAt;
  out.concurrencyStamp = row.concurrencyStamp;
  return out;
}

/** Translation rows of some news, each news' rows in the languages' order. */
const ALL_TEXTS = ['t.title', 't.description', 't.content', 't.seoLink', 't.note', 't.metaTitle', 't.metaDescription', 't.metaKeyword'] as const;
/** What a list row shows: not the content (kilobytes of HTML per language that the list never sends). */
const LIST_TEXTS = ['t.title', 't.description', 't.seoLink'] as const;

async function translationsOf(db: Db, ids: number[], texts: readonly (typeof ALL_TEXTS)[number][] = ALL_TEXTS) {
  if (!ids.length) return new Map<number, Record<string, unknown>[]>();
  const rows = await db
    .selectFrom('news_translations as t')
    .innerJoin('languages as l', 'l.id', 't.languageId')
    .select(['t.newsId', 't.languageId', ...texts])
    .where('t.newsId', 'in', ids)
    .orderBy('l.sortOrder')
    .execute();
  const out = new Map<number, Record<string, unknown>[]>();
  for (const { newsId, ...t } of rows) {
    const list = out.get(newsId);
    if (list) list.push(t);
    else out.set(newsId, [t]);
  }
  return out;
}

/** Categories of some news: `[{ categoryId, name }]` (name as per-language JSON text), deleted ones skipped. */
async function categoriesOf(db: Db, ids: number[]) {
  const out = new Map<number, { categoryId: number; name: string }[]>();
  if (!ids.length) return out;
  const rows = (await db
    .selectFrom('news_categories as nc')
    .innerJoin(`${newsCategory.table} as c`, (j) => j.onRef('c.id', '=', 'nc.categoryId').onRef('c.websiteId', '=', 'nc.websiteId'))
    .select(['nc.newsId', 'nc.categoryId', 'c.name'])
    .where('nc.newsId', 'in', ids)
    .orderBy('nc.newsId')
    .orderBy('nc.sortOrder')
    .execute()) as { newsId: number; categoryId: number; name: string | null }[];
  for (const r of rows) {
    const category = { categoryId: r.categoryId, name: r.name ?? '{}' };
    const list = out.get(r.newsId);
    if (list) list.push(category);
    else out.set(r.newsId, [category]);
  }
  return out;
}

/** Per-language names of sick categories: sickId → JSON text. */
export async function sickNames(db: Db, sickIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!sickIds.length) return out;
  const rows = await db.selectFrom('sick_translations').select(['sickId', 'languageId', 'name']).where('sickId', 'in', sickIds).execute();
  const maps = new Map<number, Record<string, string>>();
  for (const r of rows) maps.set(r.sickId, { ...(maps.get(r.sickId) ?? {}), [r.languageId]: r.name });
  for (const [id, map] of maps) out.set(id, JSON.stringify(map));
  return out;
}

/** The whole news record in wire form, from its stored row. */
export async function newsDetail(db: Db, row: NewsRow): Promise<Record<string, unknown>> {
  const id = row.id;
  const [translations, categories, tags, sicks] = await Promise.all([
    translationsOf(db, [id]),
    categoriesOf(db, [id]),
    tagsOf(db, 'news', [id]),
    db.selectFrom('sick_news').select(['sickId', 'newsDefault']).where('newsId', '=', id).orderBy('sortOrder').execute(),
  ]);
  const names = await sickNames(db, sicks.map((s) => s.sickId));
  const cats = categories.get(id) ?? [];
  return {
    ...common(row),
    newsTranslations: translations.get(id) ?? [],
    categorys: cats.map((c) => c.categoryId),
    categoriesNews: cats,
    subjectTags: tags.get(id) ?? [],
    sickNews: sicks.map((s) => ({ sickId: s.sickId, isDefault: s.newsDefault, name: names.get(s.sickId) ?? '{}' })),
  };
}

/**
 * What a list page reads, in one statement: the news columns the rows show (not the search text) and, per row, its
 * list texts in `lang` (a primary-key lookup), its categories (deleted ones skipped) and its tags (JSON arrays:
 * `jsonArrayFrom`). Three more statements per page were three more round trips on PostgreSQL; all of a row's
 * translations, joined to the languages for their order, cost SQLite a third of the statement.
 */
export function listSelect(db: Db, q: AnyQuery, lang: string): AnyQuery {
  return q.select(['news.id', 'news.websiteId', ...TOP_FIELDS.map((f) => `news.${f}`), ...COMMON_FIELDS.map((f) => `news.${f}`)]).select(() => [
    jsonObjectFrom(db, db.selectFrom('news_translations as t').select(['t.languageId', ...LIST_TEXTS]).where('t.newsId', '=', sql.ref<number>('news.id')).where('t.languageId', '=', lang)).as('text'),
    jsonArrayFrom(
      db,
      db.selectFrom('news_categories as nc')
        .innerJoin(`${newsCategory.table} as c`, (j) => j.onRef('c.id', '=', 'nc.categoryId').onRef('c.websiteId', '=', 'nc.websiteId'))
        .select(['nc.categoryId', 'c.name'])
        .where('nc.newsId', '=', sql.ref<number>('news.id'))
        .orderBy('nc.sortOrder'),
    ).as('categories'),
    tagsColumn(db, 'news', 'news.id'),
  ]);
}

type ListText = { languageId: string; title: string; description: string; seoLink: string };

/**
 * List rows in one language (from `listSelect`): the common fields plus `title`, `description`, `seoLink` of `lang`
 * (else of the first language, in the languages' order, that has a title), `categoriesNews` and `subjectTags`.
 */
export async function listRows(db: Db, rows: ListedNews[], lang: string) {
  // A news not written in `lang`: its texts in another language, read for those rows only.
  const missing = rows.filter((row) => !row.text).map((row) => row.id);
  const others = missing.length ? await translationsOf(db, missing, LIST_TEXTS) : new Map<number, Record<string, unknown>[]>();
  return rows.map((row) => {
    const t: Partial<ListText> = jsonRow<ListText>(row.text) ?? (others.get(row.id) ?? []).find((x) => x.title) ?? {};
    // Filled in place (not spread into a new object): fifty rows per page, every page.
    const out = common(row);
    out.languageId = t.languageId ?? lang;
    out.title = t.title ?? '';
    out.description = t.description ?? '';
    out.seoLink = t.seoLink ?? '';
    out.categoriesNews = jsonRows<{ categoryId: number; name: string | null }>(row.categories).map((c) => ({ categoryId: c.categoryId, name: c.name ?? '{}' }));
    out.subjectTags = jsonRows<{ name: string }>(row.tagList);
    return out;
  });
}
