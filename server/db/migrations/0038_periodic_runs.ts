// The last run of each periodic task (server/db/periodic.ts `every`): one row per task name, written by whichever
// instance ran it, so that every instance's /metrics reports the same age (docs/operations.md). Not a record of the
// product: no history, no engine.
import type { SitedeskMigration } from '../migrate';

export const m0038_periodic_runs: SitedeskMigration = {
  name: '0038_periodic_runs',
  async up(db) {
    await db.schema
      .createTable('periodic_runs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      // When the last run ended (ISO time of the app's clock), whether it failed, and how long it took.
      .addColumn('finishedAt', 'text', (c) => c.notNull())
      .addColumn('failed', 'boolean', (c) => c.notNull())
      .addColumn('durationMs', 'integer', (c) => c.notNull())
      .execute();
  },
};
