// The resource engine's own bookkeeping. Resource tables themselves come from their definitions
// (server/resources/schema.ts: created and extended at start-up, never dropped).
import type { SitedeskMigration } from '../migrate';

export const m0004_resources: SitedeskMigration = {
  name: '0004_resources',
  async up(db) {
    // Which fields each table's `searchText` was computed from: a change recomputes the column.
    await db.schema
      .createTable('resource_tables')
      .addColumn('tableName', 'text', (c) => c.primaryKey())
      .addColumn('searchFields', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
  },
};
