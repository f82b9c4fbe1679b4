// The totals of lists (`totalRows`), kept while the database's change number stays the same (server/db/changes.ts):
// counting 10,000 matches of a keyword among 100,000 rows costs more than the page itself, and staff page through
// one search, sort it, come back to it. Any committed write moves the number on, and the kept totals go with it.
import { changeNumber } from '../db/changes';
import type { DynamicDb } from './dynamic';
import type { AnyQuery } from './engine';

/** At most this many totals per change number (one per distinct list query); beyond, they start over. */
const MAX_KEPT = 2000;
const kept = new WeakMap<object, { n: string; totals: Map<string, number> }>();

const counted = async (count: AnyQuery) => Number(((await count.executeTakeFirstOrThrow()) as { count: number | string }).count);

/** The value of `count` (a query selecting `count`), computed once per change number. */
export async function totalOf(db: DynamicDb, count: AnyQuery): Promise<number> {
  // Inside a transaction the count may see the transaction's own writes: never kept.
  if (db.isTransaction) return counted(count);
  const n = await changeNumber(db);
  let entry = kept.get(db);
  if (!entry || entry.n !== n) kept.set(db, (entry = { n, totals: new Map() }));
  const { sql, parameters } = count.compile();
  const key = `${sql}\u0000${JSON.stringify(parameters)}`;
  const hit = entry.totals.get(key);
  if (hit !== undefined) return hit;
  // Counted after reading n: as new as n or newer, never older (a newer write has moved n on for later readers).
  const total = await counted(count);
  if (entry.totals.size >= MAX_KEPT) entry.totals.clear();
  entry.totals.set(key, total);
  return total;
}
