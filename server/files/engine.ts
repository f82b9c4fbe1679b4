// One file engine (store, catalog, chunk store, sweeper) per server instance, shared by the bearer-guarded
// /api routes and the public /files serving route.
import type { FastifyInstance } from 'fastify';
import { ChunkStore, DEFAULT_MAX_FILE_SIZE } from './chunk-store';
import { FilesCatalog, type FileJson } from './catalog';
import { FileStore } from './file-store';
import { openFileSink, type OpenSink } from './disk';

export interface FilesOptions {
  /** Largest file accepted, bytes (default 500,000,000, the spec's limit). */
  maxFileSize?: number;
  /** How files are opened for writing (tests simulate a full disk with it). */
  openSink?: OpenSink;
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
    const store = new FileStore(app.dataDir, openSink);
    const catalog = new FilesCatalog(app.db, store, () => app.now(), app.writes);
    const chunks = new ChunkStore({
      dataDir: app.dataDir,
      files: store,
      ledger: catalog.ledger(),
      maxFileSize,
      openSink,
      clock: () => app.now().getTime(),
    });
    engine = { store, catalog, chunks, maxFileSize };
    engines.set(app.db, engine);
  }
  return engine;
}
