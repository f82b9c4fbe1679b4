// Who read a person's data (issue 40): at most one `view` history entry per user, record and hour. The database holds
// that rule: one row per user and record with the hour of the last entry written; a read upserts the row, and only a
// row inserted or moved to a later hour writes the entry, in the same transaction (server/resources/personal-reads.ts).
// Two reads at once on PostgreSQL: the second waits on the first's row and then finds its hour already there.
import type { SitedeskMigration } from '../migrate';

export const m0033_personal_views: SitedeskMigration = {
  name: '0033_personal_views',
  async up(db) {
    await db.schema
      .createTable('personal_views')
      .addColumn('userId', 'integer', (c) => c.notNull())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('recordId', 'text', (c) => c.notNull())
      // 'YYYY-MM-DDTHH' (UTC) of the last `view` entry written for this user and record.
      .addColumn('hour', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('personal_views_pkey', ['userId', 'resource', 'recordId'])
      .execute();
  },
};
