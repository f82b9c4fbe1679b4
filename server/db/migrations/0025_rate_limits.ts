// The shared rate limits' counters (server/http/rate-limit-store.ts): on PostgreSQL every instance counts a client's
// requests in this one table, so a limit holds in total behind a load balancer, not per process. One row per limit and
// client key: how many requests since the window began, and when it ends (epoch milliseconds, the database's clock, so
// instances whose clocks drift still agree). UNLOGGED on PostgreSQL: counters of the last minute are not worth a
// write-ahead log entry per request (a crash empties the table, which forgives a minute's counts). SQLite (one process)
// counts in memory and leaves the table empty.
import { sql } from 'kysely';
import type { SitedeskMigration } from '../migrate';

export const m0025_rate_limits: SitedeskMigration = {
  name: '0025_rate_limits',
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`create unlogged table rate_limits (key text primary key, "resetAt" bigint not null, count integer not null)`.execute(db);
      return;
    }
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('resetAt', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
  },
};
