// Low-level writing: every file the engine creates is written under a temporary name, fsync'd, and only
// then renamed into place, so a reader (or a crash) never sees half a file. Chunked uploads also write
// positionally into their upload's part file (`{ position }`), which no one sees before it is whole.
// Every write is positional and gathers the pieces of a stream that queued up meanwhile into one `writev` (no copy
// into one buffer first). The opener is injectable so tests can simulate a full disk or a failing device.
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

/** An open file, written at the positions its callers give: several writes may be under way at once. */
export interface ByteSink {
  /** Writes `pieces` back to back from byte `position`, in one call (writev). */
  write(pieces: readonly Uint8Array[], position: number): Promise<void>;
  /** Cuts (or extends) the file to `size` bytes. */
  truncate(size: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}
export interface SinkOptions {
  /**
   * The caller writes from this byte offset (or anywhere: a part file) of a file that may already exist (created if
   * missing, never truncated). Without it the file is new: opening fails if it exists.
   */
  position?: number;
}
export type OpenSink = (filePath: string, options?: SinkOptions) => Promise<ByteSink>;

/** Bytes in `pieces`. */
export const byteLength = (pieces: readonly Uint8Array[]) => pieces.reduce((sum, piece) => sum + piece.byteLength, 0);

export const openFileSink: OpenSink = async (filePath, options = {}) => {
  const positional = options.position !== undefined;
  const handle = await open(filePath, positional ? constants.O_WRONLY | constants.O_CREAT : 'wx');
  return {
    async write(pieces, position) {
      let rest = pieces.filter((piece) => piece.byteLength > 0);
      let at = position;
      while (rest.length) {
        const { bytesWritten } = rest.length === 1 ? await handle.write(rest[0], 0, rest[0].byteLength, at) : await handle.writev(rest as Uint8Array[], at);
        at += bytesWritten;
        rest = skipBytes(rest, bytesWritten); // a short write (rare on a regular file): carry on with what is left
      }
    },
    truncate: (size) => handle.truncate(size),
    sync: () => handle.sync(),
    close: () => handle.close(),
  };
};

/** `pieces` without their first `count` bytes. */
function skipBytes(pieces: Uint8Array[], count: number): Uint8Array[] {
  let k = 0;
  while (k < pieces.length && count >= pieces[k].byteLength) count -= pieces[k++].byteLength;
  if (k === pieces.length) return [];
  return [pieces[k].subarray(count), ...pieces.slice(k + 1)];
}

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
 * Copies `source` into `sink` from byte `position`; refuses (413) once more than `maxBytes` arrive, before writing
 * the bytes that overflow. Answers the byte count once every write has finished.
 *
 * Writes are not waited for one by one: up to WRITES_IN_FLIGHT run in libuv's thread pool while the next bytes
 * arrive (a chunk's writes went one after another and paused the request's parser at each: the upload ran at half
 * the speed Fastify's multipart parser allows on loopback). The pieces that arrive meanwhile (a request's body comes
 * in pieces of about 64 KB) are gathered and written in one writev once WRITE_BATCH bytes are queued, or when the
 * stream ends: one thread-pool round trip per half megabyte instead of one per piece, and no copy into one buffer
 * first. Memory stays bounded by WRITES_IN_FLIGHT batches.
 */
async function pour(source: ByteSource, sink: ByteSink, position: number, options: SizeLimit): Promise<number> {
  let size = 0;
  let batch: Uint8Array[] = [];
  let batched = 0;
  const writing = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const write = async (pieces: Uint8Array[], bytes: number) => {
    const at = position;
    position += bytes;
    const done: Promise<void> = sink.write(pieces, at).then(
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
        const full = batch;
        const count = batched;
        batch = [];
        batched = 0;
        await write(full, count);
      }
    }
    if (batched > 0) await write(batch, batched);
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
    const size = await pour(source, sink, 0, options);
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
    const size = await pour(source, sink, position, options);
    await sink.close();
    sink = undefined;
    return size;
  } catch (err) {
    await sink?.close().catch(() => {});
    throw receiveError(err, options);
  }
}

/**
 * Streams `source` into an open `sink` (a part file kept open across chunks: part-files.ts) from byte `position`,
 * without syncing or closing it. On failure the file is left as it is and the error is answered as a FilesError.
 * Answers the byte count.
 */
export async function writeStreamInto(source: ByteSource, sink: ByteSink, position: number, limit: SizeLimit): Promise<number> {
  try {
    return await pour(source, sink, position, limit);
  } catch (err) {
    throw receiveError(err, limit);
  }
}

/** Reads `source` to its end without keeping anything (a chunk already held); answers the byte count. */
export async function discardStream(source: ByteSource, options: SizeLimit): Promise<number> {
  const nothing: ByteSink = { write: async () => {}, truncate: async () => {}, sync: async () => {}, close: async () => {} };
  try {
    return await pour(source, nothing, 0, options);
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
  const memory: ByteSink = { write: async (written) => void pieces.push(...written), truncate: async () => {}, sync: async () => {}, close: async () => {} };
  try {
    const size = await pour(source, memory, 0, options);
    return Buffer.concat(pieces, size);
  } catch (err) {
    throw receiveError(err, options);
  }
}
