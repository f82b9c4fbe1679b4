// The trash (server/history/trash.ts, docs/api.md "History and audit"): one row per deleted record that may still come
// back, keyed by the delete's history entry (which keeps the record and its children: entries are append-only, so the
// trash is its own table, written in the delete's transaction, removed by a restore or by the purge after the
// retention period). A deleted file's bytes stay on disk until then (`keptFiles`).
//
// No foreign keys: a row outlives its website (the entry does too) and the purge removes it on its own.
import { sql } from 'kysely';
import type { SitedeskMigration } from '../migrate';

export const m0020_trash: SitedeskMigration = {
  name: '0020_trash',
  async up(db) {
    await db.schema
      .createTable('trash')
      /** the delete's history entry (history_entries.id) */
      .addColumn('entryId', 'integer', (c) => c.primaryKey())
      /** null: an organisation record (a folder, a file), in the trash of every website */
      .addColumn('websiteId', 'integer')
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('recordId', 'text', (c) => c.notNull())
      /** the record's title or name in the website's default language, plain text */
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('actorKind', 'text', (c) => c.notNull())
      .addColumn('actorId', 'integer')
      .addColumn('actorName', 'text')
      /** JSON: the stored names of the deleted files whose bytes are kept on disk until the purge (a file, a folder's) */
      .addColumn('keptFiles', 'text')
      .execute();
    await db.schema.createIndex('trash_website').on('trash').columns(['websiteId', 'entryId']).execute();
    await db.schema.createIndex('trash_time').on('trash').columns(['time']).execute();
    // One row: the retention period administrators set (days).
    await db.schema
      .createTable('trash_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`"id" = 1`))
      .addColumn('retentionDays', 'integer', (c) => c.notNull())
      .execute();
  },
};
