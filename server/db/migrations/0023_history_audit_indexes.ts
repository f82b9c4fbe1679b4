// The audit's pages read from an index at any size (tests/server/history-plan.test.ts, 1,000,000 entries):
//  - by website (GET /api/Audit?website=): history_entries_record starts with websiteId but goes on by resource and
//    record, so one website's page was read through it and then sorted whole (SQLite sorted the website's hundred
//    thousand entries for 20); (websiteId, id) gives the page as the index's last rows;
//  - by time (from/to): the page is ordered by time then id (routes.ts), so (time, id) gives it without a sort. By id
//    alone, PostgreSQL read the primary key backwards through every later entry, filtering on time (the planner takes
//    time and id as unrelated). It replaces the index on time alone.
import type { SitedeskMigration } from '../migrate';

export const m0023_history_audit_indexes: SitedeskMigration = {
  name: '0023_history_audit_indexes',
  async up(db) {
    await db.schema.createIndex('history_entries_website').on('history_entries').columns(['websiteId', 'id']).execute();
    await db.schema.dropIndex('history_entries_time').execute();
    await db.schema.createIndex('history_entries_time').on('history_entries').columns(['time', 'id']).execute();
  },
};
