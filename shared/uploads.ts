/**
 * The chunked upload protocol's numbers and arithmetic, one module for the server, the desktop engine and the
 * browser engine: the chunk size (spec: 2,000,000 bytes, the last chunk shorter), how a file is cut, how fast it
 * goes, how long is left, and how long to wait before sending a failed chunk again; and the shape of the two
 * answers (`POST chunk/upload`, `GET chunk/status/{fileId}`), which both engines parse with the schema below.
 * Pure, tested on its own.
 */
import { z } from 'zod';

/** A stored file as the chunk answers name it (the server sends more: parsing keeps these). */
export const uploadedFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number(),
  folderId: z.number().int().nullable(),
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** `data` of both chunk answers: what the server holds of an upload, or the file it became. */
export const chunkStatusSchema = z.discriminatedUnion('complete', [
  z.object({ fileId: z.string(), complete: z.literal(false), totalChunks: z.number().int(), received: z.array(z.number().int()) }),
  z.object({ fileId: z.string(), complete: z.literal(true), file: uploadedFileSchema }),
]);
export type ChunkStatus = z.infer<typeof chunkStatusSchema>;

const chunkAnswerSchema = z.object({ data: chunkStatusSchema });

/** A chunk answer's body (`{ code, message, data }`) → its checked `data`; an Error saying so when it is not one. */
export function readChunkAnswer(body: unknown): ChunkStatus {
  const parsed = chunkAnswerSchema.safeParse(body);
  if (!parsed.success) throw new Error(`Not a chunk answer: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data.data;
}

/** Bytes per chunk of `POST chunk/upload` (spec section 9). */
export const UPLOAD_CHUNK_BYTES = 2_000_000;

/** The default largest file (spec section 9). */
export const MAX_UPLOAD_BYTES = 500_000_000;
/**
 * Chunks of one file in flight at once, in both upload engines: while one chunk's answer comes back (the server's
 * bookkeeping, a thread-pool round trip per file-system call) the others keep the connection and the disk busy.
 * Memory stays flat: this many chunk buffers per file, whatever the file's size.
 */
export const CHUNKS_IN_FLIGHT = 4;

/** Chunks a file of `size` bytes is cut into (an empty file is one empty chunk). */
export const chunkCount = (size: number, chunkSize = UPLOAD_CHUNK_BYTES) => Math.max(1, Math.ceil(size / chunkSize));

/** Bytes of chunk `index` of a file of `size` bytes. */
export const chunkLength = (size: number, index: number, chunkSize = UPLOAD_CHUNK_BYTES) => Math.max(0, Math.min(chunkSize, size - index * chunkSize));
export interface ChunkPlan {
  index: number;
  start: number;
  /** Exclusive. */
  end: number;
}

/** Chunks of a file; an empty file is one empty chunk (the server needs one request to create it). */
export function planChunks(size: number, chunkSize: number): ChunkPlan[] {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`bad size ${size}`);
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new RangeError(`bad chunk size ${chunkSize}`);
  const count = chunkCount(size, chunkSize);
  return Array.from({ length: count }, (_, index) => ({ index, start: index * chunkSize, end: Math.min(size, (index + 1) * chunkSize) }));
}

/**
 * Bytes per second over a sliding window (default 5 s): recent enough to follow a change of network, long
 * enough not to jump with every progress event.
 */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];
  constructor(private readonly windowMs = 5000) {}

  /** Record the total bytes sent so far at time `at` (ms). */
  add(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    // Keep one sample older than the window as its left edge.
    while (this.samples.length > 2 && this.samples[1].at <= at - this.windowMs) this.samples.shift();
  }

  /** Bytes per second; 0 until there are two samples at least 100 ms apart. */
  speed(now: number): number {
    if (this.samples.length < 2) return 0;
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    // Nothing new for a whole window: the transfer is stalled.
    if (now - last.at > this.windowMs) return 0;
    const span = Math.max(now, last.at) - first.at;
    if (span < 100) return 0;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / span);
  }

  reset(): void {
    this.samples = [];
  }
}

/** Seconds left at `speed`; null when it cannot be told (nothing measured yet). */
export function remainingSeconds(totalBytes: number, sentBytes: number, speed: number): number | null {
  const left = Math.max(0, totalBytes - sentBytes);
  if (left === 0) return 0;
  if (!(speed > 0)) return null;
  return left / speed;
}

/** Exponential backoff with jitter: attempt 1 → ~1 s, 2 → ~2 s, 3 → ~4 s… capped at 30 s. */
export function backoffMs(attempt: number, baseMs = 1000, capMs = 30_000, random: () => number = Math.random): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // ±25 %: many clients failing together do not retry together.
  return Math.round(exp * (0.75 + random() * 0.5));
}

/** A failure worth trying again: the network, a timeout, the server overloaded or briefly down. */
export function isRetryable(status: number | undefined): boolean {
  if (status === undefined || status === 0) return true;
  return status === 408 || status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}
