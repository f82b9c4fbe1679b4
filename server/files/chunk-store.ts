// Chunked uploads that cannot corrupt (the contract is in docs/api.md, "Files").
//
// Chunks of one upload live in DATA_DIR/uploads/.chunks/<fileId>/ as `<index>.chunk`; each is streamed to a
// temporary name in that folder, fsync'd and renamed into place, so a chunk is either wholly there or not
// at all, whatever order, repetition or concurrency the client uses. `session.json` (created atomically by
// linking a complete temp file) fixes totalChunks, the name and the folder at the first chunk.
// When every chunk is present the file is assembled once: a per-fileId promise chain serialises this
// process, an `open(…, 'wx')` marker keeps a second process out, and the ledger (the database) records the
// finished file keyed by fileId, so a retry after a lost answer finds the file instead of assembling again.
import { link, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sanitizeName } from './file-name';
import { requireAllowedExtension, requireMatchingContent } from './file-types';
import { FileStore, type StoredFile } from './file-store';
import { openFileSink, removeQuietly, tempPath, writeStreamToFile, type ByteSource, type OpenSink } from './disk';
import { FILES_MSG, FilesError, badRequest, conflict, tooLarge } from './errors';

export const CHUNK_SIZE = 2_000_000;
export const DEFAULT_MAX_FILE_SIZE = 500_000_000;
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** An assembly marker older than this belongs to a process that died mid-way. */
const STALE_MARKER_MS = 15 * 60 * 1000;
const FILE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const CHUNK_NAME = /^(\d+)\.chunk$/;

export interface ChunkRequest {
  fileId: string;
  chunkIndex: number;
  totalChunks: number;
  originalFileName: string;
  /** Bytes of the whole file, when the client says. */
  totalSize?: number;
  folderId: number | null;
  userId: string | null;
}

/** What the first chunk fixed for the whole upload. */
export interface UploadSession {
  fileId: string;
  totalChunks: number;
  /** Sanitised display name. */
  name: string;
  ext: string;
  totalSize: number | null;
  folderId: number | null;
  userId: string | null;
  createdAt: string;
}

/** Where finished uploads are recorded (the files table); commit must be idempotent per fileId. */
export interface UploadLedger<F> {
  findCompleted(fileId: string): Promise<F | undefined>;
  commit(session: UploadSession, stored: StoredFile): Promise<F>;
}

export type UploadState<F> =
  | { fileId: string; totalChunks: number; received: number[]; complete: false }
  | { fileId: string; complete: true; file: F };

export interface ChunkStoreOptions<F> {
  dataDir: string;
  files: FileStore;
  ledger: UploadLedger<F>;
  chunkSize?: number;
  maxFileSize?: number;
  openSink?: OpenSink;
  clock?: () => number;
}

export class ChunkStore<F> {
  readonly root: string;
  readonly chunkSize: number;
  readonly maxFileSize: number;
  private readonly files: FileStore;
  private readonly ledger: UploadLedger<F>;
  private readonly openSink: OpenSink;
  private readonly clock: () => number;
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(options: ChunkStoreOptions<F>) {
    this.root = path.join(options.dataDir, 'uploads', '.chunks');
    this.files = options.files;
    this.ledger = options.ledger;
    this.chunkSize = options.chunkSize ?? CHUNK_SIZE;
    this.maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    this.openSink = options.openSink ?? openFileSink;
    this.clock = options.clock ?? Date.now;
  }

  /** Every check that needs no disk: runs before a single byte is written. */
  plan(request: ChunkRequest): Omit<UploadSession, 'createdAt'> {
    const { fileId, chunkIndex, totalChunks, totalSize } = request;
    if (typeof fileId !== 'string' || !FILE_ID.test(fileId)) {
      throw badRequest({
        vi: 'fileId bắt buộc: 1 đến 100 chữ cái, chữ số, "-" hoặc "_" (ví dụ một UUID)',
        en: 'fileId is required: 1 to 100 letters, digits, "-" or "_" (a UUID, for example)',
      });
    }
    if (!Number.isSafeInteger(totalChunks) || totalChunks < 1) {
      throw badRequest({ vi: 'totalChunks phải là số nguyên từ 1 trở lên', en: 'totalChunks must be a whole number of at least 1' });
    }
    if (totalChunks * this.chunkSize > this.maxFileSize) throw tooLarge(FILES_MSG.fileTooLarge(this.maxFileSize));
    if (totalSize !== undefined) {
      if (!Number.isSafeInteger(totalSize) || totalSize < 0) {
        throw badRequest({ vi: 'totalSize phải là số byte (số nguyên)', en: 'totalSize must be a whole number of bytes' });
      }
      if (totalSize > this.maxFileSize) throw tooLarge(FILES_MSG.fileTooLarge(this.maxFileSize));
      if (totalSize > totalChunks * this.chunkSize) {
        throw badRequest({
          vi: `totalSize ${totalSize} không vừa ${totalChunks} phần ${this.chunkSize} byte`,
          en: `totalSize ${totalSize} does not fit in ${totalChunks} chunks of ${this.chunkSize} bytes`,
        });
      }
    }
    if (!Number.isSafeInteger(chunkIndex) || chunkIndex < 0 || chunkIndex >= totalChunks) {
      throw badRequest({ vi: `chunkIndex phải từ 0 đến ${totalChunks - 1}`, en: `chunkIndex must be between 0 and ${totalChunks - 1}` });
    }
    const name = sanitizeName(request.originalFileName);
    if (!name) throw badRequest({ vi: 'originalFileName không được để trống', en: 'originalFileName is required' });
    const ext = requireAllowedExtension(name);
    return { fileId, totalChunks, name, ext, totalSize: totalSize ?? null, folderId: request.folderId, userId: request.userId };
  }

  /** Stores one chunk (streamed from `bytes`) and assembles the file if it was the last one missing. */
  async receive(request: ChunkRequest, bytes: ByteSource): Promise<UploadState<F>> {
    const planned = this.plan(request);
    const done = await this.ledger.findCompleted(planned.fileId);
    if (done) {
      await drain(bytes);
      return { fileId: planned.fileId, complete: true, file: done };
    }
    const dir = this.dirOf(planned.fileId);
    await mkdir(dir, { recursive: true });
    const session = await this.openSession(dir, planned);
    await this.storeChunk(dir, session, request.chunkIndex, bytes);
    return this.withLock(session.fileId, () => this.assembleIfComplete(dir, session));
  }

  /** Which chunks are held, or the finished file; undefined when nothing is known of this fileId. */
  async status(fileId: string): Promise<UploadState<F> | undefined> {
    if (typeof fileId !== 'string' || !FILE_ID.test(fileId)) return undefined;
    const done = await this.ledger.findCompleted(fileId);
    if (done) return { fileId, complete: true, file: done };
    const dir = this.dirOf(fileId);
    const session = await readSession(dir);
    if (!session) return undefined;
    return { fileId, totalChunks: session.totalChunks, received: await this.received(dir, session), complete: false };
  }

  /** Removes uploads untouched for `maxAgeMs` (and stale temp files of the file store); answers how many. */
  async sweep(maxAgeMs = ABANDONED_AFTER_MS): Promise<number> {
    const now = this.clock();
    let removed = 0;
    for (const fileId of await readdir(this.root).catch(() => [] as string[])) {
      if (this.locks.has(fileId)) continue;
      const dir = path.join(this.root, fileId);
      if (now - (await lastActivity(dir)) > maxAgeMs) {
        await removeQuietly(dir);
        removed++;
      }
    }
    return removed + (await this.files.sweepTemp(now, maxAgeMs));
  }

  /** Runs sweep() now and then every `intervalMs` (an hour); answers a stop function. */
  startSweeper(intervalMs = 60 * 60 * 1000, onError: (err: unknown) => void = () => {}): () => void {
    const run = () => void this.sweep().catch(onError);
    run();
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private dirOf(fileId: string): string {
    return path.join(this.root, fileId);
  }

  /** The session of this fileId, created from `planned` if this is the first chunk to arrive. */
  private async openSession(dir: string, planned: Omit<UploadSession, 'createdAt'>): Promise<UploadSession> {
    const target = path.join(dir, 'session.json');
    let session = await readSession(dir);
    if (!session) {
      const candidate: UploadSession = { ...planned, createdAt: new Date(this.clock()).toISOString() };
      const tmp = tempPath(dir, '.json');
      await writeStreamToFile([Buffer.from(JSON.stringify(candidate))], tmp, {
        openSink: this.openSink,
        maxBytes: Infinity,
        tooLargeMessage: '',
      });
      // link() fails if session.json exists: whoever links first defines the session, atomically.
      try {
        await link(tmp, target);
        session = candidate;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        session = await readSession(dir);
      } finally {
        await unlink(tmp).catch(() => {});
      }
      if (!session) throw conflict(FILES_MSG.uploadInterrupted);
    }
    if (session.totalChunks !== planned.totalChunks) {
      throw conflict({
        vi: `Lần tải lên này bắt đầu với totalChunks ${session.totalChunks}; không thể đổi thành ${planned.totalChunks}`,
        en: `This upload was started with totalChunks ${session.totalChunks}; it cannot change to ${planned.totalChunks}`,
      });
    }
    return session;
  }

  private async storeChunk(dir: string, session: UploadSession, index: number, bytes: ByteSource): Promise<void> {
    const tmp = tempPath(dir, '.part');
    const size = await writeStreamToFile(bytes, tmp, {
      openSink: this.openSink,
      maxBytes: this.chunkSize,
      tooLargeMessage: FILES_MSG.chunkTooLarge(this.chunkSize),
    });
    const target = path.join(dir, `${index}.chunk`);
    try {
      if (size === 0 && session.totalChunks > 1) throw badRequest({ vi: `Phần ${index} rỗng`, en: `Chunk ${index} is empty` });
      const existing = await stat(target).catch(() => undefined);
      if (existing) {
        // A re-sent chunk: keep the one we have, but a different size means the client mixed two files.
        if (existing.size !== size) {
          throw conflict({
            vi: `Phần ${index} đã nhận với ${existing.size} byte, không phải ${size}`,
            en: `Chunk ${index} was already received with ${existing.size} bytes, not ${size}`,
          });
        }
        await unlink(tmp);
        return;
      }
      // No directory fsync here: a chunk whose rename a power cut undoes is simply missing, and the
      // client sends it again after chunk/status. The finished file's rename is made durable.
      await rename(tmp, target);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
    if (index === 0 && session.totalChunks > 1) {
      // Refuse a wrong type as soon as its first bytes are here instead of after 500 MB.
      try {
        await requireMatchingContent(target, session.ext, session.name, false);
      } catch (err) {
        await removeQuietly(dir);
        throw err;
      }
    }
  }

  private async received(dir: string, session: UploadSession): Promise<number[]> {
    const names = await readdir(dir).catch(() => [] as string[]);
    return names
      .map((name) => CHUNK_NAME.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .filter((i) => i < session.totalChunks)
      .sort((a, b) => a - b);
  }

  private async assembleIfComplete(dir: string, session: UploadSession): Promise<UploadState<F>> {
    const { fileId, totalChunks } = session;
    const done = await this.ledger.findCompleted(fileId);
    if (done) return { fileId, complete: true, file: done };
    const received = await this.received(dir, session);
    const incomplete: UploadState<F> = { fileId, totalChunks, received, complete: false };
    if (received.length < totalChunks) return incomplete;
    const marker = await this.claimAssembly(dir);
    if (!marker) return incomplete; // another process is assembling; its answer (or chunk/status) tells
    let stored: StoredFile | undefined;
    try {
      const parts = Array.from({ length: totalChunks }, (_, i) => path.join(dir, `${i}.chunk`));
      stored = await this.files.assemble(parts, session.ext, session.name, session.totalSize ?? undefined);
      const file = await this.ledger.commit(session, stored);
      await removeQuietly(dir);
      return { fileId, complete: true, file };
    } catch (err) {
      if (stored) await this.files.remove(stored.storedName).catch(() => {});
      if (err instanceof FilesError && err.statusCode < 500) {
        await removeQuietly(dir); // wrong content or size: nothing of it is kept
      } else {
        await unlink(marker).catch(() => {}); // storage trouble: keep the chunks, a retry can assemble
      }
      throw err;
    }
  }

  /** Creates the assembly marker; answers its path, or undefined when another live process holds it. */
  private async claimAssembly(dir: string): Promise<string | undefined> {
    const marker = path.join(dir, '.assembling');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await (await open(marker, 'wx')).close();
        return marker;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const info = await stat(marker).catch(() => undefined);
        if (info && this.clock() - info.mtimeMs < STALE_MARKER_MS) return undefined;
        await unlink(marker).catch(() => {});
      }
    }
    return undefined;
  }

  /** Serialises work per fileId inside this process. */
  private async withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => {});
    this.locks.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    }
  }
}

async function readSession(dir: string): Promise<UploadSession | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'session.json'), 'utf8')) as UploadSession;
  } catch {
    return undefined;
  }
}

async function lastActivity(dir: string): Promise<number> {
  let latest = (await stat(dir).catch(() => undefined))?.mtimeMs ?? 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && info.mtimeMs > latest) latest = info.mtimeMs;
  }
  return latest;
}

async function drain(bytes: ByteSource): Promise<void> {
  for await (const _ of bytes) {
    // a retry of a finished upload: its bytes are not needed
  }
}
