// Periodic work (the trash purge, the upload sweep…) with several instances on one PostgreSQL database: each run of a
// task takes a session-level advisory lock on the task's name, on a pooled connection held for the run, with
// `pg_try_advisory_lock`. A run that finds the lock taken (another instance is running the same task right now) is
// skipped, not queued: the task's next run comes at its next tick. SQLite: one process serves the file, the task just
// runs. Every task here must be safe to run again (it looks at what is due, by the database, each time).
//
//   every(app, 'trash-purge', HOUR, () => purgeTrash(app))   at start (awaited by app.ready()), then every hour;
//                                                            stopped on app.close() (which waits for a run under way)
//
// Each run that is not skipped leaves its end time, result and length in `periodic_runs` (migration 0038), one row per
// task for every instance, which the metrics read (`sitedesk_periodic_task_age_seconds`, server/metrics/).
//
// The lock key is the pair (PERIODIC_LOCK_CLASS, hashtext(name)): the two-int form is a key space of its own, apart
// from the one-bigint keys of the start-up lock and `lockName` (server/db/dialect.ts).
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect';

declare module './schema' {
  interface Database {
    periodic_runs: PeriodicRunsTable;
  }
}

export interface PeriodicRunsTable {
  name: string;
  /** ISO time (the app's clock) the last run ended */
  finishedAt: string;
  failed: boolean;
  durationMs: number;
}

/** Records a run's end: best effort (a lost record only makes the task look older). */
async function recordRun(app: FastifyInstance, name: string, startedAt: number, failed: boolean): Promise<void> {
  const finished = app.now();
  const row = { name, finishedAt: finished.toISOString(), failed, durationMs: Math.max(0, Math.round(finished.getTime() - startedAt)) };
  await app.db
    .insertInto('periodic_runs')
    .values(row)
    .onConflict((oc) => oc.column('name').doUpdateSet({ finishedAt: row.finishedAt, failed: row.failed, durationMs: row.durationMs }))
    .execute()
    .catch((err: unknown) => app.log.warn({ err, task: name }, `periodic task ${name}: its run was not recorded`));
}

/** The first half of every periodic task's lock key: "prdc" in ASCII (pg_locks shows it as classid). */
export const PERIODIC_LOCK_CLASS = 0x70726463;

export interface EveryOptions {
  /**
   * Run once when the app is ready (before it listens), as well as every interval (default true). 'background': the
   * first run starts when the app is ready without holding its start (a long task: the images' backfill).
   */
  atStart?: boolean | 'background';
}

/**
 * Runs `task` under the task's lock on PostgreSQL: answers true when it ran, false when another session held the lock
 * (that run is skipped). A failing task rejects (after the lock is given back).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function runExclusive(db: Kysely<any>, name: string, task: () => Promise<unknown>): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') {
    await task();
    return true;
  }
  // One connection of the pool, held for the run: a session lock belongs to the connection that took it. The task's
  // own queries use the pool as usual.
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${PERIODIC_LOCK_CLASS}::int, hashtext(${name})) as locked`.execute(conn);
    if (!rows[0]?.locked) return false;
    try {
      await task();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${PERIODIC_LOCK_CLASS}::int, hashtext(${name}))`.execute(conn);
    }
  });
}

/**
 * Runs `task` every `intervalMs` (and at start), one instance at a time (`runExclusive`); a run still going when the
 * next tick comes makes that tick a skip on this instance too. Errors are logged, never thrown. The timer is unref'd
 * and cleared when the app closes, which waits for a run under way.
 */
export function every(app: FastifyInstance, name: string, intervalMs: number, task: () => Promise<unknown>, options: EveryOptions = {}): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const run = (): Promise<void> => {
    if (closed || running) return running ?? Promise.resolve();
    const startedAt = app.now().getTime();
    let failed = false;
    const recorded = async () => {
      try {
        await task();
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        // Under the task's lock, so two instances' records of one run cannot cross.
        await recordRun(app, name, startedAt, failed);
      }
    };
    running = runExclusive(app.db, name, recorded)
      .then(() => {}, (err: unknown) => app.log.error({ err, task: name }, `periodic task ${name} failed`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    if (options.atStart === 'background') void run();
    else if (options.atStart ?? true) await run();
    if (closed) return;
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
