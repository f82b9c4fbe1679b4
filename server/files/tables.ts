// Tables of the file manager (migration server/db/migrations/0003_files.ts). Folders and files belong to
// the organisation, not to one website: the spec's file calls carry no website id, and one image is often
// used by several sites.
import type { Generated } from 'kysely';

export interface FoldersTable {
  id: Generated<number>;
  /** null: at the root */
  parentId: number | null;
  name: string;
  /** nameKey(name): unique per parent (case- and Unicode-form-insensitive) */
  nameKey: string;
  order: number;
  description: string | null;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
  createdBy: number | null;
}

export interface FilesTable {
  id: Generated<number>;
  /** null: at the root */
  folderId: number | null;
  name: string;
  nameKey: string;
  /** the generated name on disk (a UUID); also the key of the public URL */
  storedName: string;
  size: number;
  contentType: string;
  /** the public URL, fixed at creation so stored image links never change */
  url: string;
  /** the chunked upload's client fileId that produced this file: makes completing an upload idempotent */
  uploadId: string | null;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
  createdBy: number | null;
}

declare module '../db/schema' {
  interface Database {
    folders: FoldersTable;
    files: FilesTable;
  }
}
