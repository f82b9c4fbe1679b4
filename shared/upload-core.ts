/**
 * The upload scheduler, written once for both engines (the browser's and the desktop app's): a queue of files,
 * `maxFiles` sent at once, each cut into chunks with `chunksPerFile` in flight; a failed call tried again after a
 * capped, jittered exponential backoff when `isRetryable` says so (a refusal fails the file at once); pause,
 * resume and cancel; speed and time left over one window; events for every change.
 *
 * Runtime-free: no node:, no DOM. What differs between the engines is an adapter: how a file's bytes are read
 * (a Blob slice, a file handle), how a chunk and a status call travel (fetch/axios, node:http) and, for the
 * desktop, a queue kept on disk (`persist`, `restore`). Time and randomness are injected, so the rules are tested
 * with a fake clock (shared/upload-core.test.ts) and the engines against the real server (tests/server/uploads-engines.test.ts).
 */
import type { UploadItem, UploadState } from './ipc/contract';
import {
  backoffMs,
  CHUNKS_IN_FLIGHT,
  chunkCount,
  chunkLength,
  remainingSeconds,
  SpeedMeter,
  UPLOAD_CHUNK_BYTES,
  UploadFailure,
  type ChunkPart,
  type ChunkStatus,
  type UploadError,
  type UploadedFile,
} from './uploads';

/** What the scheduler keeps of one upload; an engine may add fields of its own (the desktop: the file's mtime). */
export interface UploadRecord {
  id: string;
  /** The server's id of the upload, the same for every chunk; an engine renews it to send a changed file afresh. */
  fileId: string;
  name: string;
  /** Local path (desktop); '' in the browser. */
  path: string;
  folderId: number;
  size: number;
  state: UploadState;
  /** A chunk may have reached the server: before sending again, ask it what it holds. */
  started: boolean;
  error: UploadError | null;
  file: UploadedFile | null;
  createdAt: number;
}

/** Reads the bytes of one file during one run. */
export interface ChunkReader<Bytes> {
  /** Bytes [start, end) of the file. `worker` (0…chunksPerFile-1) lets a reader reuse one buffer per worker. */
  read(chunk: { index: number; start: number; end: number }, worker: number): Promise<Bytes>;
  close?(): Promise<void>;
}

/** What an engine supplies. Failures are thrown as UploadFailure (anything else counts as 'unknown'). */
export interface UploadAdapter<R extends UploadRecord, Bytes> {
  /** Open the file for a run (desktop: checks it is still the same file). */
  open(record: R): Promise<ChunkReader<Bytes>>;
  /** Send one chunk; `onProgress` with the chunk's bytes sent so far, when the transport can tell. */
  send(part: ChunkPart<Bytes>, options: { signal: AbortSignal; onProgress: (loaded: number) => void }): Promise<ChunkStatus>;
  /** What the server holds of an upload; null when nothing (404). */
  status(fileId: string, signal: AbortSignal): Promise<ChunkStatus | null>;
  /** Before a paused or failed upload goes back to the queue: a patch (desktop: a file changed since starts afresh). */
  beforeResume?(record: R): Promise<Partial<R> | void> | Partial<R> | void;
}

export interface Clock {
  now(): number;
  /** Resolves after `ms`, rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export type UploadEvent =
  | { type: 'progress'; item: UploadItem }
  | { type: 'state'; item: UploadItem; from: UploadState }
  | { type: 'done'; item: UploadItem }
  | { type: 'error'; item: UploadItem; error: UploadError }
  | { type: 'retry'; item: UploadItem; error: UploadError; attempt: number; delayMs: number };

export interface SchedulerOptions<R extends UploadRecord> {
  chunkSize?: number;
  /** Files sent at once (default 2). */
  maxFiles?: number;
  /** Chunks of one file in flight at once (default CHUNKS_IN_FLIGHT). */
  chunksPerFile?: number;
  /** Tries of one call after the first before the upload fails (default 5: about 31 s of waiting in all). */
  retries?: number;
  /** First backoff (default 1 s), doubling, never over `backoffCapMs` (default 30 s). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Byte progress (within a chunk and of acknowledged chunks) is told at most once per interval (state changes at once). */
  progressIntervalMs?: number;
  clock?: Clock;
  random?: () => number;
  /** Called with every record whenever one changes in a way worth keeping (state, started, fileId). */
  persist?: (records: R[]) => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

const FINISHED: ReadonlySet<UploadState> = new Set(['completed', 'failed', 'cancelled']);
export const isFinished = (state: UploadState) => FINISHED.has(state);

interface Job<R> {
  record: R;
  /** Chunks the server acknowledged in this run. */
  done: Set<number>;
  /** Bytes of each chunk in flight that have left so far. */
  inflight: Map<number, number>;
  bytesSent: number;
  speed: number;
  meter: SpeedMeter;
  controller: AbortController | null;
  /** The run working on this upload (possibly winding down after an abort). */
  running: Promise<void> | null;
  lastProgressAt: number;
  /** The item last made of this upload (every change made one): list() answers it again while nothing changed. */
  item: UploadItem | null;
}

const asFailure = (error: unknown): UploadFailure =>
  error instanceof UploadFailure ? error : new UploadFailure({ code: 'unknown', message: null, detail: error instanceof Error ? error.message : String(error) });

export function createUploadScheduler<R extends UploadRecord, Bytes>(adapter: UploadAdapter<R, Bytes>, options: SchedulerOptions<R> = {}) {
  const {
    chunkSize = UPLOAD_CHUNK_BYTES,
    maxFiles = 2,
    chunksPerFile = CHUNKS_IN_FLIGHT,
    retries = 5,
    backoffBaseMs = 1000,
    backoffCapMs = 30_000,
    progressIntervalMs = 0,
    clock = realClock,
    random = Math.random,
    persist,
  } = options;

  const jobs = new Map<string, Job<R>>();
  const listeners = new Set<(event: UploadEvent) => void>();
  const idle = new Set<() => void>();
  let snapshot: UploadItem[] | null = null;
  let shuttingDown = false;

  const lengthOf = (record: R, index: number) => chunkLength(record.size, index, chunkSize);

  const view = (job: Job<R>): UploadItem => {
    const { record } = job;
    const uploading = record.state === 'uploading';
    return (job.item = {
      id: record.id,
      path: record.path,
      name: record.name,
      folderId: record.folderId,
      state: record.state,
      bytesSent: Math.min(job.bytesSent, record.size),
      totalBytes: record.size,
      speed: uploading ? job.speed : 0,
      remainingSeconds: record.state === 'completed' ? 0 : uploading ? remainingSeconds(record.size, job.bytesSent, job.speed) : null,
      error: record.error,
      file: record.file,
    });
  };

  const tell = (event: UploadEvent) => {
    snapshot = null;
    for (const listener of listeners) listener(event);
  };
  const save = () => persist?.([...jobs.values()].map((job) => job.record));

  /** Measure what has left (acknowledged chunks and the bytes of those in flight) and tell it. */
  const measure = (job: Job<R>, force: boolean) => {
    let bytes = 0;
    for (const index of job.done) bytes += lengthOf(job.record, index);
    for (const [index, loaded] of job.inflight) if (!job.done.has(index)) bytes += loaded;
    const at = clock.now();
    job.bytesSent = Math.min(bytes, job.record.size);
    job.meter.add(at, job.bytesSent);
    job.speed = job.meter.speed(at);
    if (!force && progressIntervalMs > 0 && at - job.lastProgressAt < progressIntervalMs) return;
    job.lastProgressAt = at;
    tell({ type: 'progress', item: view(job) });
  };

  const setState = (job: Job<R>, state: UploadState, patch: Partial<UploadRecord> = {}) => {
    const from = job.record.state;
    Object.assign(job.record, patch, { state });
    if (state !== 'uploading') job.speed = 0;
    save();
    const item = view(job);
    tell({ type: 'state', item, from });
    if (state === 'completed') tell({ type: 'done', item });
    if (state === 'failed' && job.record.error) tell({ type: 'error', item, error: job.record.error });
  };

  /** One server call, tried again on retryable failures after a capped, jittered exponential backoff. */
  const withRetries = async <T>(job: Job<R>, signal: AbortSignal, call: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (signal.aborted) throw error;
        const failure = asFailure(error);
        if (!failure.retryable || attempt > retries) throw failure;
        const delayMs = backoffMs(attempt, backoffBaseMs, backoffCapMs, random);
        tell({ type: 'retry', item: view(job), error: failure.info, attempt, delayMs });
        await clock.sleep(delayMs, signal);
      }
    }
  };

  const complete = (job: Job<R>, file: UploadedFile) => {
    job.bytesSent = job.record.size;
    setState(job, 'completed', { file, error: null });
  };

  /** Send `pending` chunks with `chunksPerFile` workers; the file once an answer says it is complete. */
  const sendAll = async (job: Job<R>, reader: ChunkReader<Bytes>, pending: number[], signal: AbortSignal): Promise<UploadedFile | undefined> => {
    const { record } = job;
    const totalChunks = chunkCount(record.size, chunkSize);
    // Paused while the file was opening: an abort listener added now would never fire.
    if (signal.aborted) throw signal.reason;
    // The first failure stops the other workers of this file (their requests abort with it).
    const chunks = new AbortController();
    const stop = () => chunks.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    let finished: UploadedFile | undefined;
    let failure: { error: unknown } | undefined;
    const worker = async (slot: number) => {
      while (pending.length && !finished && !chunks.signal.aborted) {
        const index = pending.shift()!;
        const start = index * chunkSize;
        try {
          const bytes = await reader.read({ index, start, end: start + lengthOf(record, index) }, slot);
          const part: ChunkPart<Bytes> = { folderId: record.folderId, fileId: record.fileId, chunkIndex: index, totalChunks, originalFileName: record.name, totalSize: record.size, bytes };
          const answer = await withRetries(job, chunks.signal, () => {
            job.inflight.delete(index);
            return adapter.send(part, {
              signal: chunks.signal,
              // What the transport counts includes the multipart envelope: never more than the chunk.
              onProgress: (loaded) => {
                job.inflight.set(index, Math.min(loaded, lengthOf(record, index)));
                measure(job, false);
              },
            });
          });
          job.inflight.delete(index);
          job.done.add(index);
          if (answer.complete) finished = answer.file;
          // Not forced: a chunk acknowledged is progress like the bytes in flight, told at most once per interval. In
          // the browser every told change renders the upload panel, and told at each of a 200 MB file's 100 chunks
          // the page's rendering cost the upload a third of its speed (tests/bench/video-upload.ts).
          else measure(job, false);
        } catch (error) {
          job.inflight.delete(index);
          if (!chunks.signal.aborted) {
            failure ??= { error };
            chunks.abort(error);
          }
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(chunksPerFile, pending.length)) }, (_, slot) => worker(slot)));
    signal.removeEventListener('abort', stop);
    if (finished) return finished;
    if (failure) throw failure.error;
    if (signal.aborted) throw signal.reason;
    return undefined;
  };

  const run = async (job: Job<R>) => {
    const { record } = job;
    const controller = new AbortController();
    const { signal } = controller;
    job.controller = controller;
    job.meter.reset();
    job.done = new Set();
    job.inflight.clear();
    setState(job, 'uploading', { error: null });
    let reader: ChunkReader<Bytes> | null = null;
    try {
      reader = await adapter.open(record);
      const total = chunkCount(record.size, chunkSize);
      // Up to two sending passes: when every chunk was acknowledged but no answer said "complete" (it was lost, or
      // the server lost chunks, e.g. a restart of its machine), the status tells what to send again; a third look
      // that still finds the file incomplete fails it.
      for (let pass = 0; ; pass++) {
        if (record.started) {
          const status = await withRetries(job, signal, () => adapter.status(record.fileId, signal));
          if (status?.complete) return complete(job, status.file);
          job.done = new Set((status?.received ?? []).filter((index) => index >= 0 && index < total));
        } else {
          record.started = true;
          save();
        }
        measure(job, true);
        if (pass === 2) throw new UploadFailure({ code: 'incomplete', message: null });
        const pending = [...Array(total).keys()].filter((index) => !job.done.has(index));
        const file = await sendAll(job, reader, pending, signal);
        if (file) return complete(job, file);
      }
    } catch (error) {
      if (signal.aborted) return; // paused, cancelled or shut down: whoever aborted set the state
      const failure = asFailure(error);
      measure(job, false);
      setState(job, 'failed', { error: failure.info });
    } finally {
      await reader?.close?.().catch(() => undefined);
      job.inflight.clear();
      job.controller = null;
    }
  };

  function pump() {
    if (shuttingDown) return;
    let active = [...jobs.values()].filter((job) => job.running).length;
    for (const job of jobs.values()) {
      if (active >= maxFiles) break;
      if (job.record.state !== 'queued' || job.running) continue;
      active += 1;
      // Marked running before run() starts: its first event may reach a listener that pumps again.
      let ended!: () => void;
      job.running = new Promise<void>((resolve) => (ended = resolve));
      void run(job).finally(() => {
        job.running = null;
        ended();
        pump();
      });
    }
    if (active === 0 && ![...jobs.values()].some((job) => job.record.state === 'queued')) for (const resolve of [...idle]) resolve();
  }

  const newJob = (record: R): Job<R> => ({
    record,
    done: new Set(),
    inflight: new Map(),
    bytesSent: record.state === 'completed' ? record.size : 0,
    speed: 0,
    meter: new SpeedMeter(),
    controller: null,
    running: null,
    lastProgressAt: -Infinity,
    item: null,
  });

  const stop = (job: Job<R>, state: 'paused' | 'cancelled') => {
    setState(job, state);
    job.controller?.abort(new Error(state));
  };

  return {
    /**
     * Take back what a previous run kept (desktop). Unfinished uploads come back paused: they need a signed-in user
     * and the user's go-ahead; resuming asks the server which chunks it already holds.
     */
    restore(records: R[]): void {
      for (const record of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
        if (!isFinished(record.state)) record.state = 'paused';
        jobs.set(record.id, newJob(record));
      }
      snapshot = null;
    },

    /** Queue uploads (records in state 'queued', or 'failed' with an error for files refused before sending). */
    add(records: R[]): UploadItem[] {
      const added = records.map((record) => {
        const job = newJob(record);
        jobs.set(record.id, job);
        return job;
      });
      save();
      for (const job of added) tell({ type: 'state', item: view(job), from: job.record.state });
      pump();
      return added.map(view);
    },

    get(id: string): UploadItem | undefined {
      const job = jobs.get(id);
      return job && view(job);
    },

    /** Stop sending for now (queued or uploading); anything else is left as it is. */
    pause(id: string): UploadItem | undefined {
      const job = jobs.get(id);
      if (job && (job.record.state === 'queued' || job.record.state === 'uploading')) stop(job, 'paused');
      return job && view(job);
    },

    /** A paused or failed upload goes back to the queue and carries on with what the server lacks. */
    async resume(id: string): Promise<UploadItem | undefined> {
      const job = jobs.get(id);
      if (!job || (job.record.state !== 'paused' && job.record.state !== 'failed')) return job && view(job);
      // Without a hook nothing waits: the upload is queued before resume() returns.
      const patch = adapter.beforeResume ? await adapter.beforeResume(job.record) : undefined;
      if (job.record.state !== 'paused' && job.record.state !== 'failed') return view(job); // cancelled meanwhile
      if (patch) {
        Object.assign(job.record, patch);
        job.bytesSent = 0;
      }
      setState(job, 'queued', { error: null });
      pump();
      return view(job);
    },

    /** Stop and give up an upload that has not finished; a finished one is left as it is. */
    cancel(id: string): UploadItem | undefined {
      const job = jobs.get(id);
      if (job && !isFinished(job.record.state)) stop(job, 'cancelled');
      return job && view(job);
    },

    /**
     * Every upload, oldest first, as last told; the same array until something changes, and the same item for an
     * upload that did not change (a list drawing one row per upload redraws only the one that moves).
     */
    list(): readonly UploadItem[] {
      snapshot ??= [...jobs.values()].map((job) => job.item ?? view(job));
      return snapshot;
    },

    records(): R[] {
      return [...jobs.values()].map((job) => job.record);
    },

    clearFinished(): void {
      for (const [id, job] of jobs) if (isFinished(job.record.state)) jobs.delete(id);
      save();
      snapshot = null;
    },

    subscribe(listener: (event: UploadEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Resolves when nothing is queued or running. */
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

    /** Stop sending without changing any state, as when the app quits: what runs stays 'uploading' in `persist`. */
    async shutdown(): Promise<void> {
      shuttingDown = true;
      const running = [...jobs.values()].filter((job) => job.running);
      for (const job of running) job.controller?.abort(new Error('shutdown'));
      await Promise.all(running.map((job) => job.running));
    },
  };
}
export type UploadScheduler<R extends UploadRecord> = ReturnType<typeof createUploadScheduler<R, unknown>>;
