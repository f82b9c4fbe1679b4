// Chunked uploads in progress (server/files/chunk-store.ts), in the database rather than in marker files beside the
// bytes, so that every instance behind a load balancer sees the same upload: chunk 1 sent to one instance and chunk 2
// to another make one file, and an upload resumes after any instance restarts.
//   upload_sessions  what the first chunk fixed (count, name, folder, who), the claim of the instance finishing it,
//                    and on an object store the multipart upload the parts go to
//   upload_chunks    one row per chunk whose bytes are all written: its size, and under which `durability` (on disk the
//                    machine's boot: after a power cut the page cache's bytes are gone and the chunk must come again)
//   upload_parts     on an object store: the multipart parts uploaded so far (part number → ETag)
import type { SitedeskMigration } from '../migrate';

export const m0026_upload_state: SitedeskMigration = {
  name: '0026_upload_state',
  async up(db) {
    await db.schema
      .createTable('upload_sessions')
      .addColumn('fileId', 'text', (c) => c.primaryKey())
      .addColumn('totalChunks', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('ext', 'text', (c) => c.notNull())
      .addColumn('totalSize', 'bigint')
      .addColumn('folderId', 'integer')
      .addColumn('userId', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('assemblingAt', 'text')
      .addColumn('storeUploadId', 'text')
      .addColumn('storedName', 'text')
      .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('upload_chunks')
      .addColumn('fileId', 'text', (c) => c.notNull())
      .addColumn('chunkIndex', 'integer', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('durability', 'text', (c) => c.notNull())
      .addColumn('receivedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_chunks_pk', ['fileId', 'chunkIndex'])
      .execute();
    await db.schema
      .createTable('upload_parts')
      .addColumn('fileId', 'text', (c) => c.notNull())
      .addColumn('partNumber', 'integer', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_parts_pk', ['fileId', 'partNumber'])
      .execute();
  },
};
