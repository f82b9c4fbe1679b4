// Reading a list's query string, the same way for every list (the resource engine's and the hand-written
// ones): numbers, flags, paging and the keyword, each a 400 naming the parameter when it is not what it says.
import { sql, type Expression, type SqlBool } from 'kysely';
import { httpError } from '../errors';
import { foldText } from '../../shared/text';
import type { DialectName } from '../db/dialect';
import { M } from '../messages';
import { isPhone, normalizePhone } from '../../shared/input';

export type Query = Record<string, unknown>;

/** `true`/`false` (also 1/0); undefined when absent or empty; 400 otherwise. */
export function queryBool(raw: unknown, name: string): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw httpError(400, M.badQuery(name));
}

/** A whole number within [min, max]; undefined when absent or empty; 400 otherwise. */
export function queryInt(raw: unknown, name: string, min: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^-?\d{1,10}$/.test(raw.trim())) throw httpError(400, M.badQuery(name), { field: name });
  const n = Number(raw);
  if (n < min || n > max) throw httpError(400, M.badQuery(name), { field: name });
  return n;
}

/** page (default 1) and pageSize (default `size`, at most `max`). */
export function paging(query: Query, size = 20, max = 1000) {
  const page = queryInt(query.page, 'page', 1, 1_000_000) ?? 1;
  const pageSize = Math.min(queryInt(query.pageSize, 'pageSize', 1, 1_000_000) ?? size, max);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export const keywordOf = (query: Query): string | undefined =>
  typeof query.keyword === 'string' && query.keyword.trim() ? query.keyword.trim() : undefined;

/**
 * A keyword that is a phone number, as phone numbers are stored (shared/input.ts `normalizePhone`): "0978 975 965"
 * finds the 0978975965 stored; undefined for any other keyword.
 */
export const phoneKeyword = (keyword: string | undefined): string | undefined =>
  keyword && isPhone(keyword) && normalizePhone(keyword) !== keyword ? normalizePhone(keyword) : undefined;

/** `LIKE` pattern for a keyword, folded like the `searchText` columns, with `\` escaping `%`, `_` and itself. */
export function likePattern(keyword: string): string {
  return `%${foldText(keyword.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name of a table's search index over `searchText` (server/resources/schema.ts `ensureSearchIndex`). */
export const searchIndexOf = (table: string) => `${table}_search`;

/** A keyword the SQLite search index can look up: three characters or more (its trigrams). */
export const usesSearchIndex = (keyword: string) => [...foldText(keyword.trim())].length >= 3;

/**
 * The keyword condition on a table's `searchText`: a substring, folded like the column. On SQLite, a keyword of three
 * characters or more is looked up in the table's FTS5 trigram index (`<table>_search`: the same substrings, without
 * reading every row) unless `scan` asks for the row-by-row comparison (the same answers: totals.ts `pagePlan`); on
 * PostgreSQL the `LIKE` is served by the pg_trgm index when the database has the extension.
 * `ESCAPE` is spelled out: PostgreSQL escapes with `\` by default, SQLite has no escape character at all, so without
 * it "50%" or "phi_kham" would match differently per database.
 * `newest`: SQLite, only the index's newest (highest rowid) `newest` matches, read from its end and stopped there.
 */
export function keywordMatch(keyword: string, where: { table?: string; alias?: string; dialect?: DialectName; scan?: boolean; newest?: number } = {}): Expression<SqlBool> {
  const folded = foldText(keyword.trim());
  const column = (name: string) => sql.ref(where.alias ? `${where.alias}.${name}` : name);
  if (where.table && where.dialect === 'sqlite' && !where.scan && usesSearchIndex(keyword)) {
    const index = sql.table(searchIndexOf(where.table));
    // A quoted FTS5 string is matched as it is (no operators); a quote inside is doubled.
    const phrase = `"${folded.replace(/"/g, '""')}"`;
    if (where.newest !== undefined) return sql<SqlBool>`${column('id')} in (select rowid from ${index} where ${index} match ${phrase} order by rowid desc limit ${sql.lit(where.newest)})`;
    return sql<SqlBool>`${column('id')} in (select rowid from ${index} where ${index} match ${phrase})`;
  }
  return sql<SqlBool>`${column('searchText')} like ${likePattern(keyword)} escape ${'\\'}`;
}

/**
 * SQLite, a keyword page of a list read in an index's order: whether walking that index and comparing each row's
 * search text (about `end` × `rows` ÷ `matches` rows read to fill the page ending at row `end`) is cheaper than
 * taking every match from the search index and sorting them (`matches` rows). A common word walks, a rare one looks up.
 * PostgreSQL's planner makes this choice itself from its statistics.
 */
export const walkIsCheaper = (end: number, rows: number, matches: number) => matches > 0 && (end * rows) / matches < matches;
