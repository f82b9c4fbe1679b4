// Chunked uploads that cannot corrupt (the contract is in docs/api.md, "Files").
//
// Every byte is written once. An upload lives in DATA_DIR/uploads/.chunks/<fileId>/: `session.json`
// (created atomically by linking a complete temp file) fixes totalChunks, the name and the folder at the
// first chunk; `data.part` is the file being built, each chunk streamed straight to its own range
// (chunkIndex × chunkSize) with positional writes, so chunks may come in any order, twice or at once.
// A chunk counts as held only once all its bytes are written and its length is the one its place
// implies: then a marker `held-<boot>/<index>.<bytes>` (an empty directory: one call) is created. A chunk already held is read
// and dropped, never rewritten, so a duplicate cannot disturb it; a duplicate racing its original waits
// for it (per-chunk lock). When every chunk is held the file is finished once: a per-fileId promise chain
// serialises this process, an `open(…, 'wx')` marker keeps a second process out; the part file is cut
// to its size, fsync'd, content-checked and renamed into the store, and the ledger (the database)
// records it keyed by fileId, so a retry after a lost answer finds the file instead of building it again.
//
// Durability of a held chunk: its bytes are NOT fsync'd when it is marked; the part file is fsync'd once,
// when it is complete (one flush instead of one per chunk, which halved throughput). Until then the
// bytes are in the kernel's page cache, which survives a crash of this process but not of the machine.
// A machine crash or power cut also changes the boot id, and the markers live in a directory named for
// the boot that wrote them: after a reboot the held set starts empty, chunk/status says so and the client
// sends those chunks again. So a chunk reported as held is always one whose bytes are really there.
// If the final fsync fails, what the kernel reported as written is no longer sure (it may drop the
// failed pages), so the held set is dropped too and the client sends everything again.
import { readFileSync } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from '../../shared/uploads';
import { sanitizeName } from './file-name';
import { requireAllowedExtension, requireMatchingContent } from './file-types';
import { FileStore, type StoredFile } from './file-store';
import { asFilesError, copyRange, discardStream, openFileSink, removeQuietly, tempPath, writeStreamInto, writeStreamToFile, type ByteSource, type OpenSink } from './disk';
import { PartFiles } from './part-files';
import { FilesError, badRequest, conflict, tooLarge } from './errors';
import { M } from '../messages';

/** The protocol's chunk size (shared/uploads.ts). */
export const CHUNK_SIZE = UPLOAD_CHUNK_BYTES;
export const DEFAULT_MAX_FILE_SIZE = MAX_UPLOAD_BYTES;
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** An assembly marker older than this belongs to a process that died mid-way. */
const STALE_MARKER_MS = 15 * 60 * 1000;
const FILE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const PART = 'data.part';
/** Sessions kept in memory at most (uploads in progress); beyond, they are read from disk again. */
const MAX_SESSIONS = 10_000;
/** A held marker: `<index>.<bytes>`. */
const HELD_NAME = /^(\d+)\.(\d+)$/;

/**
 * Names this boot of the machine: the kernel's boot id on Linux; elsewhere the boot time to the minute
 * (from the uptime), which changes after any restart of the machine. A wrong "changed" only costs a resend.
 */
export function currentBootKey(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().replace(/[^A-Za-z0-9-]/g, '');
  } catch {
    return `t${Math.round((Date.now() - os.uptime() * 1000) / 60_000)}`;
  }
}

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
  /** Which boot of the machine wrote the held markers (tests simulate a power cut by changing it). */
  bootKey?: string;
}

export class ChunkStore<F> {
  readonly root: string;
  readonly chunkSize: number;
  readonly maxFileSize: number;
  private readonly files: FileStore;
  private readonly ledger: UploadLedger<F>;
  private readonly openSink: OpenSink;
  private readonly clock: () => number;
  private readonly bootKey: string;
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Each upload's part file, opened at its first chunk and kept open for the next (part-files.ts). */
  private readonly parts: PartFiles;
  /**
   * Sessions read or made here, by fileId: a session never changes once made, and reading session.json for every
   * chunk was four file-system calls queued behind the chunks' writes in libuv's thread pool. Forgotten when this
   * process removes the upload, and after any failure (another process may have removed it): the next chunk reads
   * the disk again.
   */
  private readonly sessions = new Map<string, UploadSession>();

  constructor(options: ChunkStoreOptions<F>) {
    this.root = path.join(options.dataDir, 'uploads', '.chunks');
    this.files = options.files;
    this.ledger = options.ledger;
    this.chunkSize = options.chunkSize ?? CHUNK_SIZE;
    this.maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    this.openSink = options.openSink ?? openFileSink;
    this.parts = new PartFiles({ openSink: this.openSink });
    this.clock = options.clock ?? Date.now;
    this.bootKey = options.bootKey ?? currentBootKey();
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
    if (totalChunks * this.chunkSize > this.maxFileSize) throw tooLarge(M.fileTooLarge(this.maxFileSize));
    if (totalSize !== undefined) {
      if (!Number.isSafeInteger(totalSize) || totalSize < 0) {
        throw badRequest({ vi: 'totalSize phải là số byte (số nguyên)', en: 'totalSize must be a whole number of bytes' });
      }
      if (totalSize > this.maxFileSize) throw tooLarge(M.fileTooLarge(this.maxFileSize));
      if (totalSize > totalChunks * this.chunkSize || (totalChunks > 1 && totalSize <= (totalChunks - 1) * this.chunkSize)) {
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
      this.sessions.delete(planned.fileId);
      await discardStream(bytes, this.chunkLimit()); // a retry of a finished upload: its bytes are not needed
      return { fileId: planned.fileId, complete: true, file: done };
    }
    const dir = this.dirOf(planned.fileId);
    try {
      const session = await this.openSession(dir, planned);
      const index = request.chunkIndex;
      await this.withLock(`${session.fileId}/${index}`, () => this.storeChunk(dir, session, index, bytes));
      const state = await this.withLock(session.fileId, () => this.assembleIfComplete(dir, session));
      if (state.complete) this.sessions.delete(planned.fileId);
      return state;
    } catch (err) {
      this.sessions.delete(planned.fileId);
      throw err;
    }
  }

  /** Which chunks are held, or the finished file; undefined when nothing is known of this fileId. */
  async status(fileId: string): Promise<UploadState<F> | undefined> {
    if (typeof fileId !== 'string' || !FILE_ID.test(fileId)) return undefined;
    const done = await this.ledger.findCompleted(fileId);
    if (done) return { fileId, complete: true, file: done };
    const dir = this.dirOf(fileId);
    const session = await readSession(dir);
    if (!session) return undefined;
    return { fileId, totalChunks: session.totalChunks, received: received(await this.held(dir), session), complete: false };
  }

  /** Removes uploads untouched for `maxAgeMs` (and stale temp files of the file store); answers how many. */
  async sweep(maxAgeMs = ABANDONED_AFTER_MS): Promise<number> {
    const now = this.clock();
    let removed = 0;
    for (const fileId of await readdir(this.root).catch(() => [] as string[])) {
      if (this.locks.has(fileId)) continue;
      const dir = path.join(this.root, fileId);
      if (now - (await lastActivity(dir)) > maxAgeMs) {
        this.sessions.delete(fileId);
        await this.parts.close(path.join(dir, PART));
        await removeQuietly(dir);
        removed++;
      }
    }
    return removed + (await this.files.sweepTemp(now, maxAgeMs));
  }

  private dirOf(fileId: string): string {
    return path.join(this.root, fileId);
  }

  /** The session of this fileId, created from `planned` if this is the first chunk to arrive. */
  private async openSession(dir: string, planned: Omit<UploadSession, 'createdAt'>): Promise<UploadSession> {
    const target = path.join(dir, 'session.json');
    let session = this.sessions.get(planned.fileId) ?? (await readSession(dir));
    if (!session) {
      await mkdir(dir, { recursive: true }); // only for the first chunk: every file-system call costs a thread-pool round trip
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
      if (!session) throw conflict(M.uploadInterrupted);
    }
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.clear();
    this.sessions.set(planned.fileId, session);
    if (session.totalChunks !== planned.totalChunks) {
      throw conflict({
        vi: `Lần tải lên này bắt đầu với totalChunks ${session.totalChunks}; không thể đổi thành ${planned.totalChunks}`,
        en: `This upload was started with totalChunks ${session.totalChunks}; it cannot change to ${planned.totalChunks}`,
      });
    }
    return session;
  }

  private chunkLimit() {
    return { maxBytes: this.chunkSize, tooLargeMessage: M.chunkTooLarge(this.chunkSize) };
  }

  private heldDir(dir: string): string {
    return path.join(dir, `held-${this.bootKey}`);
  }

  /** The chunks held in this boot: index → bytes. */
  private async held(dir: string): Promise<Map<number, number>> {
    const held = new Map<number, number>();
    for (const name of await readdir(this.heldDir(dir)).catch(() => [] as string[])) {
      const m = HELD_NAME.exec(name);
      if (m) held.set(Number(m[1]), Number(m[2]));
    }
    return held;
  }

  /** Forgets every held chunk (and the part file): the client sends them all again. */
  private async forgetHeld(dir: string): Promise<void> {
    await this.parts.close(path.join(dir, PART));
    await removeQuietly(this.heldDir(dir));
    await removeQuietly(path.join(dir, PART));
  }

  /** The refusal for a chunk whose length does not fit its place, if it does not. */
  private requireLength(session: UploadSession, index: number, size: number): void {
    const last = index === session.totalChunks - 1;
    const expected = !last ? this.chunkSize : session.totalSize !== null ? session.totalSize - index * this.chunkSize : undefined;
    if (size === 0 && session.totalChunks > 1) throw badRequest({ vi: `Phần ${index} rỗng`, en: `Chunk ${index} is empty` });
    if (expected !== undefined && size !== expected) {
      throw badRequest({
        vi: `Phần ${index} có ${size} byte, cần đúng ${expected} byte (mỗi phần ${this.chunkSize} byte, phần cuối là phần còn lại)`,
        en: `Chunk ${index} has ${size} bytes; it must have ${expected} (every chunk ${this.chunkSize} bytes, the last one the rest)`,
      });
    }
  }

  /** Writes one chunk into its range of the part file and marks it held (see the head of this file). */
  private async storeChunk(dir: string, session: UploadSession, index: number, bytes: ByteSource): Promise<void> {
    const already = (await this.held(dir)).get(index);
    if (already !== undefined) {
      // A re-sent chunk: keep the one we have, but a different size means the client mixed two files.
      const size = await discardStream(bytes, this.chunkLimit());
      if (size !== already) {
        throw conflict({
          vi: `Phần ${index} đã nhận với ${already} byte, không phải ${size}`,
          en: `Chunk ${index} was already received with ${already} bytes, not ${size}`,
        });
      }
      return;
    }
    const part = path.join(dir, PART);
    let size: number;
    try {
      size = await this.parts.use(part, (sink) => writeStreamInto(bytes, sink, index * this.chunkSize, this.chunkLimit())).catch((err: unknown) => {
        throw asFilesError(err); // opening failed (the folder went): the disk's fault, 5xx
      });
    } catch (err) {
      // A duplicate that waited for its original may find the upload finished and its folder gone.
      if (!(err instanceof FilesError && err.statusCode >= 500 && (await this.ledger.findCompleted(session.fileId)))) throw err;
      await discardStream(bytes, this.chunkLimit());
      return;
    }
    // A refused chunk leaves its bytes in its own range, unmarked: a correct one overwrites them.
    this.requireLength(session, index, size);
    if (index === 0 && session.totalChunks > 1) await this.checkFirstChunk(dir, session, size);
    await this.markHeld(dir, index, size);
  }

  /** The held marker: an empty directory, made in one call that fails if it exists (a file took three). */
  private async markHeld(dir: string, index: number, size: number): Promise<void> {
    const marker = path.join(this.heldDir(dir), `${index}.${size}`);
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(marker);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') return; // another process held the same chunk
        if (code !== 'ENOENT' || attempt > 0) throw asFilesError(err);
        await mkdir(this.heldDir(dir), { recursive: true }); // the first chunk held in this boot
      }
    }
  }

  /** Refuses a wrong type as soon as its first bytes are here instead of after 500 MB; drops the upload then. */
  private async checkFirstChunk(dir: string, session: UploadSession, size: number): Promise<void> {
    // The check reads a copy of chunk 0 alone: the part file may already hold later chunks or gaps.
    const head = tempPath(dir, '.head');
    try {
      await copyRange(path.join(dir, PART), 0, size, head);
      await requireMatchingContent(head, session.ext, session.name, false);
    } catch (err) {
      if (err instanceof FilesError && err.statusCode < 500) await this.dropDir(dir);
      throw asFilesError(err);
    } finally {
      await unlink(head).catch(() => {});
    }
  }

  private async assembleIfComplete(dir: string, session: UploadSession): Promise<UploadState<F>> {
    const { fileId, totalChunks } = session;
    const done = await this.ledger.findCompleted(fileId);
    if (done) {
      await this.dropDir(dir); // what a late duplicate may have recreated
      return { fileId, complete: true, file: done };
    }
    const held = await this.held(dir);
    const incomplete: UploadState<F> = { fileId, totalChunks, received: received(held, session), complete: false };
    if (incomplete.received.length < totalChunks) return incomplete;
    const marker = await this.claimAssembly(dir);
    if (!marker) return incomplete; // another process is assembling; its answer (or chunk/status) tells
    const part = path.join(dir, PART);
    const size = (totalChunks - 1) * this.chunkSize + held.get(totalChunks - 1)!;
    let stored: StoredFile | undefined;
    try {
      if (!(await this.finishPart(dir, part, size))) {
        await unlink(marker).catch(() => {});
        return { fileId, totalChunks, received: [], complete: false };
      }
      stored = await this.files.adopt(part, session.ext, session.name, size);
      const file = await this.ledger.commit(session, stored);
      await this.dropDir(dir);
      return { fileId, complete: true, file };
    } catch (err) {
      if (err instanceof FilesError && err.statusCode < 500) {
        if (stored) await this.files.remove(stored.storedName).catch(() => {});
        await this.dropDir(dir); // wrong content, or the folder went: nothing of it is kept
      } else {
        // Storage or database trouble: put the finished bytes back so a retry only records them; when
        // that is impossible, start the upload over.
        const restored = stored ? await rename(this.files.pathOf(stored.storedName), part).then(() => true, () => false) : true;
        if (!restored && stored) await this.files.remove(stored.storedName).catch(() => {});
        if (!restored || !(await stat(part).catch(() => undefined))) await this.forgetHeld(dir);
        await unlink(marker).catch(() => {});
      }
      throw asFilesError(err);
    }
  }

  /**
   * Cuts the part file to `size` (an earlier, refused attempt at the last chunk may have written past it)
   * and fsyncs it. Answers false when it is missing or short (a crash after it was moved into the store,
   * before it was recorded): the held set is then dropped, so the client sends the chunks again.
   */
  private async finishPart(dir: string, part: string, size: number): Promise<boolean> {
    const info = await stat(part).catch(() => undefined);
    if (!info || info.size < size) {
      await this.forgetHeld(dir);
      return false;
    }
    try {
      await this.parts.use(part, async (sink) => {
        await sink.truncate(size);
        await sink.sync();
      });
    } catch (err) {
      await this.forgetHeld(dir); // the kernel may have dropped pages it could not write
      throw err;
    }
    await this.parts.close(part); // before it is renamed into the store: no handle may write into a stored file
    return true;
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

  /** Removes an upload's folder, its part file's open handle closed first. */
  private async dropDir(dir: string): Promise<void> {
    await this.parts.close(path.join(dir, PART));
    await removeQuietly(dir);
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

/** The held chunks' indexes below totalChunks, in order. */
function received(held: Map<number, number>, session: UploadSession): number[] {
  return [...held.keys()].filter((i) => i < session.totalChunks).sort((a, b) => a - b);
}

async function lastActivity(dir: string): Promise<number> {
  let latest = (await stat(dir).catch(() => undefined))?.mtimeMs ?? 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && info.mtimeMs > latest) latest = info.mtimeMs;
  }
  return latest;
}
