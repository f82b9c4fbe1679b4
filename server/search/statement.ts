// The first step of a search (./routes.ts) as ONE statement: each definition's ids the keyword finds (the engine's
// `foundQuery`: its list's query, its keyword index), newest first, joined with UNION ALL. Built and compiled through
// Kysely once per user, website, gates and kind of keyword, then kept: a search then costs one statement whose
// parameters are the new keyword's, not thirty statements built, compiled and run one by one (which cost six times a
// list page's server CPU in `npm run bench -- search`).
import { sql, type CompiledQuery } from 'kysely';
import { foldText } from '../../shared/text';
import { likePattern, phoneKeyword, usesSearchIndex } from '../http/query';
import type { AnyQuery, DynamicDb } from '../resources/index';

/** Statements kept at most; beyond, they start over. */
const MAX_KEPT = 500;
// Per database: a statement compiled for one dialect (SQLite's search index, `?` parameters) must never run on another,
// as when a process (the server suite) holds a SQLite and a PostgreSQL app at once.
const keptBy = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * A keyword standing for `q` while its statement is built: one that takes the same plan (a phone number's other form
 * or not; the search index or a scan, by its length), so the statement is the same but for the keyword's parameters.
 */
export function standIn(q: string): string {
  if (phoneKeyword(q) !== undefined) return '0987 654 321';
  return usesSearchIndex(q) ? 'zqxstandinqz' : 'zq';
}

/** The parameters a keyword puts in a statement (server/http/query.ts `keywordMatch`): the index's and the LIKE's, for it and its phone form. */
function forms(keyword: string): string[] {
  const words = [keyword, phoneKeyword(keyword)].filter((k): k is string => k !== undefined);
  return words.flatMap((k) => [`"${foldText(k.trim()).replace(/"/g, '""')}"`, likePattern(k)]);
}

/** Text columns each part may also read (a title and a subtitle's texts where they are columns of its table). */
export const VALUES = 3;

/** A definition's part of the statement: its `foundQuery`, and the columns read with the ids when they are columns. */
export interface FoundPart {
  query: AnyQuery;
  values?: readonly string[];
}

export interface FoundRow {
  /** The part's index. */
  source: number;
  id: number;
  /** Its `values`, as stored (per-language text as its JSON); nulls where the part reads none. */
  values: (string | null)[];
}

/**
 * The rows of `parts` (each a definition's `foundQuery`, built with `standIn(q)`) run as one statement with `q`'s
 * parameters. `key`: what decides the statement besides the keyword's kind (user, website, gates, limit).
 */
export async function runFound(db: DynamicDb, key: string, q: string, parts: () => FoundPart[]): Promise<FoundRow[]> {
  const stand = standIn(q);
  const full = `${key}\u0000${stand}`;
  let kept = keptBy.get(db);
  if (!kept) keptBy.set(db, (kept = new Map()));
  let statement = kept.get(full);
  if (!statement) {
    const queries = parts().map(({ query, values = [] }, i) => {
      const columns = Array.from({ length: VALUES }, (_, k) =>
        (k < values.length ? sql<string | null>`cast(${sql.ref(`f${i}.${values[k]}`)} as text)` : sql<string | null>`cast(null as text)`).as(`v${k}`),
      );
      return db.selectFrom((values.length ? query.select([...values]) : query).as(`f${i}`)).select([sql<number>`${sql.lit(i)}`.as('source'), `f${i}.id`, ...columns]) as AnyQuery;
    });
    if (!queries.length) return [];
    statement = queries.reduce((all, next) => all.unionAll(next)).compile();
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(full, statement);
  }
  const from = forms(stand);
  const to = forms(q);
  const parameters = statement.parameters.map((value) => {
    const at = typeof value === 'string' ? from.indexOf(value) : -1;
    return at === -1 ? value : to[at];
  });
  const rows = (await db.executeQuery({ ...statement, parameters })).rows as Record<string, unknown>[];
  return rows.map((r) => ({ source: Number(r.source), id: Number(r.id), values: Array.from({ length: VALUES }, (_, k) => (r[`v${k}`] ?? null) as string | null) }));
}
