import type { UploadEntry, Uploads } from './uploads';
import { CHUNKS_IN_FLIGHT, SpeedMeter, backoffMs, isRetryable, planChunks, remainingSeconds, UPLOAD_CHUNK_BYTES, type ChunkPlan, type ChunkStatus, type UploadedFile } from '../../shared/uploads';

/** What `POST chunk/upload` and `GET chunk/status/{fileId}` answer in `data` (shared/uploads.ts, parsed there). */
export type ChunkAnswer = ChunkStatus;

/** A refused or failed request: `status` is undefined for network failures. */
export interface TransportError {
  status?: number;
  message: string;
}

/** The two HTTP calls of the engine; the console wires them to its CMS client (bearer, base URL). */
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
  /** Progress notifications are grouped to at most one per interval (state changes are told at once). */
  progressIntervalMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  newId?: () => string;
  random?: () => number;
}

interface Job {
  entry: UploadEntry;
  file: File;
  plan: ChunkPlan[];
  /** Chunks the server has acknowledged. */
  done: Set<number>;
  /** Bytes of each chunk in flight that have left so far. */
  inflight: Map<number, number>;
  meter: SpeedMeter;
  controller: AbortController | null;
  running: boolean;
  /** Something was sent once: before sending again, ask the server what it already holds. */
  sentBefore: boolean;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const messageOf = (error: unknown) =>
  typeof (error as TransportError)?.message === 'string' ? (error as TransportError).message : String(error);

const FINISHED = new Set<UploadEntry['state']>(['completed', 'failed', 'cancelled']);

/**
 * The browser's chunked uploader: a queue of files, `maxFiles` sent at once, each with up to
 * `chunksPerFile` chunks in flight; a failed chunk is sent again after an exponential backoff when the
 * failure is the network's or a busy server's (a refusal, e.g. a wrong type, fails the file at once);
 * pause/cancel abort the requests in flight; resume asks `chunk/status` which chunks the server already
 * has and sends only the others.
 */
export function createBrowserUploads(options: BrowserUploadOptions): Uploads {
  const {
    transport,
    chunkSize = UPLOAD_CHUNK_BYTES,
    maxFiles = 2,
    chunksPerFile = CHUNKS_IN_FLIGHT,
    maxRetries = 5,
    progressIntervalMs = 150,
    now = Date.now,
    sleep = abortableSleep,
    newId = () => crypto.randomUUID(),
    random = Math.random,
  } = options;

  let jobs: Job[] = [];
  let snapshot: readonly UploadEntry[] = [];
  let active = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const completedListeners = new Set<(entry: UploadEntry) => void>();

  const emit = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    snapshot = jobs.map((job) => job.entry);
    listeners.forEach((listener) => listener());
  };
  const emitSoon = () => {
    if (progressIntervalMs <= 0) return emit();
    timer ??= setTimeout(emit, progressIntervalMs);
  };
  const set = (job: Job, patch: Partial<UploadEntry>) => {
    job.entry = { ...job.entry, ...patch };
    emit();
  };
  const find = (id: string) => jobs.find((job) => job.entry.id === id);

  const sentBytes = (job: Job) => {
    let bytes = 0;
    for (const index of job.done) bytes += job.plan[index].end - job.plan[index].start;
    for (const [index, loaded] of job.inflight) if (!job.done.has(index)) bytes += loaded;
    return Math.min(bytes, job.entry.totalBytes);
  };

  const progress = (job: Job) => {
    const at = now();
    const bytesSent = sentBytes(job);
    job.meter.add(at, bytesSent);
    const speed = job.meter.speed(at);
    job.entry = { ...job.entry, bytesSent, speed, remainingSeconds: remainingSeconds(job.entry.totalBytes, bytesSent, speed) };
    emitSoon();
  };

  const formFor = (job: Job, chunk: ChunkPlan) => {
    const form = new FormData();
    // Text fields first, the bytes last: the server reads the fields before it streams the chunk.
    form.append('folderId', String(job.entry.folderId));
    form.append('fileId', job.entry.id);
    form.append('chunkIndex', String(chunk.index));
    form.append('totalChunks', String(job.plan.length));
    form.append('originalFileName', job.file.name);
    form.append('totalSize', String(job.file.size));
    form.append('file', job.file.slice(chunk.start, chunk.end), job.file.name);
    return form;
  };

  async function sendChunk(job: Job, index: number, signal: AbortSignal): Promise<ChunkAnswer> {
    const chunk = job.plan[index];
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await transport.send(formFor(job, chunk), {
          signal,
          onProgress: (loaded) => {
            // `loaded` counts the multipart envelope too: never more than the chunk itself.
            job.inflight.set(index, Math.min(loaded, chunk.end - chunk.start));
            progress(job);
          },
        });
        job.inflight.delete(index);
        return answer;
      } catch (error) {
        job.inflight.delete(index);
        if (signal.aborted || !isRetryable((error as TransportError)?.status) || attempt >= maxRetries) throw error;
        progress(job);
        await sleep(backoffMs(attempt + 1, 1000, 30_000, random), signal);
      }
    }
  }

  async function run(job: Job) {
    const controller = new AbortController();
    const { signal } = controller;
    job.controller = controller;
    job.running = true;
    job.meter.reset();
    set(job, { state: 'uploading', error: null, speed: 0, remainingSeconds: null });
    // Held in an object: the workers set it from their closures.
    const outcome: { failure?: { error: unknown } } = {};
    try {
      if (job.sentBefore) {
        // Resuming: the server tells which chunks it already holds (or that it finished the file).
        const status = await transport.status(job.entry.id, signal);
        if (status?.complete) return complete(job, status.file);
        job.done = new Set((status?.received ?? []).filter((index) => index >= 0 && index < job.plan.length));
        progress(job);
      }
      job.sentBefore = true;
      const pending = job.plan.map((chunk) => chunk.index).filter((index) => !job.done.has(index));
      let finished: UploadedFile | undefined;
      const worker = async () => {
        while (pending.length && !outcome.failure && !signal.aborted) {
          const index = pending.shift()!;
          try {
            const answer = await sendChunk(job, index, signal);
            job.done.add(index);
            progress(job);
            if (answer.complete) finished = answer.file;
          } catch (error) {
            if (!signal.aborted) {
              outcome.failure ??= { error };
              controller.abort(); // stop the other chunks of this file: it has failed
            }
            return;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(chunksPerFile, pending.length)) }, worker));
      if (outcome.failure) throw outcome.failure.error;
      if (signal.aborted) return; // paused or cancelled meanwhile: they set the state
      if (!finished) {
        // Every chunk acknowledged, but the answer that completed the file was lost: ask for it.
        const status = await transport.status(job.entry.id, signal);
        if (!status?.complete) throw { message: 'The server did not complete the file' } satisfies TransportError;
        finished = status.file;
      }
      complete(job, finished);
    } catch (error) {
      if (signal.aborted && !outcome.failure) return;
      set(job, { state: 'failed', error: messageOf(outcome.failure ? outcome.failure.error : error), speed: 0, remainingSeconds: null, bytesSent: sentBytes(job) });
    } finally {
      job.inflight.clear();
      job.controller = null;
      job.running = false;
      active -= 1;
      pump();
    }
  }

  function complete(job: Job, file: UploadedFile) {
    if (job.entry.state !== 'uploading') return;
    set(job, { state: 'completed', bytesSent: job.entry.totalBytes, speed: 0, remainingSeconds: 0, error: null, file });
    completedListeners.forEach((listener) => listener(job.entry));
  }

  function pump() {
    while (active < maxFiles) {
      const next = jobs.find((job) => job.entry.state === 'queued' && !job.running);
      if (!next) return;
      active += 1;
      void run(next);
    }
  }

  const stop = (job: Job, state: 'paused' | 'cancelled') => {
    job.controller?.abort();
    set(job, { state, speed: 0, remainingSeconds: null });
  };

  return {
    kind: 'browser',
    async enqueue(files, folderId) {
      for (const file of files) {
        jobs = [
          ...jobs,
          {
            entry: {
              id: newId(),
              path: '',
              name: file.name,
              folderId,
              state: 'queued',
              bytesSent: 0,
              totalBytes: file.size,
              speed: 0,
              remainingSeconds: null,
              error: null,
              file: null,
            },
            file,
            plan: planChunks(file.size, chunkSize),
            done: new Set(),
            inflight: new Map(),
            meter: new SpeedMeter(),
            controller: null,
            running: false,
            sentBefore: false,
          },
        ];
      }
      emit();
      pump();
    },
    cancel(id) {
      const job = find(id);
      if (job && !FINISHED.has(job.entry.state)) stop(job, 'cancelled');
    },
    pause(id) {
      const job = find(id);
      if (job && (job.entry.state === 'uploading' || job.entry.state === 'queued')) stop(job, 'paused');
    },
    resume(id) {
      const job = find(id);
      if (!job || (job.entry.state !== 'paused' && job.entry.state !== 'failed')) return;
      set(job, { state: 'queued', error: null });
      pump();
    },
    clearFinished() {
      jobs = jobs.filter((job) => !FINISHED.has(job.entry.state));
      emit();
    },
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onCompleted(listener) {
      completedListeners.add(listener);
      return () => completedListeners.delete(listener);
    },
  };
}
