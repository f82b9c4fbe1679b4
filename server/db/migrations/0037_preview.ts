// Preview before approval (issue 41; docs/api.md "Preview"): per website and delivery area, the address of the page
// that shows one record (shared/resources/website-preview.ts, an engine resource: its writes have their history).
// The table is made here with its website's cascade; the engine's start-up sync adds what its definition adds (the
// creator column, the unique index on (websiteId, area): one address per area, held by the database).
// The tokens' signing key is not a column: it is a row of `server_secrets` (server/delivery/preview-token.ts).
import { addIdColumn } from '../dialect';
import type { SitedeskMigration } from '../migrate';

export const m0037_preview: SitedeskMigration = {
  name: '0037_preview',
  async up(db, dialect) {
    await addIdColumn(db.schema.createTable('website_previews'), dialect)
      .addColumn('websiteId', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('concurrencyStamp', 'text')
      .addColumn('createdBy', 'integer')
      .addColumn('createdAt', 'text')
      .addColumn('updatedAt', 'text')
      .execute();
  },
};
