// One file engine (store, catalog, chunk store) per server instance, shared by the bearer-guarded /api routes and the
// public /files serving route. The store is the local disk, or an S3-compatible object store when `s3` is set
// (S3_BUCKET…): then several instances share the files and the uploads in progress.
import type { FastifyInstance } from 'fastify';
import { ChunkStore, DEFAULT_MAX_FILE_SIZE, CHUNK_SIZE, type UploadBytes } from './chunk-store';
import { FilesCatalog, type FileJson } from './catalog';
import { DiskFileStore, type FileStore } from './file-store';
import { openFileSink, type OpenSink } from './disk';
import { S3FileStore, s3Client, type S3Settings } from './s3-store';
import { S3UploadBytes } from './s3-uploads';
import { DiskUploadBytes } from './upload-disk';

export interface FilesOptions {
  /** Largest file accepted, bytes (default 500,000,000, the spec's limit). */
  maxFileSize?: number;
  /** How files are opened for writing (tests simulate a full disk with it). */
  openSink?: OpenSink;
  /** S3_BUCKET…: finished files and uploads in progress in an S3-compatible store instead of DATA_DIR. */
  s3?: S3Settings;
  /** Which boot of the machine writes uploads in progress on disk (tests simulate a power cut by changing it). */
  bootKey?: string;
}

export interface FilesEngine {
  store: FileStore;
  catalog: FilesCatalog;
  chunks: ChunkStore<FileJson>;
  maxFileSize: number;
}

const engines = new WeakMap<object, FilesEngine>();

export function filesEngine(app: FastifyInstance): FilesEngine {
  let engine = engines.get(app.db);
  if (!engine) {
    const options = app.moduleOptions.files ?? {};
    const openSink = options.openSink ?? openFileSink;
    const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    let store: FileStore;
    let bytes: UploadBytes;
    if (options.s3) {
      const s3 = new S3FileStore(s3Client(options.s3), options.s3.bucket, app.dataDir, openSink);
      store = s3;
      bytes = new S3UploadBytes(s3, app.db, CHUNK_SIZE, (message, err) => app.log.warn({ err }, message));
    } else {
      const disk = new DiskFileStore(app.dataDir, openSink);
      store = disk;
      bytes = new DiskUploadBytes(app.dataDir, disk, CHUNK_SIZE, openSink, options.bootKey);
    }
    const catalog = new FilesCatalog(app.db, store, () => app.now(), app.writes);
    const chunks = new ChunkStore({
      db: app.db,
      bytes,
      ledger: catalog.ledger(),
      removeStored: (name) => store.remove(name),
      sweepTemp: (now, maxAgeMs) => store.sweepTemp(now, maxAgeMs),
      maxFileSize,
      clock: () => app.now().getTime(),
    });
    engine = { store, catalog, chunks, maxFileSize };
    engines.set(app.db, engine);
  }
  return engine;
}
