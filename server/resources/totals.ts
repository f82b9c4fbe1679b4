// The totals of lists (`totalRows`), kept while the database's change number stays the same (server/db/changes.ts):
// counting 10,000 matches of a keyword among 100,000 rows costs more than the page itself, and staff page through
// one search, sort it, come back to it. Any committed write moves the number on, and the kept totals go with it.
import { changeNumber, keptAt } from '../db/changes';
import { dialectOf } from '../db/dialect';
import { usesSearchIndex, walkIsCheaper } from '../http/query';
import type { DynamicDb } from './dynamic';
import type { AnyQuery } from './engine';

const counted = async (count: AnyQuery) => Number(((await count.executeTakeFirstOrThrow()) as { count: number | string }).count);

/**
 * A count with its key already known (the engine's page: the key from its conditions, compiled once for the page as
 * well), built only when its total is not kept. The key must tell every count apart that a compiled count would.
 */
export interface KeyedCount {
  key: string;
  query: () => AnyQuery;
}

/**
 * The value of `count` (a query selecting `count`), computed once per change number. `changes`: the request's
 * change number (read with its session), else it is read here.
 */
export async function totalOf(db: DynamicDb, count: AnyQuery | KeyedCount, changes?: () => Promise<string>): Promise<number> {
  const keyed = 'key' in count && typeof count.key === 'string' ? (count as KeyedCount) : undefined;
  const query = () => (keyed ? keyed.query() : (count as AnyQuery));
  // Inside a transaction the count may see the transaction's own writes: never kept.
  if (db.isTransaction) return counted(query());
  const n = changes ? await changes() : await changeNumber(db);
  const totals = keptAt(db, n, 'totals');
  let key = keyed?.key;
  if (key === undefined) {
    const { sql, parameters } = (count as AnyQuery).compile();
    key = `${sql}\u0000${JSON.stringify(parameters)}`;
  }
  const hit = totals.get(key) as number | undefined;
  if (hit !== undefined) return hit;
  // Counted after reading n: as new as n or newer, never older (a newer write has moved n on for later readers).
  const total = await counted(query());
  totals.set(key, total);
  return total;
}

/**
 * What a list page needs before its rows, the same for every list (the engine's and the hand-written ones):
 *  - `totalRows`, kept per change number (totalOf);
 *  - `read: false` when the page holds no row (no match, or past the end): reading it would walk the whole list in
 *    its order to find nothing;
 *  - `scan`, on SQLite, for a keyword: whether the page walks the list's order index comparing each row's search text
 *    (a common word) rather than taking every match from the search index (a rare one; see `walkIsCheaper`).
 * `count(keyword)`: the list's count query with that keyword, or without one (kept like any total, asked only when
 * needed).
 */
export async function pagePlan(
  db: DynamicDb,
  page: { keyword?: string; offset: number; size: number; count: (keyword?: string) => AnyQuery | KeyedCount; changes?: () => Promise<string> },
): Promise<{ totalRows: number; read: boolean; scan: boolean }> {
  const { keyword, offset, size, count, changes } = page;
  const totalRows = await totalOf(db, count(keyword), changes);
  if (totalRows <= offset) return { totalRows, read: false, scan: false };
  if (dialectOf(db) !== 'sqlite' || !keyword || !usesSearchIndex(keyword)) return { totalRows, read: true, scan: false };
  return { totalRows, read: true, scan: walkIsCheaper(offset + size, await totalOf(db, count(undefined), changes), totalRows) };
}
