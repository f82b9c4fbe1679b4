// Low-level writing: every file the engine creates is written under a temporary name, fsync'd, and only
// then renamed into place, so a reader (or a crash) never sees half a file. Chunked uploads also write
// positionally into their upload's part file (`{ position }`), which no one sees before it is whole.
// The opener is injectable so tests can simulate a full disk or a failing device.
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { open, rm, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Text } from '../i18n';
import { FilesError, badRequest, storageFailure, tooLarge } from './errors';
import { M } from '../messages';

/** Bytes to write: a Readable stream (multipart part, file) or, in tests, a list of buffers. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface ByteSink {
  /** Writes at the sink's position, which moves on when this is called: several writes may be under way at once. */
  write(bytes: Uint8Array): Promise<void>;
  /** Cuts (or extends) the file to `size` bytes. */
  truncate(size: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}
export interface SinkOptions {
  /**
   * Write from this byte offset of a file that may already exist (created if missing, never truncated).
   * Without it the file is new: opening fails if it exists.
   */
  position?: number;
}
export type OpenSink = (filePath: string, options?: SinkOptions) => Promise<ByteSink>;

export const openFileSink: OpenSink = async (filePath, options = {}) => {
  const positional = options.position !== undefined;
  const handle = await open(filePath, positional ? constants.O_WRONLY | constants.O_CREAT : 'wx');
  let position = options.position ?? 0;
  return {
    // Each write takes its place when it is called, so several may run at once (pour).
    async write(bytes) {
      const at = position;
      position += bytes.length;
      for (let offset = 0; offset < bytes.length; ) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, at + offset);
        offset += bytesWritten;
      }
    },
    truncate: (size) => handle.truncate(size),
    sync: () => handle.sync(),
    close: () => handle.close(),
  };
};

/**
 * Iterates a Readable without destroying it when we stop early (a refusal mid-part): the multipart parser
 * must still be able to read past the rest of that part, or the request would never end.
 */
function keepOpen(source: ByteSource): ByteSource {
  const readable = source as Readable;
  return typeof readable.iterator === 'function' ? readable.iterator({ destroyOnReturn: false }) : source;
}

/** A name beside `finalDir` entries that no one else will pick: `.tmp-<random><suffix>`. */
export function tempPath(dir: string, suffix = ''): string {
  return path.join(dir, `.tmp-${randomBytes(8).toString('hex')}${suffix}`);
}

const WRITE_BATCH = 1 << 19;
/** Writes of one stream under way at once: libuv's thread pool has four threads by default. */
const WRITES_IN_FLIGHT = 4;

export interface SizeLimit {
  /** Refuse (413) once more than this many bytes arrive. */
  maxBytes: number;
  tooLargeMessage: Text;
}
export interface WriteOptions extends SizeLimit {
  openSink: OpenSink;
}

/**
 * Copies `source` into `sink`; refuses (413) once more than `maxBytes` arrive, before writing the bytes
 * that overflow. Answers the byte count once every write has finished.
 *
 * Writes are not waited for one by one: up to WRITES_IN_FLIGHT run in libuv's thread pool while the next bytes
 * arrive (a chunk's writes went one after another and paused the request's parser at each: the upload ran at half
 * the speed Fastify's multipart parser allows on loopback). Memory stays bounded by that many batches.
 */
async function pour(source: ByteSource, sink: ByteSink, options: SizeLimit): Promise<number> {
  let size = 0;
  let batch: Uint8Array[] = [];
  let batched = 0;
  const writing = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const write = async (bytes: Uint8Array) => {
    const done: Promise<void> = sink.write(bytes).then(
      () => void writing.delete(done),
      (error) => {
        writing.delete(done);
        failure ??= { error };
      },
    );
    writing.add(done);
    if (writing.size >= WRITES_IN_FLIGHT) await Promise.race(writing);
    if (failure) throw failure.error;
  };
  try {
    for await (const bytes of keepOpen(source)) {
      size += bytes.length;
      if (size > options.maxBytes) throw tooLarge(options.tooLargeMessage);
      batch.push(bytes);
      batched += bytes.length;
      if (batched >= WRITE_BATCH) {
        await write(batch.length === 1 ? batch[0] : Buffer.concat(batch, batched));
        batch = [];
        batched = 0;
      }
    }
    if (batched > 0) await write(batch.length === 1 ? batch[0] : Buffer.concat(batch, batched));
  } finally {
    // Never return (or fail) with writes still running: the caller closes the file next.
    await Promise.all(writing);
  }
  if (failure) throw failure.error;
  return size;
}

/** The refusal for a failure while receiving bytes. */
function receiveError(err: unknown, options: SizeLimit): FilesError {
  // @fastify/multipart cuts a part at its size limit with this error.
  if ((err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(options.tooLargeMessage);
  return asFilesError(err);
}

/**
 * Streams `source` into a new file at `target` and fsyncs it. On any failure the partial file is removed
 * and the error is answered as a FilesError (disk full → 507). Answers the byte count.
 */
export async function writeStreamToFile(source: ByteSource, target: string, options: WriteOptions): Promise<number> {
  let sink: ByteSink | undefined;
  try {
    sink = await options.openSink(target);
    const size = await pour(source, sink, options);
    await sink.sync();
    await sink.close();
    sink = undefined;
    return size;
  } catch (err) {
    await sink?.close().catch(() => {});
    await unlink(target).catch(() => {});
    throw receiveError(err, options);
  }
}

/**
 * Streams `source` into `target` (created if missing) from byte `position`, without syncing: the caller
 * decides when the bytes must be durable. On failure the file is left as it is (its other ranges may
 * hold bytes that count) and the error is answered as a FilesError. Answers the byte count.
 */
export async function writeStreamAt(source: ByteSource, target: string, position: number, options: WriteOptions): Promise<number> {
  let sink: ByteSink | undefined;
  try {
    sink = await options.openSink(target, { position });
    const size = await pour(source, sink, options);
    await sink.close();
    sink = undefined;
    return size;
  } catch (err) {
    await sink?.close().catch(() => {});
    throw receiveError(err, options);
  }
}

/** Reads `source` to its end without keeping anything (a chunk already held); answers the byte count. */
export async function discardStream(source: ByteSource, options: SizeLimit): Promise<number> {
  const nothing: ByteSink = { write: async () => {}, truncate: async () => {}, sync: async () => {}, close: async () => {} };
  try {
    return await pour(source, nothing, options);
  } catch (err) {
    throw receiveError(err, options);
  }
}

/** Copies bytes [start, start + length) of `source` into a new file `target` (not synced: a scratch copy). */
export async function copyRange(source: string, start: number, length: number, target: string): Promise<void> {
  if (length === 0) {
    await (await open(target, 'wx')).close();
    return;
  }
  await pipeline(createReadStream(source, { start, end: start + length - 1 }), createWriteStream(target, { flags: 'wx' }));
}

export async function syncFile(filePath: string): Promise<void> {
  const handle = await open(filePath, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsync a directory so a rename inside it survives a power cut (no-op where directories cannot be opened). */
export async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync directories; the rename itself is still atomic.
  }
}

export async function removeQuietly(target: string): Promise<void> {
  await rm(target, { force: true, recursive: true }).catch(() => {});
}

/** Our refusals pass through; a client that broke off mid-body is a 400; anything else is the disk's fault. */
export function asFilesError(err: unknown): FilesError {
  if (err instanceof FilesError) return err;
  const status = (err as { statusCode?: unknown })?.statusCode;
  const code = (err as NodeJS.ErrnoException)?.code;
  if ((typeof status === 'number' && status >= 400 && status < 500) || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return badRequest(M.uploadInterrupted);
  }
  if (err instanceof Error && /Unexpected end of (form|multipart)/i.test(err.message)) return badRequest(M.uploadInterrupted);
  return storageFailure(err);
}

/** Reads `source` into memory (at most `maxBytes`: a chunk on its way to an object store); refuses (413) past it. */
export async function collectStream(source: ByteSource, options: SizeLimit): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  const memory: ByteSink = { write: async (bytes) => void pieces.push(bytes), truncate: async () => {}, sync: async () => {}, close: async () => {} };
  try {
    const size = await pour(source, memory, options);
    return Buffer.concat(pieces, size);
  } catch (err) {
    throw receiveError(err, options);
  }
}
