// Where the rate limits count (issue 30, shared limits): a limit per client address only holds if every instance behind
// the load balancer counts in one place. @fastify/rate-limit keeps its counts in the process by default; this module
// chooses, once per app (app.limits, server/app.ts), where the app's limits (the public intake's, the delivery API's)
// count instead:
//   - on PostgreSQL: in the database's `rate_limits` table (migration 0025), one atomic upsert per counted request, so
//     every instance on the database counts together (no other shared store is needed, nor offered);
//   - else (SQLite: one process serves the file): in memory, @fastify/rate-limit's own store.
// Each limit has a name (`intake`, `delivery`) that prefixes its keys, so two limits keyed by the same client address
// keep two counts. The sign-in throttle counts in the database already (server/auth/throttle.ts).
import type { FastifyRateLimitOptions, FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/dialect';
import type { Database } from '../db/schema';

declare module '../db/schema' {
  interface Database {
    rate_limits: RateLimitsTable;
  }
}

export interface RateLimitsTable {
  /** `<limit name>:<client key>` */
  key: string;
  /** when the window ends, epoch milliseconds of the database's clock */
  resetAt: string | number;
  count: number;
}

export type SharedLimits = { kind: 'memory' } | { kind: 'database'; db: Kysely<Database> };

/** How many requests one upsert reserves for an instance under a limit of `max` (see `leases`). */
export const leaseSize = (max: number) => Math.max(1, Math.floor(max / 50));

/** How often an instance sweeps expired counters out of `rate_limits` (at most; only while it counts requests). */
const SWEEP_EVERY_MS = 60_000;

/** Where the app's limits count: in the database on PostgreSQL, else in memory. */
export async function sharedLimits(options: { db: Kysely<Database>; dialect: DialectName }): Promise<SharedLimits> {
  if (options.dialect === 'postgres') return { kind: 'database', db: options.db };
  return { kind: 'memory' };
}

/**
 * The part of @fastify/rate-limit's options that says where the limit named `name` counts: spread it into the
 * plugin's options (`app.register(rateLimit, { ...limitStore(app.limits, 'intake'), max, timeWindow, … })`).
 */
export function limitStore(limits: SharedLimits, name: string): Pick<RateLimitPluginOptions, 'store'> {
  if (limits.kind === 'database') return { store: databaseStore(limits.db, `${name}:`) };
  return {};
}

/**
 * A store class over `rate_limits` (@fastify/rate-limit builds one per registration with `new Store(options)` and asks
 * `child(routeOptions)` for routes with a limit of their own). Behaves as the plugin's in-memory store without
 * `continueExceeding` and `exponentialBackoff` (no limit of ours sets them): a window starts at a key's first request
 * and lasts `timeWindow`; the count within it rises by one per request. No `read` (the plugin's `{ increment: false }`,
 * which no limit of ours uses: the plugin says so clearly if one ever does).
 */
function databaseStore(db: Kysely<Database>, prefix: string): NonNullable<RateLimitPluginOptions['store']> {
  let lastSweep = 0;
  /**
   * Keys this instance saw over their limit, until their window ends (this process's clock): refused without asking
   * the database again. Exact (a count past the limit only grows until its window ends), and it keeps a flood from one
   * address, the case a limit exists for, off the database: one upsert per instance per window instead of one a request.
   */
  const refusedUntil = new Map<string, number>();
  /**
   * Keys this instance holds a lease of: requests it may still accept without asking, until the window ends. A large
   * limit (the delivery API's 600 a minute; a bench's millions) would otherwise make every request of a busy address
   * one upsert of one row, which every instance's requests of that address queue for. An upsert reserves a block of
   * `leaseSize(max)` (1 below 100: the intake's ten stay exact, one upsert each); the database never grants more than
   * `max` in a window, so the limit is never exceeded in total, and at most a block less one per instance is left
   * unspent (up to 2% of the limit per instance refused early).
   */
  const leases = new Map<string, { left: number; current: number; until: number }>();
  /** The reservation under way per key (with blocks above 1): the instance's other requests of that key wait for it. */
  const reserving = new Map<string, Promise<unknown>>();
  /** Deletes the counters whose window has ended, at most once a minute per instance, after answering. */
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    for (const [key, until] of refusedUntil) if (until <= now) refusedUntil.delete(key);
    for (const [key, lease] of leases) if (lease.until <= now) leases.delete(key);
    sql`delete from rate_limits where "resetAt" < (extract(epoch from now()) * 1000)::bigint`.execute(db).catch(() => {
      lastSweep = 0; // try again at the next request
    });
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
      private readonly keyPrefix = prefix,
    ) {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the database rate-limit store does not implement continueExceeding or exponentialBackoff');
      }
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      const full = this.keyPrefix + key;
      const until = refusedUntil.get(full);
      if (until !== undefined) {
        const ttl = until - Date.now();
        if (ttl > 0) return callback(null, { current: max + 1, ttl });
        refusedUntil.delete(full);
      }
      const lease = leases.get(full);
      if (lease) {
        const ttl = lease.until - Date.now();
        if (ttl > 0 && lease.left > 0) {
          lease.left--;
          return callback(null, { current: ++lease.current, ttl });
        }
        leases.delete(full);
      }
      const block = leaseSize(max);
      const under = block > 1 ? reserving.get(full) : undefined;
      if (under) {
        void under.then(() => this.incr(key, callback, timeWindow, max));
        return;
      }
      // One statement, atomic under concurrency (the primary key serializes the instances' upserts of one key): a new
      // key or an ended window starts at `block` with a fresh window, else the count rises by `block`. `now()` is the
      // statement's time, the same in every expression of it.
      const reservation = sql<{ count: number; ttl: string | number }>`
        with t as (select (extract(epoch from now()) * 1000)::bigint as ms)
        insert into rate_limits as r (key, "resetAt", count)
        select ${full}, t.ms + ${timeWindow}, ${block} from t
        on conflict (key) do update set
          count = case when r."resetAt" <= (select ms from t) then ${block} else r.count + ${block} end,
          "resetAt" = case when r."resetAt" <= (select ms from t) then excluded."resetAt" else r."resetAt" end
        returning count, r."resetAt" - (select ms from t) as ttl`
        .execute(db)
        .then(
          ({ rows: [row] }) => {
            const before = Number(row.count) - block;
            const ttl = Number(row.ttl);
            const granted = Math.max(0, Math.min(block, max - before));
            if (granted === 0) {
              refusedUntil.set(full, Date.now() + ttl);
              return callback(null, { current: before + 1, ttl });
            }
            if (granted > 1) leases.set(full, { left: granted - 1, current: before + 1, until: Date.now() + ttl });
            callback(null, { current: before + 1, ttl });
          },
          (err: Error) => callback(err),
        )
        .finally(() => reserving.delete(full));
      if (block > 1) reserving.set(full, reservation);
      sweep();
    }

    /** A route with a limit of its own counts apart, as the plugin's own stores do. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route under `routeInfo` (its typings say otherwise).
      const merged = routeOptions as unknown as FastifyRateLimitOptions & { routeInfo: { method: string | string[]; url: string } };
      const { method, url } = merged.routeInfo;
      return new DatabaseRateLimitStore(merged, `${this.keyPrefix}${String(method)}${url}-`);
    }
  }
  return DatabaseRateLimitStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}
