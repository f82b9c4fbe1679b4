// Low-level writing: every file the engine creates is written under a temporary name, fsync'd, and only
// then renamed into place, so a reader (or a crash) never sees half a file. The opener is injectable so
// tests can simulate a full disk or a failing device.
import { open, rm, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Text } from '../i18n';
import { FILES_MSG, FilesError, badRequest, storageFailure, tooLarge } from './errors';

/** Bytes to write: a Readable stream (multipart part, file) or, in tests, a list of buffers. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}
/** Opens a new file for writing; must fail if it exists. */
export type OpenSink = (filePath: string) => Promise<ByteSink>;

export const openFileSink: OpenSink = async (filePath) => {
  const handle = await open(filePath, 'wx');
  return {
    async write(bytes) {
      let offset = 0;
      while (offset < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
    },
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

const WRITE_BATCH = 1 << 20;

export interface WriteOptions {
  openSink: OpenSink;
  /** Refuse (413) once more than this many bytes arrive. */
  maxBytes: number;
  tooLargeMessage: Text;
}

/**
 * Streams `source` into a new file at `target` and fsyncs it. On any failure the partial file is removed
 * and the error is answered as a FilesError (disk full → 507). Answers the byte count.
 */
export async function writeStreamToFile(source: ByteSource, target: string, options: WriteOptions): Promise<number> {
  let sink: ByteSink | undefined;
  let size = 0;
  try {
    sink = await options.openSink(target);
    // Network reads arrive in ~64 KB pieces; writing them in batches of ≥ 1 MB saves most of the
    // thread-pool round trips while holding at most about 1 MB per request.
    let batch: Uint8Array[] = [];
    let batched = 0;
    for await (const bytes of keepOpen(source)) {
      size += bytes.length;
      if (size > options.maxBytes) throw tooLarge(options.tooLargeMessage);
      batch.push(bytes);
      batched += bytes.length;
      if (batched >= WRITE_BATCH) {
        await sink.write(batch.length === 1 ? batch[0] : Buffer.concat(batch, batched));
        batch = [];
        batched = 0;
      }
    }
    if (batched > 0) await sink.write(batch.length === 1 ? batch[0] : Buffer.concat(batch, batched));
    await sink.sync();
    await sink.close();
    sink = undefined;
    return size;
  } catch (err) {
    await sink?.close().catch(() => {});
    await unlink(target).catch(() => {});
    // @fastify/multipart cuts a part at its size limit with this error.
    if ((err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.tooLargeMessage);
    throw asFilesError(err);
  }
}

/** Concatenates files into `target` (fsync'd), reading through one reused buffer: memory stays flat. */
export async function concatFiles(parts: readonly string[], target: string, openSink: OpenSink): Promise<number> {
  let sink: ByteSink | undefined;
  const buffer = Buffer.allocUnsafe(1 << 21);
  let size = 0;
  try {
    sink = await openSink(target);
    for (const part of parts) {
      const input = await open(part, 'r');
      try {
        for (;;) {
          const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
          if (bytesRead === 0) break;
          await sink.write(buffer.subarray(0, bytesRead));
          size += bytesRead;
        }
      } finally {
        await input.close();
      }
    }
    await sink.sync();
    await sink.close();
    sink = undefined;
    return size;
  } catch (err) {
    await sink?.close().catch(() => {});
    await unlink(target).catch(() => {});
    throw asFilesError(err);
  }
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
    return badRequest(FILES_MSG.uploadInterrupted);
  }
  if (err instanceof Error && /Unexpected end of (form|multipart)/i.test(err.message)) return badRequest(FILES_MSG.uploadInterrupted);
  return storageFailure(err);
}
