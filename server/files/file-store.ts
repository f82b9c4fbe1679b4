// Finished files under DATA_DIR/files. Each is stored as `<uuid>`, a name the server generates, so no
// user-given name ever becomes a path; the display name and Content-Type live in the database only. Files are written
// to DATA_DIR/files/.tmp first and renamed into place once complete, checked and fsync'd.
import { mkdir, readdir, rename, stat, copyFile, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { openFileSink, removeQuietly, syncDir, syncFile, tempPath, writeStreamToFile, asFilesError, type ByteSource, type OpenSink } from './disk';
import { requireMatchingContent } from './file-types';
import { M } from '../messages';

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StoredFile {
  storedName: string;
  size: number;
}

export class FileStore {
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

  /** Absolute path of a stored file; refuses anything that is not one of our generated names. */
  pathOf(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error(`Not a stored file name: ${storedName}`);
    return path.join(this.root, storedName);
  }

  isStoredName(name: string): boolean {
    return STORED_NAME.test(name);
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
  async adopt(source: string, ext: string, displayName: string, size: number): Promise<StoredFile> {
    await this.init();
    return this.checkAndPlace(source, ext, displayName, size);
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
  }

  /** Temporary files older than `maxAgeMs` (left by a crash) are removed; answers how many. */
  async sweepTemp(now: number, maxAgeMs: number): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const full = path.join(this.tmpDir, name);
      const info = await stat(full).catch(() => undefined);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await removeQuietly(full);
        removed++;
      }
    }
    return removed;
  }

  private async checkAndPlace(tmp: string, ext: string, displayName: string, size: number): Promise<StoredFile> {
    try {
      await requireMatchingContent(tmp, ext, displayName, true);
      const storedName = randomUUID();
      await rename(tmp, this.pathOf(storedName));
      await syncDir(this.root);
      return { storedName, size };
    } catch (err) {
      await removeQuietly(tmp);
      throw asFilesError(err);
    }
  }
}
