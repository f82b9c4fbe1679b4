import { uploadListeners, type Uploads } from './uploads';
import { createUploadScheduler, realClock, type Clock, type UploadAdapter, type UploadRecord } from '../../shared/upload-core';
import { chunkFields, httpFailure, UploadFailure, type ChunkStatus } from '../../shared/uploads';

/** What `POST chunk/upload` and `GET chunk/status/{fileId}` answer in `data` (shared/uploads.ts, parsed there). */
export type ChunkAnswer = ChunkStatus;

/**
 * A refused or failed request as a transport reports it: `status` undefined when nothing was answered, `body` the
 * answer's body (its `Message` is shown as is). A transport may also throw an UploadFailure itself.
 */
export interface TransportError {
  status?: number;
  message: string;
  body?: unknown;
}

/** The two HTTP calls of the engine; the console wires them to its CMS client (bearer, base URL, interface language). */
export interface ChunkTransport {
  send(form: FormData, options: { signal: AbortSignal; onProgress: (loadedBytes: number) => void }): Promise<ChunkAnswer>;
  /** null when the server holds nothing for the id (404). */
  status(fileId: string, signal: AbortSignal): Promise<ChunkAnswer | null>;
}

export interface BrowserUploadOptions {
  transport: ChunkTransport;
  chunkSize?: number;
  /** Files sent at the same time. */
  maxFiles?: number;
  /** Chunks of one file in flight at the same time. */
  chunksPerFile?: number;
  /** Tries of one chunk after the first before the upload is marked failed. */
  maxRetries?: number;
  /**
   * Progress is told at most once per interval (state changes at once); default 500 ms. Each told change redraws the
   * upload panel, on the machine that is sending the file: at 150 ms, with every chunk's answer told too, the page
   * spent more CPU than the server and the upload ran at 60% of the same browser's bare limit.
   */
  progressIntervalMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  newId?: () => string;
  random?: () => number;
}

interface BrowserRecord extends UploadRecord {
  blob: File;
}

/** Whatever a transport threw → the failure it stands for. */
function failureOf(error: unknown): UploadFailure {
  if (error instanceof UploadFailure) return error;
  const { status, body, message } = (error ?? {}) as Partial<TransportError>;
  return httpFailure(typeof status === 'number' ? status : undefined, body, typeof message === 'string' ? message : String(error));
}

/**
 * The browser's uploads: the shared scheduler (shared/upload-core.ts) with an adapter that slices the File and
 * sends each chunk as FormData through the console's client. Nothing is kept across a reload (the desktop app's
 * engine, in main/, keeps its queue on disk).
 */
export function createBrowserUploads(options: BrowserUploadOptions): Uploads {
  const { transport, newId = () => crypto.randomUUID() } = options;
  const clock: Clock = { now: options.now ?? realClock.now, sleep: options.sleep ?? realClock.sleep };

  const adapter: UploadAdapter<BrowserRecord, Blob> = {
    open: async (record) => ({ read: async ({ start, end }) => record.blob.slice(start, end) }),
    async send(part, { signal, onProgress }) {
      const form = new FormData();
      // Text fields first, the bytes last: the server reads the fields before it streams the chunk.
      for (const [name, value] of chunkFields(part)) form.append(name, value);
      form.append('file', part.bytes, part.originalFileName);
      try {
        return await transport.send(form, { signal, onProgress });
      } catch (error) {
        throw failureOf(error);
      }
    },
    async status(fileId, signal) {
      try {
        return await transport.status(fileId, signal);
      } catch (error) {
        throw failureOf(error);
      }
    },
  };

  const scheduler = createUploadScheduler<BrowserRecord, Blob>(adapter, {
    chunkSize: options.chunkSize,
    maxFiles: options.maxFiles,
    chunksPerFile: options.chunksPerFile,
    retries: options.maxRetries,
    progressIntervalMs: options.progressIntervalMs ?? 500,
    clock,
    random: options.random,
  });

  const listeners = uploadListeners();
  scheduler.subscribe((event) => {
    if (event.type === 'progress' || event.type === 'state') listeners.changed();
    else if (event.type === 'done') listeners.completed(event.item);
  });

  return {
    kind: 'browser',
    async enqueue(files, folderId) {
      const at = clock.now();
      scheduler.add(
        files.map((file, i) => {
          const id = newId();
          return { id, fileId: id, name: file.name, path: '', folderId, size: file.size, state: 'queued', started: false, error: null, file: null, createdAt: at + i / 1000, blob: file };
        }),
      );
    },
    cancel: (id) => void scheduler.cancel(id),
    pause: (id) => void scheduler.pause(id),
    resume: (id) => void scheduler.resume(id),
    clearFinished() {
      scheduler.clearFinished();
      listeners.changed();
    },
    list: () => scheduler.list(),
    subscribe: listeners.subscribe,
    onCompleted: listeners.onCompleted,
  };
}
