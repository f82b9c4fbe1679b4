/**
 * The chunked upload protocol's numbers and arithmetic, one module for the server, the desktop engine and the
 * browser engine: the chunk size (spec: 2,000,000 bytes, the last chunk shorter), how a file is cut, how fast it
 * goes, how long is left, how long to wait before sending a failed chunk again and which failures are worth it;
 * the shape of the two answers (`POST chunk/upload`, `GET chunk/status/{fileId}`), which both engines parse with
 * the schema below; and the error codes an upload fails with. Pure, tested on its own. The scheduler that uses
 * them is shared/upload-core.ts.
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
 * The one window speed and time left are measured over, in both engines: recent enough to follow a change of
 * network, long enough not to jump with every progress event.
 */
export const SPEED_WINDOW_MS = 5000;

/** Bytes per second over a sliding window (SPEED_WINDOW_MS). */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];
  constructor(private readonly windowMs = SPEED_WINDOW_MS) {}

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

/**
 * How long to wait before try `attempt` (1-based) of a failed call: exponential (1 s, 2 s, 4 s…) with ±25 % jitter
 * so many clients failing together do not retry together, and never over `capMs` (jitter included).
 */
export function backoffMs(attempt: number, baseMs = 1000, capMs = 30_000, random: () => number = Math.random): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.min(capMs, Math.round(exp * (0.75 + random() * 0.5)));
}

/**
 * A failure worth trying again, decided once for both engines: no answer at all (the network, a timeout), 408, 429
 * and the server briefly down or overloaded (500, 502, 503, 504). A refusal (any other 4xx) and a full disk (507)
 * will answer the same next time.
 */
export function isRetryable(status: number | undefined): boolean {
  if (status === undefined || status === 0) return true;
  return status === 408 || status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/**
 * Why an upload failed, as a code the console translates in the interface language (locales `files`
 * `upload.error.<code>`); the server's own `Message` travels with it when the server sent one (already in the
 * interface language: both engines send `X-Interface-Language`).
 */
export const uploadErrorCodes = [
  /** No answer: the network, the server unreachable, a timeout. */
  'network',
  /** The server failed (5xx, 429) and kept failing after the retries. */
  'server',
  /** The session was refused (401/403, after one refresh). */
  'unauthorized',
  /** Over the size limit (413, or the local check before sending). */
  'tooLarge',
  /** A type the server does not accept, or content that does not match the extension (415). */
  'type',
  /** The server's disk is full (507). */
  'diskFull',
  /** Any other refusal (400, 404 unknown folder, 409…): the server's Message says which. */
  'refused',
  /** The server answered something that is not a chunk answer. */
  'badAnswer',
  /** Every chunk was sent but the server did not assemble the file. */
  'incomplete',
  /** Desktop: the local file is gone. */
  'missing',
  /** Desktop: the path is not a file. */
  'notAFile',
  /** Desktop: the file changed on disk while it was being sent. */
  'changed',
  /** Anything else (a bug): `detail` says what. */
  'unknown',
] as const;
export type UploadErrorCode = (typeof uploadErrorCodes)[number];

export const uploadErrorSchema = z.object({
  code: z.enum(uploadErrorCodes),
  /** The server's `Message` when it sent one: shown as is. */
  message: z.string().nullable(),
  /** HTTP status of the failing answer (0: none). */
  status: z.number().int().optional(),
  /** tooLarge: the limit in bytes, when known. */
  limit: z.number().optional(),
  /** A technical detail for logs (the socket error…), never shown as the message. */
  detail: z.string().optional(),
});
export type UploadError = z.infer<typeof uploadErrorSchema>;

/** A failure of an upload step, carrying its code; `retryable` decides whether the scheduler tries again. */
export class UploadFailure extends Error {
  readonly retryable: boolean;
  constructor(readonly info: UploadError) {
    super(info.message ?? `${info.code}${info.status ? ` (HTTP ${info.status})` : ''}${info.detail ? `: ${info.detail}` : ''}`);
    this.name = 'UploadFailure';
    this.retryable = info.code === 'network' ? true : info.status !== undefined && info.status !== 0 && isRetryable(info.status);
  }
  get code(): UploadErrorCode {
    return this.info.code;
  }
  get status(): number {
    return this.info.status ?? 0;
  }
}

/** The server's `Message` (else `message`) of an error body, when it sent one. */
export function serverMessage(body: unknown): string | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { Message, message } = value as { Message?: unknown; message?: unknown };
  for (const candidate of [Message, message]) if (typeof candidate === 'string' && candidate.trim()) return candidate;
  return null;
}

/** The code of a failed answer's HTTP status (undefined / 0: no answer). */
export function codeOfStatus(status: number | undefined): UploadErrorCode {
  if (!status) return 'network';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 408) return 'network';
  if (status === 413) return 'tooLarge';
  if (status === 415) return 'type';
  if (status === 507) return 'diskFull';
  if (status >= 400 && status < 500 && status !== 429) return 'refused';
  return 'server';
}

/** A failed answer (status, body as text or parsed) → its UploadFailure. */
export function httpFailure(status: number | undefined, body?: unknown, detail?: string): UploadFailure {
  return new UploadFailure({ code: codeOfStatus(status), message: status ? serverMessage(body) : null, status: status ?? 0, ...(detail ? { detail } : {}) });
}

/** One chunk as an engine hands it to its transport; `bytes` is whatever the runtime sends (a Blob, a Uint8Array). */
export interface ChunkPart<Bytes> {
  folderId: number;
  fileId: string;
  chunkIndex: number;
  totalChunks: number;
  originalFileName: string;
  totalSize: number;
  bytes: Bytes;
}

/** The multipart text fields of a chunk, in the order the server reads them (the bytes go after, as `file`). */
export function chunkFields(part: ChunkPart<unknown>): Array<[string, string]> {
  return [
    ['folderId', String(part.folderId)],
    ['fileId', part.fileId],
    ['chunkIndex', String(part.chunkIndex)],
    ['totalChunks', String(part.totalChunks)],
    ['originalFileName', part.originalFileName],
    ['totalSize', String(part.totalSize)],
  ];
}
