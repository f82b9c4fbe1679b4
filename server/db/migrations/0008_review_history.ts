// One status history for every reviewed record (news, expert Q&A, services: server/editorial/history.ts) instead of
// a table per kind: who moved which record to which status, when, and why. The news history moves over as it is.
import { sql } from 'kysely';
import { addStatusMoveColumns } from '../columns';
import { addIdColumn } from '../dialect';
import type { SitedeskMigration } from '../migrate';

export const m0008_review_history: SitedeskMigration = {
  name: '0008_review_history',
  async up(db, dialect) {
    const table = addIdColumn(db.schema.createTable('review_history'), dialect)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('objectId', 'integer', (c) => c.notNull());
    await addStatusMoveColumns(table).execute();
    await db.schema.createIndex('review_history_object').on('review_history').columns(['kind', 'objectId', 'time']).execute();
    await sql`insert into review_history (kind, "objectId", "websiteId", status, reason, "userId", "userFullName", time)
      select 'news', "newsId", "websiteId", status, reason, "userId", "userFullName", time from news_status_history order by id`.execute(db);
    await db.schema.dropTable('news_status_history').execute();
  },
};
