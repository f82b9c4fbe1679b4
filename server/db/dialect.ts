// The one place where SQLite and PostgreSQL differ. Everything above this file writes one
// Kysely query for both: see the conventions at the top of schema.ts.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  sql,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom, jsonObjectFrom as pgJsonObjectFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom, jsonObjectFrom as sqliteJsonObjectFrom } from 'kysely/helpers/sqlite';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** human description for logs: file path or host/database (never the password) */
  describe: string;
  /**
   * The schema is settled (migrations and definition tables done): from now on PostgreSQL may keep reads as prepared
   * statements (see `preparedReads`). Call again after changing the schema through this handle.
   */
  settle(): void;
  /**
   * Take the start-up lock and answer its release: instances started at once on one database run their start-up
   * (migrations, tables, seeds) one after the other. PostgreSQL: a session-level advisory lock on a connection of its
   * own (outside the pool, which the start-up uses); SQLite: nothing to take (one process serves the file).
   */
  startupLock(): Promise<() => Promise<void>>;
  /**
   * PostgreSQL: LISTEN on `channel` on a connection of its own (outside the pool), calling `onMessage` with each
   * notification's payload; a lost connection is opened again (with `onReconnect` once it listens again, so the
   * caller can catch up on what it missed). Answers the stop. SQLite: absent (one process, nothing to hear).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The connections now, for the metrics: PostgreSQL's pool (its size, those lent to a query or transaction, the
   * queries waiting for one). SQLite: one connection, used synchronously, so none is ever seen in use or waited for.
   */
  pool(): PoolState;
}

export interface PoolState {
  max: number;
  inUse: number;
  waiting: number;
}

export interface DbOptions {
  /** `postgres://` or `postgresql://` URL: use PostgreSQL; anything else falsy: SQLite in dataDir */
  databaseUrl?: string;
  dataDir: string;
  /** SQLite file name inside dataDir (default sitedesk.db) */
  sqliteFile?: string;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function createDb(options: DbOptions): DbHandle {
  if (isPostgresUrl(options.databaseUrl)) return createPostgres(options.databaseUrl);
  fs.mkdirSync(options.dataDir, { recursive: true });
  return createSqlite(path.join(options.dataDir, options.sqliteFile ?? 'sitedesk.db'));
}

function createPostgres(url: string): DbHandle {
  // COUNT(*) and other int8 results come back as strings by default; every count we take fits
  // in a double, so parse them as numbers for this pool only (not pg's global type table).
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const max = 10;
  const pool = new pg.Pool({ connectionString: url, max, types });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  const reads = preparedReads();
  pool.on('connect', (client) => reads.attach(client));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const u = new URL(url);
  return {
    db,
    dialect: 'postgres',
    describe: `postgres ${u.hostname}:${u.port || 5432}${u.pathname}`,
    settle: () => reads.settle(),
    startupLock: () => advisoryLock(url, STARTUP_LOCK_KEY),
    listen: (channel, onMessage, onReconnect) => listenOn(url, channel, onMessage, onReconnect),
    close: () => db.destroy(),
    pool: () => ({ max, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** DbHandle.listen on PostgreSQL: one client of its own, connected again (after 1 s, then up to 30 s) when lost. */
async function listenOn(url: string, channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;
  const open = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = 1000;
    if (again) onReconnect?.();
  };
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      open(true).catch(() => {
        delay = Math.min(delay * 2, 30_000);
        retry = setTimeout(attempt, delay);
        retry.unref();
      });
    };
    retry = setTimeout(attempt, delay);
    retry.unref();
  };
  await open(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

/** The start-up lock's key (any fixed bigint): "sitedesk" in ASCII, so pg_locks shows it as classid 1936290917, objid 1684370283. */
export const STARTUP_LOCK_KEY = 0x736974656465736bn;

/**
 * A session-level advisory lock on `key`, held by a connection of its own until the answered release (or until that
 * connection ends: a process killed mid start-up lets the next one in). Waits as long as another session holds it.
 */
async function advisoryLock(url: string, key: bigint): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost while held: the lock went with it; the start-up's own queries on the pool report the outage.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key.toString()]);
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return async () => {
    try {
      await client.query('select pg_advisory_unlock($1)', [key.toString()]);
    } finally {
      await client.end().catch(() => {});
    }
  };
}

/** Distinct read statements kept prepared per schema generation: each connection keeps at most this many. */
export const PREPARED_READS_LIMIT = 500;

/**
 * Reads sent as named prepared statements once the schema is settled. Sent unnamed, PostgreSQL parses, analyses and
 * plans every statement every time: a record by id cost the database 0.88 ms of CPU that way and 0.25 ms named (the
 * news list 1.33 → 1.06 ms; tests/bench/list-page.ts). What is named:
 *  - SELECTs only, by their text (Kysely's SQL is the same text for the same query shape; values are parameters);
 *  - not a keyword search (LIKE): a prepared statement may settle on one generic plan after five runs, and the best
 *    plan for a keyword depends on how rare that keyword is;
 *  - at most PREPARED_READS_LIMIT texts; any more run unnamed.
 * A schema change (DDL through the pool) stops the naming until `settle()`, which starts a new generation of names:
 * a statement prepared before the change is never used after it (a `SELECT *` would no longer match its table). A
 * change made elsewhere (another process's migration) shows as PostgreSQL refusing a prepared statement whose result
 * changed (0A000): the names start over and the read runs again unnamed (in a transaction the refusal has already
 * aborted it, so that one request fails and the next prepares afresh).
 */
export function preparedReads() {
  let generation = 0;
  let settled = false;
  let names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    if (!settled) return undefined;
    if (/^\s*(create|alter|drop)\b/i.test(text)) {
      settled = false;
      return undefined;
    }
    if (!/^\s*select\b/i.test(text) || /\blike\b/i.test(text)) return undefined;
    let name = names.get(text);
    if (!name && names.size < PREPARED_READS_LIMIT) names.set(text, (name = `r${generation}_${names.size}`));
    return name;
  };
  const settle = () => {
    generation++;
    names = new Map();
    settled = true;
  };
  return {
    settle,
    nameOf,
    /** Routes a pooled client's `query(text, values)` (how Kysely calls it) through `nameOf`. */
    attach(client: Pick<pg.PoolClient, 'query'>) {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
        const name = typeof text === 'string' && rest.length <= 1 ? nameOf(text) : undefined;
        if (!name) return query(text, ...rest);
        return query({ name, text, values: rest[0] }).catch((err: { code?: string }) => {
          if (err?.code !== '0A000') throw err;
          settle();
          return query(text, ...rest);
        });
      };
    },
  };
}

function createSqlite(file: string): DbHandle {
  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // A deleted or overwritten row's bytes are zeroed in the file, not left on a free page (personal data erased,
  // server/privacy/scrub.ts; the WAL is checkpointed and truncated after an erase).
  raw.pragma('secure_delete = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: booleanAware(raw) }) });
  // settle: nothing to do, statements are kept prepared by their text already (booleanAware below).
  const unlocked = async () => {};
  const pool = () => ({ max: 1, inUse: 0, waiting: 0 });
  return { db, dialect: 'sqlite', describe: `sqlite ${file}`, settle: () => {}, startupLock: async () => unlocked, close: () => db.destroy(), pool };
}

/**
 * SQLite has no boolean type: better-sqlite3 refuses to bind true/false and reads 0/1 back.
 * Bind booleans as 1/0, and turn 0/1 back into booleans for result columns whose declared
 * type is `boolean` (so `isActive` reads the same as on PostgreSQL).
 */
function booleanAware(raw: SqliteDatabase.Database): KyselySqliteDatabase {
  const bind = (params: ReadonlyArray<unknown>) =>
    params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
  /**
   * A statement that reads rows hands them over as arrays (`raw`), made into objects here: better-sqlite3 builds an
   * object property by property through V8's API, which cost a list page of fifty rows more than reading them.
   */
  function reading(stmt: SqliteDatabase.Statement) {
    stmt.raw(true);
    const columns = stmt.columns();
    const names = columns.map((c) => c.name);
    const bools = columns.map((c) => c.type?.toLowerCase() === 'boolean');
    return (values: unknown[]) => {
      const row: Record<string, unknown> = {};
      for (let k = 0; k < names.length; k++) {
        const v = values[k];
        row[names[k]] = bools[k] && typeof v === 'number' ? v !== 0 : v;
      }
      return row;
    };
  }
  // Prepared statements are kept by their text (a list page runs the same few queries every time; preparing them
  // again cost more than running some). A schema change (the resource tables grow columns) starts over.
  const prepared = new Map<string, { stmt: SqliteDatabase.Statement; row?: (values: unknown[]) => Record<string, unknown> }>();
  function statement(sql: string) {
    let kept = prepared.get(sql);
    if (kept) return kept;
    const stmt = raw.prepare(sql);
    kept = { stmt, row: stmt.reader ? reading(stmt) : undefined };
    if (/^\s*(create|alter|drop)\b/i.test(sql)) prepared.clear();
    else {
      if (prepared.size >= 1000) prepared.clear();
      prepared.set(sql, kept);
    }
    return kept;
  }
  return {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const { stmt, row } = statement(sql);
      return {
        reader: stmt.reader,
        all: (params) => (row ? (stmt.all(bind(params)) as unknown[][]).map(row) : stmt.all(bind(params))),
        run: (params) => stmt.run(bind(params)),
        *iterate(params) {
          // Its own statement: a kept one could be asked to run again while this one is still being read.
          const own = raw.prepare(sql);
          const shape = reading(own);
          for (const values of own.iterate(bind(params))) yield shape(values as unknown[]);
        },
      };
    },
  };
}

/** Integer primary key `id` that the database assigns: serial on PostgreSQL, autoincrement on SQLite. */
export function addIdColumn<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: DialectName,
  name = 'id',
): CreateTableBuilder<T, C> {
  return dialect === 'postgres'
    ? table.addColumn(name, 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn(name, 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** Which dialect a Kysely instance speaks (migrations receive only the Kysely instance). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A subquery's rows as one JSON array column of the outer row (Kysely's helper for the dialect): a list page reads
 * its rows and what they show (translations, tags…) in one statement, not one round trip per part. Read the column
 * with `jsonRows`: PostgreSQL hands the array over parsed, SQLite as JSON text.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function jsonArrayFrom(db: Kysely<any>, subquery: SelectQueryBuilder<any, any, any>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? pgJsonArrayFrom(subquery) : sqliteJsonArrayFrom(subquery);
}

/** A subquery's first row as one JSON object column (null when it has none); read it with `jsonRow`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function jsonObjectFrom(db: Kysely<any>, subquery: SelectQueryBuilder<any, any, any>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? pgJsonObjectFrom(subquery) : sqliteJsonObjectFrom(subquery);
}

/**
 * The whole number a JSON text column holds under `key` (null when it holds none): `json_extract` on SQLite, `->>` on
 * PostgreSQL (where the column is text too). `key` is written into the statement: a name from the code, never input.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function jsonInteger(db: Kysely<any>, column: string, key: string): RawBuilder<number | null> {
  if (!/^\w+$/.test(key)) throw new Error(`jsonInteger: not a key name: ${key}`);
  return dialectOf(db) === 'postgres'
    ? sql<number | null>`(${sql.ref(column)}::json ->> ${sql.lit(key)})::integer`
    : sql<number | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
}

/** A `jsonObjectFrom` column's row, or undefined. */
export const jsonRow = <O>(value: unknown): O | undefined => (typeof value === 'string' ? (JSON.parse(value) as O) : ((value ?? undefined) as O | undefined));

/** A `jsonArrayFrom` column's rows. */
export const jsonRows = <O>(value: unknown): O[] => (typeof value === 'string' ? (JSON.parse(value) as O[]) : ((value ?? []) as O[]));

/** Timestamps are ISO-8601 UTC text everywhere. */
export const iso = (d: Date | number) => new Date(d).toISOString();

// ---- rules under concurrency (docs/api.md "Rules the database enforces") ----

/** A unique index refused the write (SQLite and PostgreSQL say it differently). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Lock a row until the transaction ends, so what a rule read from it (and from the rows it owns) still holds when
 * the transaction writes: `SELECT … FOR UPDATE` on PostgreSQL, where requests run at once. SQLite runs one write
 * transaction at a time (Kysely holds its one connection for the whole transaction), so there is nothing to lock.
 * Answers whether the row exists.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function lockRow(db: Kysely<any>, table: string, id: number): Promise<boolean> {
  return (await lockRows(db, table, 'id', id)) > 0;
}

/** `lockRow` for every row where `column = value` (e.g. the current default, which racing make-defaults all take first). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function lockRows(db: Kysely<any>, table: string, column: string, value: unknown): Promise<number> {
  let q = db.selectFrom(table).select('id').where(column, '=', value);
  if (dialectOf(db) === 'postgres') q = q.forUpdate();
  return (await q.execute()).length;
}

/**
 * Run `work` (a whole transaction) again when a unique index refused it because another request wrote first: the
 * next run reads what that request committed. For rules a partial unique index holds (one default), where the
 * loser of a race should redo its work rather than fail.
 */
export async function retryOnUnique<T>(work: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!lostRace(err) || attempt >= attempts) throw err;
    }
  }
}

/**
 * A transaction that lost a race another one won first: refused by a unique index, or the victim of a deadlock (or a
 * serialization failure) the database broke. Run again, it reads what the winner committed.
 */
export function lostRace(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return isUniqueViolation(err) || code === '40P01' || code === '40001';
}

/**
 * A lock on a name (not a row) until the transaction ends: one sign-in reservation per account at a time. PostgreSQL:
 * a transaction-level advisory lock on the name's hash; SQLite needs none (one write transaction at a time).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function lockName(db: Kysely<any>, name: string): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(db);
}
