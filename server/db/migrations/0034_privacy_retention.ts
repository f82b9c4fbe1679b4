// Personal data retention (issue 40; server/privacy/retention.ts, shared/privacy-retention.ts):
//  - privacy_retention: one row per kind an administrator has set (bookings, feedback, …, signIns), its months (null:
//    forever). A kind without a row keeps its default (client addresses 6 months, sign-in records 12 or
//    SIGN_IN_RETENTION_DAYS, the rest forever), so a default can change with a version without a migration;
//  - privacy_retention_runs: the last run of the periodic task, one row (id 1): when, its result, its counts (JSON
//    text), whether it finished what was due. What the settings screen shows; the audit keeps every run's entry.
import type { SitedeskMigration } from '../migrate';

export const m0034_privacy_retention: SitedeskMigration = {
  name: '0034_privacy_retention',
  async up(db) {
    await db.schema
      .createTable('privacy_retention')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('months', 'integer')
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('privacy_retention_runs')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('counts', 'text', (c) => c.notNull())
      .addColumn('complete', 'boolean', (c) => c.notNull())
      .addColumn('message', 'text')
      .execute();
  },
};
