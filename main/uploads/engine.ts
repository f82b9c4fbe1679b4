/**
 * Native chunked uploads: a persisted queue of local files sent to the file manager in
 * 2,000,000-byte chunks, a few files at a time. Files are read chunk by chunk from an open handle
 * (never whole). The queue survives a restart: on resume the server is asked which chunks it
 * already holds and only the missing ones are sent. A file that changes on disk (size or mtime)
 * while it is being sent fails with a clear message instead of producing a mixed file.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { UploadItem, UploadState } from '../../shared/ipc/contract';
import { DesktopError } from '../../shared/ipc/errors';
import { CHUNKS_IN_FLIGHT, chunkCount, chunkLength, MAX_UPLOAD_BYTES } from '../../shared/uploads';
import { CHUNK_SIZE, ChunkHttpError, type ChunkClient, type ChunkStatus, type StoredFile } from './chunk-client';

/** What is kept on disk per upload. */
export interface PersistedUpload {
  id: string;
  /** Server-side id of the upload; the same for every chunk. Renewed when a changed file is sent again. */
  fileId: string;
  path: string;
  name: string;
  folderId: number;
  size: number;
  mtimeMs: number;
  state: UploadState;
  /** True once a chunk may have reached the server, so a resume asks for the chunk status first. */
  started: boolean;
  error: string | null;
  file: StoredFile | null;
  createdAt: number;
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
  /** Attempts per chunk on transient failures (default 4), with `retryDelayMs` doubling each time. */
  attempts?: number;
  retryDelayMs?: number;
  /** Largest file accepted (spec: default maximum 500,000,000 bytes). */
  maxFileSize?: number;
  now?: () => number;
  log?: (message: string) => void;
}

const FINISHED: UploadState[] = ['completed', 'failed', 'cancelled'];
const SPEED_WINDOW_MS = 8_000;

export const messages = {
  changed: 'Tệp đã thay đổi trên đĩa trong khi tải lên. Hãy tải lên lại.',
  missing: 'Không tìm thấy tệp trên đĩa.',
  notAFile: 'Đường dẫn không phải là một tệp.',
  tooLarge: (max: number) => `Tệp vượt quá kích thước cho phép (${max} bytes).`,
};

class FileChangedError extends Error {}

interface Entry {
  record: PersistedUpload;
  bytesSent: number;
  samples: Array<{ at: number; bytes: number }>;
  controller: AbortController | null;
  /** A runner is working on this entry (possibly winding down after an abort). */
  running: boolean;
}

export function createUploadEngine(deps: UploadEngineDeps) {
  const concurrency = deps.concurrency ?? 2;
  const chunkSize = deps.chunkSize ?? CHUNK_SIZE;
  const chunksPerFile = deps.chunksPerFile ?? CHUNKS_IN_FLIGHT;
  const attempts = deps.attempts ?? 4;
  const retryDelayMs = deps.retryDelayMs ?? 1_000;
  const maxFileSize = deps.maxFileSize ?? MAX_UPLOAD_BYTES;
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const idle = new Set<() => void>();
  let shuttingDown = false;

  const totalChunksOf = (size: number) => chunkCount(size, chunkSize);
  const lengthOf = (size: number, index: number) => chunkLength(size, index, chunkSize);

  // Restore the last run's queue. Unfinished uploads come back paused: they need a signed-in user
  // and the user's go-ahead; resuming asks the server which chunks it already has.
  for (const record of deps.store.load()) {
    const state: UploadState = FINISHED.includes(record.state) ? record.state : 'paused';
    entries.set(record.id, {
      record: { ...record, state },
      bytesSent: record.state === 'completed' ? record.size : 0,
      samples: [],
      controller: null,
      running: false,
    });
  }

  const persist = () => deps.store.save([...entries.values()].map((e) => e.record));

  const view = (entry: Entry): UploadItem => {
    const { record } = entry;
    const uploading = record.state === 'uploading';
    const speed = uploading ? speedOf(entry) : 0;
    return {
      id: record.id,
      path: record.path,
      name: record.name,
      folderId: record.folderId,
      state: record.state,
      bytesSent: entry.bytesSent,
      totalBytes: record.size,
      speed,
      remainingSeconds: uploading && speed > 0 ? Math.ceil((record.size - entry.bytesSent) / speed) : record.state === 'completed' ? 0 : null,
      error: record.error,
      file: record.file,
    };
  };

  const speedOf = (entry: Entry) => {
    const recent = entry.samples.filter((s) => now() - s.at <= SPEED_WINDOW_MS);
    if (recent.length < 2) return 0;
    const first = recent[0];
    const last = recent[recent.length - 1];
    const seconds = (last.at - first.at) / 1000;
    return seconds > 0 ? (last.bytes - first.bytes) / seconds : 0;
  };

  const report = (entry: Entry) => deps.onProgress(view(entry));

  const setState = (entry: Entry, state: UploadState, error: string | null = null) => {
    entry.record.state = state;
    entry.record.error = error;
    persist();
    report(entry);
  };

  const get = (id: string): Entry => {
    const entry = entries.get(id);
    if (!entry) throw new DesktopError('not_found', `Không có tệp tải lên với mã ${id}.`);
    return entry;
  };

  const pump = () => {
    if (shuttingDown) return;
    const active = [...entries.values()].filter((e) => e.running).length;
    const waiting = [...entries.values()]
      .filter((e) => e.record.state === 'queued' && !e.running)
      .sort((a, b) => a.record.createdAt - b.record.createdAt);
    for (const entry of waiting.slice(0, Math.max(0, concurrency - active))) void run(entry);
    if (active === 0 && waiting.length === 0) for (const resolve of idle) resolve();
  };

  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      });
    });

  /** Run one server call with a fresh token, one forced refresh on 401, and retries on transient failures. */
  const withRetries = async <T>(signal: AbortSignal, call: (token: string) => Promise<T>): Promise<T> => {
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const token = await deps.getAccessToken(refreshed);
      try {
        return await call(token);
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof ChunkHttpError && error.status === 401 && !refreshed) {
          refreshed = true;
          continue;
        }
        if (error instanceof ChunkHttpError && error.transient && attempt < attempts) {
          deps.log?.(`upload: ${error.message}; retrying`);
          await sleep(retryDelayMs * 2 ** (attempt - 1), signal);
          continue;
        }
        throw error;
      }
    }
  };

  const assertUnchanged = async (record: PersistedUpload, handle: fs.FileHandle) => {
    const stat = await handle.stat();
    if (stat.size !== record.size || stat.mtimeMs !== record.mtimeMs) throw new FileChangedError(messages.changed);
  };

  const receivedBytes = (record: PersistedUpload, received: number[]) =>
    received.reduce((sum, index) => sum + lengthOf(record.size, index), 0);

  const complete = (entry: Entry, file: StoredFile) => {
    entry.record.file = file;
    entry.bytesSent = entry.record.size;
    setState(entry, 'completed');
  };

  const run = async (entry: Entry) => {
    const { record } = entry;
    const controller = new AbortController();
    entry.controller = controller;
    entry.running = true;
    entry.samples = [];
    entry.record.state = 'uploading';
    entry.record.error = null;
    persist();
    report(entry);
    let handle: fs.FileHandle | null = null;
    try {
      handle = await fs.open(record.path, 'r').catch(() => {
        throw new FileChangedError(messages.missing);
      });
      await assertUnchanged(record, handle);
      const total = totalChunksOf(record.size);
      // Up to two passes: if the last answer still lists missing chunks (lost on the server side), send those again.
      for (let pass = 0; pass < 2; pass++) {
        let pending = [...Array(total).keys()];
        entry.bytesSent = 0;
        if (record.started) {
          const status: ChunkStatus | null = await withRetries(controller.signal, (token) =>
            deps.client.status(record.fileId, token, controller.signal),
          );
          if (status?.complete) return complete(entry, status.file);
          if (status) {
            const held = new Set(status.received);
            pending = pending.filter((index) => !held.has(index));
            entry.bytesSent = receivedBytes(record, status.received);
          }
        }
        entry.samples = [{ at: now(), bytes: entry.bytesSent }];
        report(entry);
        if (!record.started) {
          record.started = true;
          persist();
        }
        // `chunksPerFile` workers take the pending chunks in order, each with its own buffer; the server accepts
        // them in any order. The first failure stops the others (their requests are aborted with it).
        const file = handle;
        const chunks = new AbortController();
        const stopChunks = () => chunks.abort(controller.signal.reason);
        controller.signal.addEventListener('abort', stopChunks);
        let finished: StoredFile | undefined;
        let next = 0;
        const worker = async () => {
          // One buffer per worker, used for every chunk it sends (a chunk's request has ended when sendChunk answers):
          // a new 2 MB buffer per chunk kept the garbage collector busy for a sixth of the sending process's time.
          const buffer = new Uint8Array(chunkSize);
          while (next < pending.length && !finished && !chunks.signal.aborted) {
            const chunkIndex = pending[next++];
            const length = lengthOf(record.size, chunkIndex);
            const bytes = buffer.subarray(0, length);
            await assertUnchanged(record, file);
            const { bytesRead } = await file.read(bytes, 0, length, chunkIndex * chunkSize);
            if (bytesRead !== length) throw new FileChangedError(messages.changed);
            // Checked again after reading, so a write that raced the read is caught too.
            await assertUnchanged(record, file);
            const answer = await withRetries(chunks.signal, (token) =>
              deps.client.sendChunk(
                { folderId: record.folderId, fileId: record.fileId, chunkIndex, totalChunks: total, originalFileName: record.name, totalSize: record.size, bytes },
                token,
                chunks.signal,
              ),
            );
            if (answer.complete) {
              finished = answer.file;
              return;
            }
            entry.bytesSent = Math.max(entry.bytesSent + length, receivedBytes(record, answer.received));
            entry.samples.push({ at: now(), bytes: entry.bytesSent });
            report(entry);
          }
        };
        const running = Array.from({ length: Math.max(1, Math.min(chunksPerFile, pending.length)) }, () =>
          worker().catch((error: unknown) => {
            if (!chunks.signal.aborted) chunks.abort(error);
            throw error;
          }),
        );
        const results = await Promise.allSettled(running);
        controller.signal.removeEventListener('abort', stopChunks);
        if (finished) return complete(entry, finished);
        // The error that stopped the file: the first one (the others are the aborts it caused).
        if (chunks.signal.aborted) throw chunks.signal.reason;
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
      }
      throw new Error('Máy chủ chưa ghép xong tệp sau khi đã nhận đủ các phần.');
    } catch (error) {
      if (controller.signal.aborted) return; // paused or cancelled: the state is already set
      const message =
        error instanceof FileChangedError || error instanceof ChunkHttpError || error instanceof DesktopError
          ? error.message
          : `Tải lên thất bại: ${(error as Error).message}`;
      deps.log?.(`upload ${record.name} failed: ${message}`);
      setState(entry, 'failed', message);
    } finally {
      await handle?.close().catch(() => undefined);
      entry.running = false;
      entry.controller = null;
      pump();
    }
  };

  const stop = (entry: Entry, state: 'paused' | 'cancelled') => {
    setState(entry, state);
    entry.controller?.abort(new Error(state));
  };

  return {
    /** Queue files; a path that cannot be sent comes back as a failed item saying why. */
    async enqueue(paths: string[], folderId: number): Promise<UploadItem[]> {
      const added: Entry[] = [];
      for (const filePath of paths) {
        const record: PersistedUpload = {
          id: randomUUID(),
          fileId: randomUUID(),
          path: filePath,
          name: path.basename(filePath),
          folderId,
          size: 0,
          mtimeMs: 0,
          state: 'queued',
          started: false,
          error: null,
          file: null,
          createdAt: now() + added.length / 1000, // keeps the order of the list within one call
        };
        try {
          const stat = await fs.stat(filePath);
          if (!stat.isFile()) record.error = messages.notAFile;
          else if (stat.size > maxFileSize) record.error = messages.tooLarge(maxFileSize);
          record.size = stat.size;
          record.mtimeMs = stat.mtimeMs;
        } catch {
          record.error = messages.missing;
        }
        if (record.error) record.state = 'failed';
        const entry: Entry = { record, bytesSent: 0, samples: [], controller: null, running: false };
        entries.set(record.id, entry);
        added.push(entry);
      }
      persist();
      pump();
      return added.map(view);
    },

    pause(id: string): UploadItem {
      const entry = get(id);
      if (entry.record.state === 'queued' || entry.record.state === 'uploading') stop(entry, 'paused');
      else if (entry.record.state !== 'paused') throw new DesktopError('conflict', `Không thể tạm dừng tệp ở trạng thái ${entry.record.state}.`);
      return view(entry);
    },

    /** Paused or failed uploads go back to the queue; a file changed since is sent again from the start. */
    async resume(id: string): Promise<UploadItem> {
      const entry = get(id);
      const { record } = entry;
      if (record.state === 'queued' || record.state === 'uploading') return view(entry);
      if (record.state !== 'paused' && record.state !== 'failed') {
        throw new DesktopError('conflict', `Không thể tiếp tục tệp ở trạng thái ${record.state}.`);
      }
      try {
        const stat = await fs.stat(record.path);
        if (stat.size !== record.size || stat.mtimeMs !== record.mtimeMs) {
          Object.assign(record, { fileId: randomUUID(), size: stat.size, mtimeMs: stat.mtimeMs, started: false });
          entry.bytesSent = 0;
        }
      } catch {
        // Missing now: the runner reports it.
      }
      setState(entry, 'queued');
      pump();
      return view(entry);
    },

    cancel(id: string): UploadItem {
      const entry = get(id);
      if (FINISHED.includes(entry.record.state)) return view(entry);
      stop(entry, 'cancelled');
      return view(entry);
    },

    list(): UploadItem[] {
      return [...entries.values()].sort((a, b) => a.record.createdAt - b.record.createdAt).map(view);
    },

    clearFinished(): void {
      for (const [id, entry] of entries) if (FINISHED.includes(entry.record.state)) entries.delete(id);
      persist();
    },

    /** Resolves when nothing is queued or running (tests, orderly quit). */
    whenIdle(): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          idle.delete(done);
          resolve();
        };
        idle.add(done);
        pump();
      });
    },

    /**
     * Stop sending without changing what is persisted, as when the app quits: running uploads
     * stay `uploading` on disk and come back paused next time.
     */
    async shutdown(): Promise<void> {
      shuttingDown = true;
      const running = [...entries.values()].filter((e) => e.running);
      for (const entry of running) entry.controller?.abort(new Error('shutdown'));
      await Promise.all(
        running.map(
          (entry) =>
            new Promise<void>((resolve) => {
              const check = () => (entry.running ? setTimeout(check, 5) : resolve());
              check();
            }),
        ),
      );
    },
  };
}
export type UploadEngine = ReturnType<typeof createUploadEngine>;
