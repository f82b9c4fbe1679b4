// Chunked uploads that cannot corrupt, across instances (the contract is in docs/api.md, "Files").
//
// What an upload is and which of its chunks have arrived live in the database (migration 0026: upload_sessions,
// upload_chunks), so every instance behind a load balancer sees the same upload: chunk 1 sent to one instance and
// chunk 2 to another make one file, and an upload resumes after any instance restarts. The bytes live where the
// store keeps them (`UploadBytes`): on the local disk, one part file per upload written at each chunk's offset
// (./upload-disk.ts; several instances then need a shared DATA_DIR); on an object store, one object per chunk and a
// multipart upload (./s3-uploads.ts), never assembled on a local disk.
//
// Every byte is written once. The first chunk to arrive fixes the session (totalChunks, the name, the folder: an
// INSERT that only one instance wins). A chunk counts as held only once all its bytes are written and its length is
// the one its place implies: then its row is written. A chunk already held is read and dropped, never rewritten, so a
// duplicate cannot disturb it (a duplicate racing its original in this process waits for it; one racing it on another
// instance writes the same bytes at the same place). When every chunk is held, the instance that claims the session
// (a conditional UPDATE) finishes the file once: the bytes become a stored file, content-checked, and the ledger (the
// files table) records it keyed by fileId, so a retry after a lost answer finds the file instead of building it again.
//
// Durability of a held chunk on disk: its bytes are NOT fsync'd when it is held; the part file is fsync'd once, when it
// is complete (one flush instead of one per chunk, which halved throughput). Until then the bytes are in the kernel's
// page cache, which survives a crash of the process but not of the machine. So each chunk's row says under which boot
// of the machine it was written (`durability`); after a reboot those rows no longer count, chunk/status says so and the
// client sends those chunks again. An object store's chunks are durable when it answers: their rows count always.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from '../../shared/uploads';
import { sanitizeName } from './file-name';
import { requireAllowedExtension } from './file-types';
import type { StoredFile } from './file-store';
import { asFilesError, discardStream, type ByteSource, type SizeLimit } from './disk';
import { FilesError, badRequest, conflict, forbidden, tooLarge } from './errors';
import { M } from '../messages';

/** The protocol's chunk size (shared/uploads.ts). */
export const CHUNK_SIZE = UPLOAD_CHUNK_BYTES;
export const DEFAULT_MAX_FILE_SIZE = MAX_UPLOAD_BYTES;
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** A claim to finish an upload older than this belongs to an instance that died mid-way. */
const STALE_CLAIM_MS = 15 * 60 * 1000;
const FILE_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** Sessions kept in memory at most (uploads in progress); beyond, they are read from the database again. */
const MAX_SESSIONS = 10_000;

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

/**
 * Where the bytes of uploads in progress are kept, and how they become a stored file: the local disk
 * (./upload-disk.ts) or an object store (./s3-uploads.ts). The chunk store decides what is held; this only holds bytes.
 */
export interface UploadBytes {
  /** Under what chunks' bytes survive: rows written under another (a machine's earlier boot) no longer count. */
  readonly durability: string;
  /** Writes chunk `index`'s bytes (streamed; refused past `limit`); answers how many there were. */
  write(session: UploadSession, index: number, bytes: ByteSource, limit: SizeLimit): Promise<number>;
  /** Checks the first chunk (`size` bytes) against the type the name says: a wrong type is refused after 2 MB, not 500. */
  checkHead(session: UploadSession, size: number): Promise<void>;
  /** Chunk `index` is held (`held`: every held chunk's size): work that can start before the last chunk (S3 parts). */
  afterHeld?(session: UploadSession, index: number, held: ReadonlyMap<number, number>): Promise<void>;
  /**
   * Every chunk is held: the file, `size` bytes, content-checked and in the store under `storedName` (chosen before,
   * so that a retry after a crash finds it). Answers false when the bytes are no longer all there (the chunks must
   * come again).
   */
  finish(session: UploadSession, size: number, held: ReadonlyMap<number, number>, storedName: string): Promise<StoredFile | false>;
  /** Forgets an upload's bytes (done, refused or abandoned). */
  drop(session: Pick<UploadSession, 'fileId' | 'totalChunks'>): Promise<void>;
  /** Bytes of uploads no session names any more, untouched for `maxAgeMs` (left by a crash); answers how many. */
  sweepOrphans?(known: ReadonlySet<string>, now: number, maxAgeMs: number): Promise<number>;
  /** The server closes: what is held open is let go (the disk's kept part-file handles). */
  close?(): Promise<void>;
}

export interface ChunkStoreOptions<F> {
  db: Kysely<Database>;
  bytes: UploadBytes;
  ledger: UploadLedger<F>;
  /** Removes a stored file (its finished bytes, when the ledger refuses them). */
  removeStored(storedName: string): Promise<void>;
  /** Stale temp files of the store (swept with abandoned uploads). */
  sweepTemp?(now: number, maxAgeMs: number): Promise<number>;
  chunkSize?: number;
  maxFileSize?: number;
  clock?: () => number;
}

export class ChunkStore<F> {
  readonly chunkSize: number;
  readonly maxFileSize: number;
  readonly bytes: UploadBytes;
  private readonly db: Kysely<Database>;
  private readonly ledger: UploadLedger<F>;
  private readonly clock: () => number;
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Bytes of chunks written by this instance since it started (the metrics: sitedesk_upload_bytes_received_total). */
  bytesReceived = 0;
  /** Sessions read or made here, by fileId: a session never changes once made. Forgotten after any failure. */
  private readonly sessions = new Map<string, UploadSession>();

  constructor(private readonly options: ChunkStoreOptions<F>) {
    this.db = options.db;
    this.bytes = options.bytes;
    this.ledger = options.ledger;
    this.chunkSize = options.chunkSize ?? CHUNK_SIZE;
    this.maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
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

  /** Stores one chunk (streamed from `bytes`) and finishes the file if it was the last one missing. */
  async receive(request: ChunkRequest, bytes: ByteSource): Promise<UploadState<F>> {
    const planned = this.plan(request);
    const done = await this.ledger.findCompleted(planned.fileId);
    if (done) {
      this.sessions.delete(planned.fileId);
      await discardStream(bytes, this.chunkLimit()); // a retry of a finished upload: its bytes are not needed
      return { fileId: planned.fileId, complete: true, file: done };
    }
    try {
      const session = await this.openSession(planned);
      const index = request.chunkIndex;
      await this.withLock(`${session.fileId}/${index}`, () => this.storeChunk(session, index, bytes));
      const state = await this.withLock(session.fileId, () => this.finishIfComplete(session));
      if (state.complete) this.sessions.delete(planned.fileId);
      return state;
    } catch (err) {
      this.sessions.delete(planned.fileId);
      throw err;
    }
  }

  /** The server closes. */
  async close(): Promise<void> {
    await this.bytes.close?.();
  }

  /** Which chunks are held, or the finished file; undefined when nothing is known of this fileId. */
  async status(fileId: string): Promise<UploadState<F> | undefined> {
    if (typeof fileId !== 'string' || !FILE_ID.test(fileId)) return undefined;
    const done = await this.ledger.findCompleted(fileId);
    if (done) return { fileId, complete: true, file: done };
    const session = await this.readSession(fileId);
    if (!session) return undefined;
    return { fileId, totalChunks: session.totalChunks, received: received(await this.held(fileId), session), complete: false };
  }

  /** Removes uploads untouched for `maxAgeMs` (and stale temp files of the file store); answers how many. */
  async sweep(maxAgeMs = ABANDONED_AFTER_MS): Promise<number> {
    const now = this.clock();
    const cutoff = new Date(now - maxAgeMs).toISOString();
    const abandoned = await this.db
      .selectFrom('upload_sessions as s')
      .select(['s.fileId', 's.totalChunks'])
      .where('s.createdAt', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('upload_chunks as c').select('c.fileId').whereRef('c.fileId', '=', 's.fileId').where('c.receivedAt', '>=', cutoff))),
      )
      .execute();
    for (const session of abandoned) {
      if (this.locks.has(session.fileId)) continue;
      this.sessions.delete(session.fileId);
      await this.forget(session);
    }
    let removed = abandoned.length;
    if (this.bytes.sweepOrphans) {
      const known = new Set((await this.db.selectFrom('upload_sessions').select('fileId').execute()).map((r) => r.fileId));
      removed += await this.bytes.sweepOrphans(known, now, maxAgeMs);
    }
    return removed + ((await this.options.sweepTemp?.(now, maxAgeMs)) ?? 0);
  }

  private async readSession(fileId: string): Promise<UploadSession | undefined> {
    const row = await this.db.selectFrom('upload_sessions').selectAll().where('fileId', '=', fileId).executeTakeFirst();
    if (!row) return undefined;
    const { fileId: id, totalChunks, name, ext, folderId, userId, createdAt } = row;
    return { fileId: id, totalChunks, name, ext, totalSize: row.totalSize === null ? null : Number(row.totalSize), folderId, userId, createdAt };
  }

  /** The session of this fileId, created from `planned` if this is the first chunk to arrive anywhere. */
  private async openSession(planned: Omit<UploadSession, 'createdAt'>): Promise<UploadSession> {
    let session = this.sessions.get(planned.fileId);
    if (!session) {
      const candidate: UploadSession = { ...planned, createdAt: new Date(this.clock()).toISOString() };
      // Whoever inserts first defines the session; the others read it.
      await this.db.insertInto('upload_sessions').values({ ...candidate, assemblingAt: null, storeUploadId: null, storedName: null, finished: 0 }).onConflict((oc) => oc.column('fileId').doNothing()).execute();
      session = await this.readSession(planned.fileId);
      if (!session) throw conflict(M.uploadInterrupted);
      if (this.sessions.size >= MAX_SESSIONS) this.sessions.clear();
      this.sessions.set(planned.fileId, session);
    }
    // An upload is its starter's: another user who learns its fileId cannot add chunks to it or finish it.
    if (session.userId !== planned.userId) throw forbidden(M.uploadNotYours);
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

  /** The chunks held (under the bytes' current durability): index → bytes. */
  private async held(fileId: string): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('upload_chunks')
      .select(['chunkIndex', 'size'])
      .where('fileId', '=', fileId)
      .where('durability', '=', this.bytes.durability)
      .execute();
    return new Map(rows.map((r) => [r.chunkIndex, r.size]));
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

  /** Writes one chunk's bytes and records it as held (see the head of this file). */
  private async storeChunk(session: UploadSession, index: number, bytes: ByteSource): Promise<void> {
    const { durability } = this.bytes;
    const already = await this.db
      .selectFrom('upload_chunks')
      .select('size')
      .where('fileId', '=', session.fileId)
      .where('chunkIndex', '=', index)
      .where('durability', '=', durability)
      .executeTakeFirst();
    if (already) {
      // A re-sent chunk: keep the one we have, but a different size means the client mixed two files.
      const size = await discardStream(bytes, this.chunkLimit());
      if (size !== already.size) throw this.sizeClash(index, already.size, size);
      return;
    }
    let size: number;
    try {
      size = await this.bytes.write(session, index, bytes, this.chunkLimit());
      this.bytesReceived += size;
    } catch (err) {
      // A duplicate that waited for its original may find the upload finished and its bytes gone.
      if (!(err instanceof FilesError && err.statusCode >= 500 && (await this.ledger.findCompleted(session.fileId)))) throw err;
      await discardStream(bytes, this.chunkLimit());
      return;
    }
    // A refused chunk leaves its bytes in its own place, not held: a correct one overwrites them.
    this.requireLength(session, index, size);
    if (index === 0 && session.totalChunks > 1) {
      try {
        await this.bytes.checkHead(session, size);
      } catch (err) {
        if (err instanceof FilesError && err.statusCode < 500) await this.forget(session); // wrong type: nothing is kept
        throw asFilesError(err);
      }
    }
    // Held. A row of an earlier boot is replaced; one held meanwhile by another instance stays (same bytes, same place).
    const receivedAt = new Date(this.clock()).toISOString();
    await this.db
      .insertInto('upload_chunks')
      .values({ fileId: session.fileId, chunkIndex: index, size, durability, receivedAt })
      .onConflict((oc) =>
        oc
          .columns(['fileId', 'chunkIndex'])
          .doUpdateSet({ size, durability, receivedAt })
          .where('upload_chunks.durability', '<>', durability),
      )
      .execute();
    if (this.bytes.afterHeld) await this.bytes.afterHeld(session, index, await this.held(session.fileId));
  }

  private sizeClash(index: number, held: number, size: number): FilesError {
    return conflict({
      vi: `Phần ${index} đã nhận với ${held} byte, không phải ${size}`,
      en: `Chunk ${index} was already received with ${held} bytes, not ${size}`,
    });
  }

  private async finishIfComplete(session: UploadSession): Promise<UploadState<F>> {
    const { fileId, totalChunks } = session;
    const done = await this.ledger.findCompleted(fileId);
    if (done) {
      await this.forget(session); // what a late duplicate may have recreated
      return { fileId, complete: true, file: done };
    }
    const held = await this.held(fileId);
    const incomplete: UploadState<F> = { fileId, totalChunks, received: received(held, session), complete: false };
    if (incomplete.received.length < totalChunks) return incomplete;
    const claim = await this.claim(fileId);
    if (!claim) return incomplete; // another instance is finishing it; its answer (or chunk/status) tells
    const size = (totalChunks - 1) * this.chunkSize + held.get(totalChunks - 1)!;
    let stored: StoredFile | false | undefined;
    try {
      stored = claim.finished ? { storedName: claim.storedName, size } : await this.bytes.finish(session, size, held, claim.storedName);
      if (!stored) {
        // The bytes are gone (a crash after they were moved, a failed flush): the chunks must come again.
        await this.db.deleteFrom('upload_chunks').where('fileId', '=', fileId).execute();
        await this.release(fileId);
        return { fileId, totalChunks, received: [], complete: false };
      }
      if (!claim.finished) await this.db.updateTable('upload_sessions').set({ finished: 1 }).where('fileId', '=', fileId).execute();
      const file = await this.ledger.commit(session, stored);
      await this.forget(session);
      return { fileId, complete: true, file };
    } catch (err) {
      if (err instanceof FilesError && err.statusCode < 500) {
        // Wrong content, or the folder went: nothing of it is kept.
        if (stored) await this.options.removeStored(stored.storedName).catch(() => {});
        await this.forget(session);
      } else {
        // Storage or database trouble: the claim is let go; the finished bytes (if any) stay recorded on the session,
        // so a retry only records them. Bytes lost on the way (a failed flush) take the held chunks with them.
        if ((err as { bytesLost?: boolean }).bytesLost) await this.db.deleteFrom('upload_chunks').where('fileId', '=', fileId).execute().catch(() => {});
        await this.release(fileId).catch(() => {});
      }
      throw asFilesError(err);
    }
  }

  /**
   * Claims the finishing of an upload for this instance (a conditional UPDATE: one instance wins), with the stored
   * name its bytes go to, fixed at the first claim. Undefined when another instance holds a fresh claim.
   */
  private async claim(fileId: string): Promise<{ storedName: string; finished: boolean } | undefined> {
    const now = this.clock();
    const result = await this.db
      .updateTable('upload_sessions')
      .set({ assemblingAt: new Date(now).toISOString(), storedName: sql<string>`coalesce(${sql.ref('storedName')}, ${randomUUID()})` })
      .where('fileId', '=', fileId)
      .where((eb) => eb.or([eb('assemblingAt', 'is', null), eb('assemblingAt', '<', new Date(now - STALE_CLAIM_MS).toISOString())]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    const row = await this.db.selectFrom('upload_sessions').select(['storedName', 'finished']).where('fileId', '=', fileId).executeTakeFirstOrThrow();
    return { storedName: row.storedName!, finished: row.finished === 1 };
  }

  private async release(fileId: string): Promise<void> {
    await this.db.updateTable('upload_sessions').set({ assemblingAt: null }).where('fileId', '=', fileId).execute();
  }

  /** The upload's bytes and rows, gone. */
  private async forget(session: Pick<UploadSession, 'fileId' | 'totalChunks'>): Promise<void> {
    await this.bytes.drop(session);
    await this.db.deleteFrom('upload_chunks').where('fileId', '=', session.fileId).execute();
    await this.db.deleteFrom('upload_parts').where('fileId', '=', session.fileId).execute();
    await this.db.deleteFrom('upload_sessions').where('fileId', '=', session.fileId).execute();
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

/** The held chunks' indexes below totalChunks, in order. */
function received(held: Map<number, number>, session: UploadSession): number[] {
  return [...held.keys()].filter((i) => i < session.totalChunks).sort((a, b) => a - b);
}
