// Where finished files' bytes live: the `FileStore` interface, and its default, the local disk (`DiskFileStore`, under
// DATA_DIR/files); the other is any S3-compatible object store (./s3-store.ts), chosen by S3_BUCKET. Each file is stored
// as `<uuid>`, a name the server generates, so no user-given name ever becomes a path or a key; the display name and
// Content-Type live in the database only. On disk, files are written to DATA_DIR/files/.tmp first and renamed into place
// once complete, checked and fsync'd.
//
// An image's derivatives (its sized copies, server/files/images) are stored beside it: DATA_DIR/files/derived/<uuid>/
// <variant> on disk, `derived/<uuid>/<variant>` in S3. They go with their original: a delete (`keep`), a purge
// (`removeKept`) and an erase (`remove`) remove them all (a restore makes them again when they are asked for).
import { mkdir, readdir, readFile, rename, rm, stat, copyFile, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import send from '@fastify/send';
import { openFileSink, removeQuietly, syncDir, syncFile, tempPath, writeStreamToFile, asFilesError, type ByteSource, type OpenSink } from './disk';
import { requireMatchingContent } from './file-types';
import { M } from '../messages';

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `name` is one of the names the store generates (a UUID): anything else is never looked up. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

export interface StoredFile {
  storedName: string;
  size: number;
}

/** A year: stored files never change under their name, so they are cached as immutable. */
export const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/** The answer to a request for a stored file's bytes: status, headers (ETag, Range…) and the bytes, if any. */
export interface ServedBytes {
  statusCode: number;
  headers: Record<string, string | number>;
  stream?: Readable;
  /** A refusal (404 missing, 416 bad range, 412…): the route answers it, in its own words for 404 and 416. */
  error?: boolean;
  message?: string;
}

/** The bytes of finished files, wherever they live. */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Ready to store (the folders made, the bucket checked). */
  init(): Promise<void>;
  /**
   * Works now (the readiness check, server/health.ts): a small file written and removed where uploads land, and on an
   * object store its bucket asked for (HEAD). Throws what failed.
   */
  check(): Promise<void>;
  isStoredName(name: string): boolean;
  /** Streams an upload in (at most maxBytes), checks its content against `ext`, then stores it. */
  saveStream(source: ByteSource, ext: string, displayName: string, maxBytes: number): Promise<StoredFile>;
  /** A byte-for-byte copy under a new stored name (Files/copy). */
  duplicate(storedName: string): Promise<StoredFile>;
  /** A deleted file's bytes out of reach (no longer served), until the trash's purge or a restore. */
  keep(storedName: string): Promise<void>;
  /** A restored file's bytes back in place. */
  unkeep(storedName: string): Promise<void>;
  /** A purged file's bytes, wherever they are (kept, or left in place by a crash). */
  removeKept(storedName: string): Promise<void>;
  remove(storedName: string): Promise<void>;
  /** Temporary files older than `maxAgeMs` (left by a crash) are removed; answers how many. */
  sweepTemp(now: number, maxAgeMs: number): Promise<number>;
  /**
   * A request's answer for a stored file: Content-Length, ETag, Last-Modified, conditional requests (304) and Range
   * (206, 416), and with `publicCache` a year's immutable caching.
   */
  serve(request: IncomingMessage, storedName: string, options: { publicCache: boolean }): Promise<ServedBytes>;
  /** A derivative of `storedName` stored as `variant` (a name server/files/images/transform.ts `variantKey` made). */
  saveDerived(storedName: string, variant: string, bytes: Buffer): Promise<void>;
  /** A derivative's answer, as `serve` answers an original's (ETag, Range, 304, immutable caching). */
  serveDerived(request: IncomingMessage, storedName: string, variant: string, options: { publicCache: boolean }): Promise<ServedBytes>;
  /** Every derivative of `storedName`. */
  removeDerived(storedName: string): Promise<void>;
  /** A stored file's bytes, whole (an image stripped at upload or by the backfill: server/files/images/strip.ts). */
  readBytes(storedName: string): Promise<Buffer>;
  /** Where a stored file's bytes are on this machine, when the store keeps them on its disk (sharp reads them there). */
  localPath?(storedName: string): string;
  /** A stored file's bytes replaced by `bytes` at once (readers see the old or the new, never half); answers the size. */
  replaceBytes(storedName: string, bytes: Uint8Array): Promise<number>;
}

const VARIANT = /^[a-z0-9.-]{1,100}$/;

/** Refuses a variant name that is not one `variantKey` makes (never a path of the caller's choosing). */
export function requireVariant(variant: string): string {
  if (!VARIANT.test(variant) || variant.includes('..')) throw new Error(`Not a derivative name: ${variant}`);
  return variant;
}

/** Writes a small file in `dir` and removes it: the folder exists and takes writes (a full or read-only disk fails). */
export async function probeWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `ready-${randomUUID()}`);
  try {
    await writeFile(probe, 'ok');
  } finally {
    await unlink(probe).catch(() => {});
  }
}

export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;
  readonly root: string;
  readonly tmpDir: string;

  constructor(
    dataDir: string,
    private readonly openSink: OpenSink = openFileSink,
  ) {
    this.root = path.join(dataDir, 'files');
    this.tmpDir = path.join(this.root, '.tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
  }

  check(): Promise<void> {
    return probeWritable(this.tmpDir);
  }

  /** Absolute path of a stored file; refuses anything that is not one of our generated names. */
  pathOf(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error(`Not a stored file name: ${storedName}`);
    return path.join(this.root, storedName);
  }

  isStoredName(name: string): boolean {
    return isStoredName(name);
  }

  localPath(storedName: string): string {
    return this.pathOf(storedName);
  }

  serve(request: IncomingMessage, storedName: string, options: { publicCache: boolean }): Promise<ServedBytes> {
    return this.sendFile(request, `/${storedName}`, options);
  }

  serveDerived(request: IncomingMessage, storedName: string, variant: string, options: { publicCache: boolean }): Promise<ServedBytes> {
    return this.sendFile(request, `/derived/${this.checked(storedName)}/${requireVariant(variant)}`, options);
  }

  /** Where an original's derivatives are: DATA_DIR/files/derived/<storedName>. */
  derivedDir(storedName: string): string {
    return path.join(this.root, 'derived', this.checked(storedName));
  }

  /** Written aside, fsync'd, then renamed into place: a crash never leaves half a derivative to be served. */
  async saveDerived(storedName: string, variant: string, bytes: Buffer): Promise<void> {
    await this.init();
    const dir = this.derivedDir(storedName);
    await mkdir(dir, { recursive: true });
    const tmp = tempPath(this.tmpDir);
    try {
      await writeFile(tmp, bytes);
      await syncFile(tmp);
      await rename(tmp, path.join(dir, requireVariant(variant)));
    } catch (err) {
      await removeQuietly(tmp);
      throw asFilesError(err);
    }
  }

  async removeDerived(storedName: string): Promise<void> {
    await rm(this.derivedDir(storedName), { recursive: true, force: true });
  }

  private checked(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error(`Not a stored file name: ${storedName}`);
    return storedName;
  }

  /** @fastify/send does the conditional requests and ranges from the file's size and time. */
  private async sendFile(request: IncomingMessage, relative: string, options: { publicCache: boolean }): Promise<ServedBytes> {
    const result = await send(request, relative, {
      root: this.root,
      dotfiles: 'deny',
      index: false,
      etag: true,
      lastModified: true,
      acceptRanges: true,
      contentType: false,
      cacheControl: options.publicCache,
      maxAge: ONE_YEAR_MS,
      immutable: true,
    });
    if (result.type === 'error') {
      result.stream.resume();
      const status = result.statusCode === 403 ? 404 : result.statusCode;
      const headers: Record<string, string> = {};
      if (result.headers['Content-Range']) headers['Content-Range'] = String(result.headers['Content-Range']);
      return { statusCode: status, headers, error: true, message: result.metadata.error.message };
    }
    return { statusCode: result.statusCode, headers: result.headers as Record<string, string | number>, stream: result.stream as Readable };
  }

  /** Streams an upload in (at most maxBytes), checks its content against `ext`, then moves it into place. */
  async saveStream(source: ByteSource, ext: string, displayName: string, maxBytes: number): Promise<StoredFile> {
    await this.init();
    const tmp = tempPath(this.tmpDir);
    const size = await writeStreamToFile(source, tmp, {
      openSink: this.openSink,
      maxBytes,
      tooLargeMessage: M.fileTooLarge(maxBytes),
    });
    return this.checkAndPlace(tmp, ext, displayName, size);
  }

  /**
   * Takes a finished, fsync'd file written elsewhere under DATA_DIR (a chunked upload's part file): checks its
   * content against `ext` and moves it into place. On refusal or failure `source` is removed.
   */
  async adopt(source: string, ext: string, displayName: string, size: number, storedName: string = randomUUID()): Promise<StoredFile> {
    await this.init();
    return this.checkAndPlace(source, ext, displayName, size, storedName);
  }

  /** Whether bytes are stored under this name. */
  async has(storedName: string): Promise<boolean> {
    return (await stat(this.pathOf(storedName)).catch(() => undefined)) !== undefined;
  }

  /** A byte-for-byte copy under a new stored name (used by Files/copy). */
  async duplicate(storedName: string): Promise<StoredFile> {
    await this.init();
    const source = this.pathOf(storedName);
    const tmp = tempPath(this.tmpDir);
    try {
      await copyFile(source, tmp);
      await syncFile(tmp);
      const target = randomUUID();
      await rename(tmp, this.pathOf(target));
      await syncDir(this.root);
      return { storedName: target, size: (await stat(this.pathOf(target))).size };
    } catch (err) {
      await removeQuietly(tmp);
      throw asFilesError(err);
    }
  }

  /** Where a deleted file's bytes wait for the trash's purge: DATA_DIR/trash, beside `root` (not served from there). */
  get keptDir(): string {
    return path.join(path.dirname(this.root), 'trash');
  }

  /** A deleted file's bytes out of `root` into `keptDir`, until the trash's purge or a restore. */
  async keep(storedName: string): Promise<void> {
    const from = this.pathOf(storedName);
    await mkdir(this.keptDir, { recursive: true });
    await rename(from, path.join(this.keptDir, storedName));
    await this.removeDerived(storedName);
  }

  /** A restored file's bytes back in place (already there: a crash came between its delete and `keep`). */
  async unkeep(storedName: string): Promise<void> {
    const to = this.pathOf(storedName);
    await rename(path.join(this.keptDir, storedName), to).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT' || !(await stat(to).catch(() => undefined))) throw err;
    });
  }

  /** A purged file's bytes, wherever they are (kept, or left in place by a crash). */
  async removeKept(storedName: string): Promise<void> {
    await this.remove(storedName); // checks the name too
    await unlink(path.join(this.keptDir, storedName)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async remove(storedName: string): Promise<void> {
    await unlink(this.pathOf(storedName)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await this.removeDerived(storedName);
  }

  sweepTemp(now: number, maxAgeMs: number): Promise<number> {
    return sweepTempDir(this.tmpDir, now, maxAgeMs);
  }

  async readBytes(storedName: string): Promise<Buffer> {
    return readFile(this.pathOf(storedName)).catch((err: unknown) => {
      throw asFilesError(err);
    });
  }

  /** Written to .tmp, fsync'd, then renamed over the old bytes: a crash leaves one or the other. */
  async replaceBytes(storedName: string, bytes: Uint8Array): Promise<number> {
    const target = this.pathOf(storedName);
    await this.init();
    const tmp = tempPath(this.tmpDir);
    try {
      await writeFile(tmp, bytes);
      await syncFile(tmp);
      await rename(tmp, target);
      await syncDir(this.root);
      return bytes.byteLength;
    } catch (err) {
      await removeQuietly(tmp);
      throw asFilesError(err);
    }
  }

  private async checkAndPlace(tmp: string, ext: string, displayName: string, size: number, storedName: string = randomUUID()): Promise<StoredFile> {
    try {
      await requireMatchingContent(tmp, ext, displayName, true);
      await rename(tmp, this.pathOf(storedName));
      await syncDir(this.root);
      return { storedName, size };
    } catch (err) {
      await removeQuietly(tmp);
      throw asFilesError(err);
    }
  }
}

/** Temporary files in `dir` older than `maxAgeMs` (left by a crash) are removed; answers how many. */
export async function sweepTempDir(dir: string, now: number, maxAgeMs: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => undefined);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await removeQuietly(full);
      removed++;
    }
  }
  return removed;
}
