// The database's change number: one counter that every committed write to a content table moves on, kept by
// triggers in the database itself (so a write by any route, a seed, or another process sharing the database moves
// it too, and nobody has to remember to). Lists use it to keep what is expensive to recompute and cheap to keep —
// the total of a list (`totalRows`), which otherwise counts every matching row on every page — for as long as
// nothing has changed (server/resources/engine.ts `page`).
//
// Consistency: the counter moves in the writing transaction, so a reader that sees number n sees no later write's
// rows before the number itself moves on. A total computed after reading n is at least as new as n, never older.
//
// PostgreSQL: a deferred constraint trigger moves the counter once per transaction, at commit, so the counter's row
// is the last lock a writer takes (no deadlock against the rows it wrote); writers queue on it only for their commit.
// SQLite has one writer at a time anyway: plain row triggers.
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect';

const COUNTER = 'data_changes';
/**
 * Tables whose writes do not change what a list shows: sign-in bookkeeping, the rate limits' counters (a write per public
 * request: counted, they would move every ETag of the delivery API), uploads in progress (a write per chunk), an image's
 * derivatives being made (the file store's bookkeeping: a visitor's request makes one), migrations, search index internals.
 */
const UNCOUNTED = new Set([COUNTER, 'login_attempts', 'rate_limits', 'upload_sessions', 'upload_chunks', 'upload_parts', 'file_derivatives', 'token_families', 'refresh_tokens', 'push_tokens', 'kysely_migration', 'kysely_migration_lock']);
const counted = (table: string) => !UNCOUNTED.has(table) && !table.startsWith('sqlite_') && !/_search(_|$)/.test(table);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The counter and its triggers on every counted table (idempotent; run at every start, after the schema). */
export async function ensureChangeCounter(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await sql`create table if not exists ${sql.table(COUNTER)} (id integer primary key, n bigint not null)`.execute(db);
  await sql`insert into ${sql.table(COUNTER)} (id, n) values (1, 0) on conflict do nothing`.execute(db);
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter(counted);
  if (postgres) {
    // Once per transaction: the first event marks the transaction (a setting local to it), the rest skip.
    await sql`create or replace function sitedesk_data_changed() returns trigger language plpgsql as $$
      begin
        if current_setting('sitedesk.changed', true) is distinct from 'y' then
          update ${sql.table(COUNTER)} set n = n + 1 where id = 1;
          perform set_config('sitedesk.changed', 'y', true);
        end if;
        return null;
      end $$`.execute(db);
    const existing = await sql<{ table: string }>`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'sitedesk_data_changed'`.execute(db);
    const has = new Set(existing.rows.map((r) => r.table));
    for (const table of tables) {
      if (has.has(table)) continue;
      try {
        await sql`create constraint trigger sitedesk_data_changed after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred for each row execute function sitedesk_data_changed()`.execute(db);
      } catch (err) {
        // Another process starting on the same database made it first.
        if ((err as { code?: string }).code !== '42710') throw err;
      }
    }
    return;
  }
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger if not exists ${sql.id(`${table}_changed_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update ${sql.table(COUNTER)} set n = n + 1 where id = 1; end`.execute(db);
    }
  }
}

const compiledRead = new WeakMap<object, CompiledQuery<{ n: string | number }>>();

/** The current change number (its query compiled once per database: the delivery API reads it on every request). */
export async function changeNumber(db: AnyDb): Promise<string> {
  let query = compiledRead.get(db);
  if (!query) compiledRead.set(db, (query = db.selectFrom(COUNTER).select('n').where('id', '=', 1).compile() as CompiledQuery<{ n: string | number }>));
  const row = (await db.executeQuery(query)).rows[0];
  return String(row?.n ?? 0);
}

/** The change number as a column of another query (the bearer guard reads it with the session: one round trip). */
export const changeNumberColumn = () => sql<string | number>`(select n from ${sql.table(COUNTER)} where id = 1)`;

/** At most this many values per kind and change number; beyond, they start over. */
const MAX_KEPT = 2000;
const kept = new WeakMap<object, Map<string, { n: string; values: Map<string, unknown> }>>();

/**
 * Values of `kind` kept for change number `n` of database `db` (list totals, who is staff of which website): what
 * is read under an older number is dropped as soon as a request brings a newer one. Only for reads outside a
 * transaction, with `n` read before the values were (so a kept value is never older than its number).
 */
export function keptAt(db: object, n: string, kind: string): Map<string, unknown> {
  let kinds = kept.get(db);
  if (!kinds) kept.set(db, (kinds = new Map()));
  let entry = kinds.get(kind);
  if (!entry || entry.n !== n || entry.values.size >= MAX_KEPT) kinds.set(kind, (entry = { n, values: new Map() }));
  return entry.values;
}
