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
  /** An image's size in pixels, its orientation applied (migration 0036); null: not an image, or not measured yet. */
  width: number | null;
  height: number | null;
  /** A ThumbHash of the image, base64: what a page shows while the image loads. */
  placeholder: string | null;
  /** Where `fit=cover` crops around: 0..1 from the left and from the top; null: the centre. */
  focalX: number | null;
  focalY: number | null;
  /** The alt text per language: the JSON text of { "<lang>": "…" }; null: none. */
  alt: string | null;
  /** 0 not looked at yet (the backfill's), 1 an image stripped and measured, 2 not one we transform. */
  imageState: Generated<number>;
}

/** One derivative of an original (server/files/images): claimed while being made, then ready. */
export interface FileDerivativesTable {
  storedName: string;
  /** The variant's key (server/files/images/transform.ts `variantKey`): what makes two requests the same derivative. */
  variant: string;
  state: 'making' | 'ready';
  claimedAt: string;
  size: number | string | null;
  contentType: string | null;
}

/** A chunked upload in progress (migration 0026; server/files/chunk-store.ts). */
export interface UploadSessionsTable {
  fileId: string;
  totalChunks: number;
  name: string;
  ext: string;
  totalSize: number | string | null;
  folderId: number | null;
  userId: string | null;
  createdAt: string;
  /** when an instance began finishing it (a claim: another instance does not, unless it is 15 minutes old) */
  assemblingAt: string | null;
  /** object store: the multipart upload its parts go to */
  storeUploadId: string | null;
  /** object store: the stored name the multipart upload completes to; both: the name of the finished bytes */
  storedName: string | null;
  /** 1 once the bytes are finished under storedName (a retry after a lost answer only records them) */
  finished: number;
}

export interface UploadChunksTable {
  fileId: string;
  chunkIndex: number;
  size: number;
  /** disk: the machine's boot that wrote it; object store: 'store' */
  durability: string;
  receivedAt: string;
}

export interface UploadPartsTable {
  fileId: string;
  partNumber: number;
  etag: string;
}

declare module '../db/schema' {
  interface Database {
    folders: FoldersTable;
    files: FilesTable;
    upload_sessions: UploadSessionsTable;
    upload_chunks: UploadChunksTable;
    upload_parts: UploadPartsTable;
    file_derivatives: FileDerivativesTable;
  }
}
