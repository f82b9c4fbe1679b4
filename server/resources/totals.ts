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
 * The value of `count` (a query selecting `count`), computed once per change number. `changes`: the request's
 * change number (read with its session), else it is read here.
 */
export async function totalOf(db: DynamicDb, count: AnyQuery, changes?: () => Promise<string>): Promise<number> {
  // Inside a transaction the count may see the transaction's own writes: never kept.
  if (db.isTransaction) return counted(count);
  const n = changes ? await changes() : await changeNumber(db);
  const totals = keptAt(db, n, 'totals');
  const { sql, parameters } = count.compile();
  const key = `${sql}\u0000${JSON.stringify(parameters)}`;
  const hit = totals.get(key) as number | undefined;
  if (hit !== undefined) return hit;
  // Counted after reading n: as new as n or newer, never older (a newer write has moved n on for later readers).
  const total = await counted(count);
  totals.set(key, total);
  return total;
}

/**
 * On SQLite, whether the keyword page ending at row `end` is read walking the list's order index (`scan`, the keyword
 * compared row by row) rather than from the search index: see `walkIsCheaper`. `matches`: the keyword's total;
 * `unfiltered`: the count of the same list without the keyword (kept like any total), built only when needed.
 */
export async function walksOrderIndex(db: DynamicDb, keyword: string | undefined, matches: number, end: number, unfiltered: () => AnyQuery, changes?: () => Promise<string>): Promise<boolean> {
  if (dialectOf(db) !== 'sqlite' || !keyword || !usesSearchIndex(keyword) || matches === 0) return false;
  return walkIsCheaper(end, await totalOf(db, unfiltered(), changes), matches);
}
