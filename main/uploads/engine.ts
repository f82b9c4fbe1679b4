/**
 * Native chunked uploads: the shared scheduler (shared/upload-core.ts) with the desktop's adapter. Files are read
 * chunk by chunk from an open handle (never whole), one buffer per chunk in flight; chunks travel over node:http
 * (chunk-client.ts) with a fresh access token, refreshed once on a 401. The queue is kept on disk (queue-store.ts)
 * and survives a restart: unfinished uploads come back paused and, resumed, send only the chunks the server lacks.
 * A file that changes on disk (size or mtime) while it is being sent fails with 'changed' instead of producing a
 * mixed file; one that changed while paused is sent afresh.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { UploadItem } from '../../shared/ipc/contract';
import { DesktopError } from '../../shared/ipc/errors';
import { createUploadScheduler, realClock, type ChunkReader, type Clock, type UploadAdapter, type UploadRecord } from '../../shared/upload-core';
import { MAX_UPLOAD_BYTES, UploadFailure, type UploadError } from '../../shared/uploads';
import { CHUNK_SIZE, type ChunkClient } from './chunk-client';

/** What is kept on disk per upload: the scheduler's record and the file's mtime when it was queued. */
export interface PersistedUpload extends UploadRecord {
  mtimeMs: number;
}

export interface QueueStore {
  load(): PersistedUpload[];
  save(uploads: PersistedUpload[]): void;
}

export interface UploadEngineDeps {
  client: ChunkClient;
  getAccessToken: (forceRefresh?: boolean) => Promise<string>;
  store: QueueStore;
  onProgress: (item: UploadItem) => void;
  /** Files sent at once (default 2). */
  concurrency?: number;
  /** Chunks of one file in flight at once (default CHUNKS_IN_FLIGHT). */
  chunksPerFile?: number;
  chunkSize?: number;
  /** Tries of one call after the first (default: the scheduler's), with a backoff from `retryDelayMs`. */
  retries?: number;
  retryDelayMs?: number;
  /** Largest file accepted (spec: default maximum 500,000,000 bytes). */
  maxFileSize?: number;
  clock?: Clock;
  random?: () => number;
  log?: (message: string) => void;
}

const failure = (code: UploadError['code'], extra: Partial<UploadError> = {}) => new UploadFailure({ code, message: null, ...extra });

/** An older queue kept its error as Vietnamese words: keep them as the message of an unknown failure. */
const fromDisk = (record: PersistedUpload): PersistedUpload => {
  const error = record.error as unknown;
  return typeof error === 'string' ? { ...record, error: { code: 'unknown', message: error } } : record;
};

export function createUploadEngine(deps: UploadEngineDeps) {
  const chunkSize = deps.chunkSize ?? CHUNK_SIZE;
  const maxFileSize = deps.maxFileSize ?? MAX_UPLOAD_BYTES;
  const clock = deps.clock ?? realClock;

  /** A server call with a fresh token, and one forced refresh when the server says 401. */
  const authed = async <T>(call: (token: string) => Promise<T>): Promise<T> => {
    try {
      return await call(await deps.getAccessToken(false));
    } catch (error) {
      if (!(error instanceof UploadFailure && error.status === 401)) throw error;
      return call(await deps.getAccessToken(true));
    }
  };

  const adapter: UploadAdapter<PersistedUpload, Uint8Array> = {
    async open(record) {
      const handle = await fs.open(record.path, 'r').catch(() => {
        throw failure('missing');
      });
      const unchanged = async () => {
        const stat = await handle.stat();
        if (stat.size !== record.size || stat.mtimeMs !== record.mtimeMs) throw failure('changed');
      };
      // One buffer per worker, used for every chunk it sends (a chunk's request has ended when send answers): a new
      // 2 MB buffer per chunk kept the garbage collector busy for a sixth of the sending process's time.
      const buffers: Uint8Array[] = [];
      const reader: ChunkReader<Uint8Array> = {
        async read({ start, end }, worker) {
          buffers[worker] ??= new Uint8Array(chunkSize);
          const bytes = buffers[worker].subarray(0, end - start);
          await unchanged();
          const { bytesRead } = await handle.read(bytes, 0, bytes.length, start);
          if (bytesRead !== bytes.length) throw failure('changed');
          // Checked again after reading, so a write that raced the read is caught too.
          await unchanged();
          return bytes;
        },
        close: () => handle.close(),
      };
      try {
        await unchanged();
      } catch (error) {
        await handle.close();
        throw error;
      }
      return reader;
    },
    send: (part, { signal }) => authed((token) => deps.client.sendChunk(part, token, signal)),
    status: (fileId, signal) => authed((token) => deps.client.status(fileId, token, signal)),
    /** A file changed while paused is sent again from the start, under a new server id. */
    async beforeResume(record) {
      const stat = await fs.stat(record.path).catch(() => null);
      if (!stat || (stat.size === record.size && stat.mtimeMs === record.mtimeMs)) return; // missing: the run says so
      return { fileId: randomUUID(), size: stat.size, mtimeMs: stat.mtimeMs, started: false };
    },
  };

  const scheduler = createUploadScheduler<PersistedUpload, Uint8Array>(adapter, {
    chunkSize,
    maxFiles: deps.concurrency,
    chunksPerFile: deps.chunksPerFile,
    retries: deps.retries,
    backoffBaseMs: deps.retryDelayMs,
    clock,
    random: deps.random,
    persist: (records) => deps.store.save(records),
  });
  scheduler.restore(deps.store.load().map(fromDisk));
  scheduler.subscribe((event) => {
    if (event.type === 'progress' || event.type === 'state') deps.onProgress(event.item);
    else if (event.type === 'retry') deps.log?.(`upload ${event.item.name}: ${event.error.code} (HTTP ${event.error.status ?? 0}); retry ${event.attempt} in ${event.delayMs} ms`);
    else if (event.type === 'error') deps.log?.(`upload ${event.item.name} failed: ${event.error.code} ${event.error.message ?? event.error.detail ?? ''}`);
  });

  // Errors of the IPC calls themselves (an unknown id, a state that does not allow it): for the developer, not shown.
  const existing = (id: string): UploadItem => {
    const item = scheduler.get(id);
    if (!item) throw new DesktopError('not_found', `No upload with id ${id}.`);
    return item;
  };

  return {
    /** Queue files; a path that cannot be sent comes back as a failed item saying why ('missing', 'notAFile', 'tooLarge'). */
    async enqueue(paths: string[], folderId: number): Promise<UploadItem[]> {
      const at = clock.now();
      const records = await Promise.all(
        paths.map(async (filePath, i): Promise<PersistedUpload> => {
          const stat = await fs.stat(filePath).catch(() => null);
          let error: UploadError | null = null;
          if (!stat) error = { code: 'missing', message: null };
          else if (!stat.isFile()) error = { code: 'notAFile', message: null };
          else if (stat.size > maxFileSize) error = { code: 'tooLarge', message: null, limit: maxFileSize };
          return {
            id: randomUUID(),
            fileId: randomUUID(),
            path: filePath,
            name: path.basename(filePath),
            folderId,
            size: stat?.size ?? 0,
            mtimeMs: stat?.mtimeMs ?? 0,
            state: error ? 'failed' : 'queued',
            started: false,
            error,
            file: null,
            createdAt: at + i / 1000, // keeps the order of the list within one call
          };
        }),
      );
      return scheduler.add(records);
    },

    pause(id: string): UploadItem {
      const { state } = existing(id);
      if (state !== 'queued' && state !== 'uploading' && state !== 'paused') throw new DesktopError('conflict', `Cannot pause an upload in state ${state}.`);
      return scheduler.pause(id)!;
    },

    /** Paused or failed uploads go back to the queue; a file changed since is sent again from the start. */
    async resume(id: string): Promise<UploadItem> {
      const { state } = existing(id);
      if (state === 'completed' || state === 'cancelled') throw new DesktopError('conflict', `Cannot resume an upload in state ${state}.`);
      return (await scheduler.resume(id))!;
    },

    cancel(id: string): UploadItem {
      existing(id);
      return scheduler.cancel(id)!;
    },

    list: (): UploadItem[] => [...scheduler.list()],
    clearFinished: () => scheduler.clearFinished(),
    /** Resolves when nothing is queued or running (tests, orderly quit). */
    whenIdle: () => scheduler.whenIdle(),
    /**
     * Stop sending without changing what is persisted, as when the app quits: running uploads stay `uploading` on
     * disk and come back paused next time.
     */
    shutdown: () => scheduler.shutdown(),
  };
}
export type UploadEngine = ReturnType<typeof createUploadEngine>;
