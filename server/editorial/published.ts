// Published versions of reviewed content (news, services): what a reviewer approved, kept apart from later edits, and
// what the delivery API (/content/{website}/{lang}/news, services…) reads. Table: migration 0016_published_content.
//
//   approve (the review machine's move, its `afterMove` hook) → `publish`: the record's public form per language
//     replaces its previous published version, in the move's transaction;
//   a later save (draft or for review) and a decline → nothing changes here: the site keeps the approved version;
//   every save → `syncActive`: the record's Active is read live (unticking it and saving takes the record off the
//     site at once, the content shown stays the approved one; ticking it again brings that one back);
//   delete → `unpublish`.
//
// What each resource publishes (its public form: list item, detail, links) is built by its module (news/publish.ts,
// services/publish.ts); this file stores and reads the rows. Per-language values are already plain text in the row's
// language (with the website's default language as fallback) when stored: a read is one statement, no per-row work
// beyond parsing the row's JSON.
import { sql, type Generated } from 'kysely';
import { publicText } from '../../shared/resources/delivery';
import { newsCategory } from '../../shared/resources/news-category';
import { FALLBACK_LANGUAGE } from '../../shared/resources/define';
import { resources as registry } from '../../shared/resources/index';
import type { ResourceDef } from '../../shared/resources/define';
import { iso, jsonArrayFrom, jsonInteger, jsonRows, lockName } from '../db/dialect';
import { keywordMatch } from '../http/query';
import { activeReferences, dynamic, underInactive, type PreviewVersion } from '../resources/index';
import { foldText } from '../../shared/text';
import type { Db } from './common';

export interface PublishedContentTable {
  websiteId: number;
  resource: string;
  recordId: number;
  languageId: string;
  seoLink: string;
  title: string;
  startTime: string | null;
  sortOrder: Generated<number>;
  isActive: boolean;
  searchText: string;
  item: string;
  detail: string;
  type: Generated<number>;
  publishedAt: string;
}

export interface PublishedCategoriesTable {
  websiteId: number;
  resource: string;
  recordId: number;
  categoryId: number;
  sortOrder: number;
}

declare module '../db/schema' {
  interface Database {
    published_content: PublishedContentTable;
    published_categories: PublishedCategoriesTable;
  }
}

/** A resource that publishes: its definition's name and table. */
export interface PublishedResource {
  resource: string;
  table: string;
}

/** One language of a record's public form. */
export interface PublishedLanguage {
  languageId: string;
  seoLink: string;
  title: string;
  /** from when it is shown (news); null: always */
  startTime?: string | null;
  sortOrder?: number;
  type?: number;
  /** folded text the keyword is matched against */
  searchText: string;
  /** the list item (wire form, per-language values as plain text) */
  item: Record<string, unknown>;
  /** what reading the record alone adds to the item */
  detail: Record<string, unknown>;
}

export interface PublishedRecord {
  websiteId: number;
  recordId: number;
  isActive: boolean;
  languages: PublishedLanguage[];
  /** the categories (news), in order: filtered by and shown with their live names */
  categoryIds?: number[];
}

/** Each website's default language (what per-language values fall back to when published). */
export async function defaultLanguages(db: Db, websiteIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!websiteIds.length) return out;
  const rows = await db.selectFrom('website_languages').select(['websiteId', 'languageId']).where('websiteId', 'in', [...new Set(websiteIds)]).where('isDefault', '=', true).execute();
  for (const r of rows) out.set(r.websiteId, r.languageId);
  for (const id of websiteIds) if (!out.has(id)) out.set(id, FALLBACK_LANGUAGE);
  return out;
}

/** Replaces the published versions of `records` (their previous ones go: an approval replaces what was approved). */
export async function publish(db: Db, of: PublishedResource, records: PublishedRecord[], now: Date): Promise<void> {
  if (!records.length) return;
  await unpublish(db, of, records.map((r) => r.recordId));
  const rows = records.flatMap((r) =>
    r.languages.map((l) => ({
      websiteId: r.websiteId,
      resource: of.resource,
      recordId: r.recordId,
      languageId: l.languageId,
      seoLink: l.seoLink,
      title: l.title,
      startTime: l.startTime ?? null,
      sortOrder: l.sortOrder ?? 0,
      type: l.type ?? 0,
      isActive: r.isActive,
      searchText: l.searchText,
      item: JSON.stringify(l.item),
      detail: JSON.stringify(l.detail),
      publishedAt: iso(now),
    })),
  );
  // In slices: a backfill publishes hundreds of records at once (PostgreSQL takes at most 65,535 parameters).
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('published_content').values(rows.slice(i, i + 500)).execute();
  const links = records.flatMap((r) => (r.categoryIds ?? []).map((categoryId, sortOrder) => ({ websiteId: r.websiteId, resource: of.resource, recordId: r.recordId, categoryId, sortOrder })));
  for (let i = 0; i < links.length; i += 1000) await db.insertInto('published_categories').values(links.slice(i, i + 1000)).execute();
}

/** The published versions of these records go (the record was deleted, or is published again). */
export async function unpublish(db: Db, of: PublishedResource, recordIds: number[]): Promise<void> {
  if (!recordIds.length) return;
  await db.deleteFrom('published_content').where('resource', '=', of.resource).where('recordId', 'in', recordIds).execute();
  await db.deleteFrom('published_categories').where('resource', '=', of.resource).where('recordId', 'in', recordIds).execute();
}

/** The record's Active as saved, onto its published version (a save's transaction): Active is read live. */
export async function syncActive(db: Db, of: PublishedResource, recordId: number): Promise<void> {
  await db
    .updateTable('published_content')
    .set({ isActive: sql`(select ${sql.ref(`${of.table}.isActive`)} from ${sql.table(of.table)} where ${sql.ref(`${of.table}.id`)} = ${recordId})` })
    .where('resource', '=', of.resource)
    .where('recordId', '=', recordId)
    .execute();
}

/**
 * Approved records of `of` (their status 2) that have no published version: published from their current state,
 * which is the approved one (any save after an approval leaves status 2). Databases from before migration 0016, and
 * rows loaded without the routes (the bench): run at start-up, a no-op once done. `publishIds` builds and publishes.
 */
export async function backfill(db: Db, of: PublishedResource, publishIds: (db: Db, ids: number[]) => Promise<void>): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    // A slice at a time, each in its transaction: two instances starting at once take turns (the second finds none).
    const last = await db.transaction().execute(async (trx) => {
      await lockName(trx, `published-backfill-${of.resource}`);
      // The table of the resource that publishes, named by `of` at run time: the engine's view of the handle.
      const rows = (await dynamic(trx)
        .selectFrom(`${of.table} as r`)
        .select('r.id')
        .where('r.approvedStatus', '=', 2)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('published_content as p').select('p.recordId').where('p.resource', '=', of.resource).whereRef('p.recordId', '=', 'r.id'))),
        )
        .where('r.id', '>', after)
        .orderBy('r.id')
        .limit(500)
        .execute()) as { id: number }[];
      if (!rows.length) return undefined;
      await publishIds(trx, rows.map((r) => r.id));
      count += rows.length;
      return rows[rows.length - 1].id;
    });
    if (last === undefined) return count;
    // A record with no text in any language publishes nothing: the next slice starts after it.
    after = last;
  }
}

// ---- reading (the delivery areas) ----

const parentsOf = new Map<string, ReturnType<typeof activeReferences>>();

/**
 * A child of an inactive parent is never public (docs/api.md "Delivery API"): a published record whose item names a
 * record that can be switched off, and is (a service's group, by the `serviceGroupId` it was approved with), is left
 * out, read live as its own Active is. The references are the definition's, found as the generic areas find them
 * (activeReferences). `q` reads `published_content` as `alias`; the lists, a record by its link and the links the
 * menus and disease pages hand out all narrow by it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withActiveParents<Q extends { where: (...args: any[]) => any }>(db: Db, resource: string, q: Q, alias = 'p'): Q {
  let refs = parentsOf.get(resource);
  if (!refs) {
    const def = (registry as Record<string, ResourceDef>)[resource];
    refs = def ? activeReferences(def) : [];
    parentsOf.set(resource, refs);
  }
  for (const ref of refs) {
    const parents = dynamic(db);
    const inactive = parents.selectFrom(`${ref.table} as parent`).select('parent.id').where('parent.id', '=', jsonInteger(db, `${alias}.item`, ref.field)).where(`parent.${ref.active}`, '=', false);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    q = q.where((eb: any) => eb.not(eb.exists(inactive))) as Q;
  }
  return q;
}

/** What the delivery API reads: a website's language, at the request's time. */
export interface PublishedScope {
  db: Db;
  websiteId: number;
  lang: string;
  defaultLang: string;
  now: Date;
}

export interface ListOptions {
  /** news: newest first, only what has started; otherwise the records' own order */
  byStart: boolean;
  offset: number;
  limit: number;
  keyword?: string;
  /** a category's SEO link: only records published in it */
  category?: string;
  type?: number;
}

type Base = ReturnType<typeof baseQuery>;

function baseQuery(s: PublishedScope, of: PublishedResource, byStart: boolean) {
  let q = s.db
    .selectFrom('published_content as p')
    .where('p.websiteId', '=', s.websiteId)
    .where('p.resource', '=', of.resource)
    .where('p.languageId', '=', s.lang)
    .where('p.isActive', '=', true);
  if (byStart) q = q.where('p.startTime', '<=', iso(s.now));
  return withActiveParents(s.db, of.resource, q);
}

/**
 * The website's categories under a switched-off one: a child of an inactive parent is never public, so neither shown
 * on a news item nor a filter (its own page is already a 404, the generic area's tree walk). One read of the
 * website's categories (a few hundred rows at most) per answer, not one per row; the reads below leave these ids out.
 */
function hiddenCategories(s: PublishedScope): Promise<Set<unknown>> {
  return underInactive(dynamic(s.db), newsCategory.table, s.websiteId, 'parentId', 'isActive');
}

/** A published record's active categories (`hidden`: those under a switched-off one, left out). */
function publishedCategories(s: PublishedScope, hidden: Set<unknown>) {
  const q = s.db
    .selectFrom('published_categories as pc')
    .innerJoin(`${newsCategory.table} as c`, (j) => j.onRef('c.id', '=', 'pc.categoryId').onRef('c.websiteId', '=', 'pc.websiteId'))
    .where('c.isActive', '=', true);
  return hidden.size ? q.where('c.id', 'not in', [...hidden] as number[]) : q;
}

/** The categories column of a published record: its active categories, names as stored (per-language JSON text). */
function categoriesColumn(s: PublishedScope, hidden: Set<unknown>, alias = 'p') {
  return jsonArrayFrom(
    s.db,
    publishedCategories(s, hidden)
      .select(['c.name', 'c.seoLink'])
      // The outer row's columns (a correlated subquery: its alias is not among this query's tables).
      .where('pc.resource', '=', sql.ref<string>(`${alias}.resource`))
      .where('pc.recordId', '=', sql.ref<number>(`${alias}.recordId`))
      .orderBy('pc.sortOrder'),
  ).as('categories');
}

/** A published row as the wire has it: the item, its live categories (news), and the detail when asked. */
function shape(s: PublishedScope, row: { item: string; detail?: string; categories?: unknown }, withCategories: boolean) {
  const out = JSON.parse(row.item) as Record<string, unknown>;
  if (withCategories) {
    out.categories = jsonRows<{ name: string | null; seoLink: string | null }>(row.categories).map((c) => ({ name: publicText(c.name, s.lang, s.defaultLang), seoLink: c.seoLink ?? '' }));
  }
  if (row.detail) Object.assign(out, JSON.parse(row.detail));
  return out;
}

function filtered(s: PublishedScope, of: PublishedResource, o: Pick<ListOptions, 'byStart' | 'keyword' | 'category' | 'type'>, hidden: Set<unknown>): Base {
  let q = baseQuery(s, of, o.byStart);
  if (o.type !== undefined) q = q.where('p.type', '=', o.type);
  if (o.keyword) q = q.where(keywordMatch(o.keyword, { alias: 'p', scan: true }));
  if (o.category !== undefined) {
    const link = o.category;
    q = q.where(({ exists }) =>
      exists(
        publishedCategories(s, hidden)
          .select('pc.recordId')
          .where('pc.resource', '=', sql.ref<string>('p.resource'))
          .where('pc.recordId', '=', sql.ref<number>('p.recordId'))
          .where('c.seoLink', '=', link),
      ),
    );
  }
  return q;
}

/**
 * One page of published records, newest first (news) or in their order, with the number of matches: one statement
 * (the count a scalar subquery of it; a second only when the page is past the end). News: the page's keys are found
 * in the list's index alone (its search text included), then its rows read by key, so a rare keyword does not fetch
 * every row it tests (PostgreSQL filters a plain index scan's rows after reading them: 0.15 s → ms at 50,000 news).
 */
export async function listPublished(s: PublishedScope, of: PublishedResource, o: ListOptions & { categories?: boolean; detail?: boolean }) {
  const hidden = o.categories || o.category !== undefined ? await hiddenCategories(s) : new Set<unknown>();
  const q = filtered(s, of, o, hidden);
  const total = q.select((eb) => eb.fn.countAll().as('n'));
  let page;
  if (o.byStart) {
    const keys = q.select(['p.recordId', 'p.startTime']).orderBy('p.startTime', 'desc').orderBy('p.recordId', 'desc').limit(o.limit).offset(o.offset).as('k');
    page = s.db
      .selectFrom(keys)
      .innerJoin('published_content as r', (j) => j.onRef('r.recordId', '=', 'k.recordId').on('r.resource', '=', of.resource).on('r.languageId', '=', s.lang))
      .select(['r.item', total.as('totalRows')])
      .orderBy('k.startTime', 'desc')
      .orderBy('k.recordId', 'desc');
    if (o.detail) page = page.select('r.detail');
    if (o.categories) page = page.select(() => [categoriesColumn(s, hidden, 'r')]);
  } else {
    page = q.select(['p.item', total.as('totalRows')]).orderBy('p.sortOrder').orderBy('p.recordId').limit(o.limit).offset(o.offset);
    if (o.detail) page = page.select('p.detail');
    if (o.categories) page = page.select(() => [categoriesColumn(s, hidden)]);
  }
  const rows = (await page.execute()) as { item: string; detail?: string; categories?: unknown; totalRows: number | string }[];
  const totalRows = rows.length ? Number(rows[0].totalRows) : o.offset ? Number(((await total.executeTakeFirst()) as { n: number | string } | undefined)?.n ?? 0) : 0;
  return { data: rows.map((r) => shape(s, r, Boolean(o.categories))), totalRows };
}

/**
 * A published record by its link in the scope's language (undefined: not published there, → 404). Looked up by the
 * link alone (its index), then checked here: with the list's conditions in the statement SQLite may walk the list's
 * index instead (0.2 s at 50,000 news). A link may be held by two published versions (one news item's approved link,
 * since given up in an edit, taken by another): the newest that is shown wins.
 */
export async function onePublished(s: PublishedScope, of: PublishedResource, o: { byStart: boolean; seoLink: string; categories?: boolean }) {
  let q = s.db
    .selectFrom('published_content as p')
    .where('p.websiteId', '=', s.websiteId)
    .where('p.resource', '=', of.resource)
    .where('p.languageId', '=', s.lang)
    .where('p.seoLink', '=', o.seoLink)
    .select(['p.item', 'p.detail', 'p.isActive', 'p.startTime']);
  q = withActiveParents(s.db, of.resource, q);
  if (o.categories) {
    const hidden = await hiddenCategories(s);
    q = q.select(() => [categoriesColumn(s, hidden)]);
  }
  const rows = (await q.execute()) as { item: string; detail: string; isActive: boolean; startTime: string | null; categories?: unknown }[];
  const now = iso(s.now);
  const shown = rows.filter((r) => r.isActive && (!o.byStart || (r.startTime !== null && r.startTime <= now)));
  shown.sort((a, b) => ((a.startTime ?? '') < (b.startTime ?? '') ? 1 : -1));
  return shown.length ? shape(s, shown[0], Boolean(o.categories)) : undefined;
}

/**
 * The latest start time that has passed of the website's published records in the language (one index seek): what
 * changes the news answers without a write when a scheduled item's time comes (part of the ETag).
 */
export async function latestStart(s: PublishedScope, of: PublishedResource): Promise<string | null> {
  const row = (await baseQuery(s, of, true).select((eb) => eb.fn.max('p.startTime').as('latest')).executeTakeFirst()) as { latest: string | null } | undefined;
  return row?.latest ?? null;
}

/**
 * A record's saved version (`record`: built by its module from its current rows, as an approval would publish it) in
 * the scope's language, as the delivery areas show it: a preview. Its categories (news) with their live names, as a
 * published record's; `inList`: whether the list's filters would show it.
 */
export async function previewOf(
  s: PublishedScope,
  record: PublishedRecord | undefined,
  o: { categories?: boolean; keyword?: string; category?: string; type?: number },
): Promise<PreviewVersion | undefined> {
  const lang = record?.languages.find((l) => l.languageId === s.lang);
  if (!record || !lang) return undefined;
  const item: Record<string, unknown> = { ...lang.item };
  let links: string[] = [];
  if (o.categories) {
    const hidden = await hiddenCategories(s);
    const ids = (record.categoryIds ?? []).filter((id) => !hidden.has(id));
    const rows = ids.length
      ? ((await dynamic(s.db).selectFrom(newsCategory.table).select(['id', 'name', 'seoLink']).where('websiteId', '=', s.websiteId).where('isActive', '=', true).where('id', 'in', ids).execute()) as { id: number; name: string | null; seoLink: string | null }[])
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const shown = ids.map((id) => byId.get(id)).filter((c) => c !== undefined);
    item.categories = shown.map((c) => ({ name: publicText(c.name, s.lang, s.defaultLang), seoLink: c.seoLink ?? '' }));
    links = shown.map((c) => c.seoLink ?? '');
  }
  const keyword = o.keyword ? foldText(o.keyword.trim()) : '';
  const inList = (o.type === undefined || (lang.type ?? 0) === o.type) && (o.category === undefined || links.includes(o.category)) && (!keyword || lang.searchText.includes(keyword));
  return { key: lang.seoLink, item, detail: { ...item, ...lang.detail }, inList };
}
