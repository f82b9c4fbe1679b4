// File manager: folders and files (types in server/files/tables.ts). Names are unique per folder through
// an expression index on (coalesce(parent, 0), nameKey), so the root (null) is a folder like any other.
import { sql } from 'kysely';
import type { SitedeskMigration } from '../migrate';
import { addIdColumn } from '../dialect';

export const m0003_files: SitedeskMigration = {
  name: '0003_files',
  async up(db, dialect) {
    await addIdColumn(db.schema.createTable('folders'), dialect)
      .addColumn('parentId', 'integer', (c) => c.references('folders.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('nameKey', 'text', (c) => c.notNull())
      .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('folders_parent_name')
      .on('folders')
      .unique()
      .expression(sql`coalesce("parentId", 0), "nameKey"`)
      .execute();

    await addIdColumn(db.schema.createTable('files'), dialect)
      .addColumn('folderId', 'integer', (c) => c.references('folders.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('nameKey', 'text', (c) => c.notNull())
      .addColumn('storedName', 'text', (c) => c.notNull().unique())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('contentType', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('uploadId', 'text', (c) => c.unique())
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('files_folder_name')
      .on('files')
      .unique()
      .expression(sql`coalesce("folderId", 0), "nameKey"`)
      .execute();
  },
};
