// The bytes of chunked uploads in progress on the local disk (the chunk store's `UploadBytes`; what is held lives in the
// database, ./chunk-store.ts): DATA_DIR/uploads/.chunks/<fileId>/data.part is the file being built, each chunk streamed
// straight to its own range (chunkIndex × chunkSize) with positional writes, so chunks may come in any order, twice or
// at once, from any instance sharing DATA_DIR. When every chunk is held the part file is cut to its size, fsync'd,
// content-checked and renamed into the store.
import { mkdir, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { currentBootKey, type UploadBytes, type UploadSession } from './chunk-store';
import { asFilesError, openFileSink, removeQuietly, writeStreamInto, type ByteSource, type OpenSink, type SizeLimit } from './disk';
import { PartFiles } from './part-files';
import type { DiskFileStore, StoredFile } from './file-store';
import { requireMatchingBuffer } from './file-types';

const PART = 'data.part';

export class DiskUploadBytes implements UploadBytes {
  readonly root: string;
  readonly durability: string;
  /** Uploads whose folder this process has made (one mkdir per upload, not per chunk: each is a thread-pool trip). */
  private readonly made = new Set<string>();
  /** Part files kept open between an upload's chunks (./part-files.ts). */
  readonly parts: PartFiles;

  constructor(
    dataDir: string,
    private readonly files: DiskFileStore,
    private readonly chunkSize: number,
    private readonly openSink: OpenSink = openFileSink,
    /** Which boot of the machine writes (tests simulate a power cut by changing it). */
    bootKey = currentBootKey(),
  ) {
    this.root = path.join(dataDir, 'uploads', '.chunks');
    this.durability = `boot:${bootKey}`;
    this.parts = new PartFiles({ openSink });
  }

  private dirOf(fileId: string): string {
    return path.join(this.root, fileId);
  }

  private partOf(fileId: string): string {
    return path.join(this.dirOf(fileId), PART);
  }

  async write(session: UploadSession, index: number, bytes: ByteSource, limit: SizeLimit): Promise<number> {
    if (!this.made.has(session.fileId)) {
      await mkdir(this.dirOf(session.fileId), { recursive: true });
      if (this.made.size > 10_000) this.made.clear();
      this.made.add(session.fileId);
    }
    try {
      return await this.parts.use(this.partOf(session.fileId), (sink) => writeStreamInto(bytes, sink, index * this.chunkSize, limit));
    } catch (err) {
      this.made.delete(session.fileId); // another instance may have removed the folder: made again next time
      throw asFilesError(err); // an open that failed is a 5xx too
    }
  }

  /** Reads chunk 0 alone: the part file may already hold later chunks or gaps. */
  async checkHead(session: UploadSession, size: number): Promise<void> {
    const head = Buffer.alloc(size);
    const handle = await open(this.partOf(session.fileId), 'r').catch((err: unknown) => {
      throw asFilesError(err);
    });
    try {
      await handle.read(head, 0, size, 0);
    } finally {
      await handle.close();
    }
    await requireMatchingBuffer(head, session.ext, session.name, false);
  }

  /**
   * Cuts the part file to `size` (an earlier, refused attempt at the last chunk may have written past it), fsyncs it
   * and moves it into the store. False when it is missing or short (a crash after it was moved, before it was
   * recorded). A failed flush drops it: what the kernel reported as written is no longer sure.
   */
  async finish(session: UploadSession, size: number, _held: ReadonlyMap<number, number>, storedName: string): Promise<StoredFile | false> {
    const part = this.partOf(session.fileId);
    const info = await stat(part).catch(() => undefined);
    if (!info || info.size < size) {
      if (await this.files.has(storedName)) return { storedName, size }; // moved already, by a claim that then died
      await removeQuietly(part);
      return false;
    }
    try {
      await this.parts.use(part, async (sink) => {
        await sink.truncate(size);
        await sink.sync();
      });
    } catch (err) {
      await this.parts.close(part).catch(() => {});
      await removeQuietly(part);
      throw Object.assign(asFilesError(err), { bytesLost: true }); // the chunk store then forgets the held chunks
    }
    await this.parts.close(part); // before it is renamed into the store
    return this.files.adopt(part, session.ext, session.name, size, storedName);
  }

  async drop(session: Pick<UploadSession, 'fileId'>): Promise<void> {
    this.made.delete(session.fileId);
    await this.parts.close(this.partOf(session.fileId)).catch(() => {});
    await removeQuietly(this.dirOf(session.fileId));
  }

  async close(): Promise<void> {
    await this.parts.closeAll();
  }

  /** Folders of uploads no session names (a crash between the two, or the marker files of an older version). */
  async sweepOrphans(known: ReadonlySet<string>, now: number, maxAgeMs: number): Promise<number> {
    let removed = 0;
    for (const fileId of await readdir(this.root).catch(() => [] as string[])) {
      if (known.has(fileId)) continue;
      const info = await stat(this.dirOf(fileId)).catch(() => undefined);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await this.parts.close(this.partOf(fileId)).catch(() => {});
        await removeQuietly(this.dirOf(fileId));
        removed++;
      }
    }
    return removed;
  }
}
