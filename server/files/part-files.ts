// Open part files of chunked uploads, kept open between chunks. An upload's chunks all write into one part file
// (each at its own range); opening and closing it around every 2 MB chunk cost two thread-pool round trips per chunk.
// Here each part file is opened once, at its first chunk, and every chunk of that upload writes through the same
// handle (positional writes: two chunks of one upload may write at once). A handle is closed when its upload is
// finished or dropped (`close`, before the part file is renamed or removed), when it has been idle for `idleMs` (an
// upload abandoned mid-way), or when more than `maxOpen` are open (the least recently used idle one goes first; a
// handle in use is never closed under its writer: then the count may pass `maxOpen` until one is free). Nothing here
// decides which chunks are held: only where bytes go.
//
// Several processes may share the data folder (WORKERS=N, instances on one disk), and another one may remove an
// upload (a sweep, a refusal) or rename its finished part file into the store while this one keeps a handle open:
// written through that handle, a chunk would go to a file no one reads any more, or into a stored file. So before a
// kept handle is used again, the path is looked up (one stat, where opening and closing took two calls) and must
// still name the file the handle has open; if not, the handle is dropped and the path opened again.
import { stat } from 'node:fs/promises';
import { openFileSink, type ByteSink, type OpenSink } from './disk';

export interface PartFilesOptions {
  /** Opens a part file (created if missing, never truncated); injectable so tests can fail the disk. */
  openSink?: OpenSink;
  /** Handles kept open at most while idle (default 64). */
  maxOpen?: number;
  /** A handle unused this long is closed (default 30 s). */
  idleMs?: number;
  clock?: () => number;
}

interface Entry {
  /** The open file, and which file it is (device and inode, read when it was opened). */
  sink: Promise<ByteSink>;
  identity: Promise<string>;
  /** Tasks running with this handle. */
  users: number;
  lastUsed: number;
  /** Resolves when the last user is done (set while someone waits to close it). */
  drained?: () => void;
  closing?: Promise<void>;
}

/** Which file a path names now: its device and inode. */
async function identityOf(filePath: string): Promise<string> {
  const info = await stat(filePath);
  return `${info.dev}:${info.ino}`;
}

export class PartFiles {
  private readonly openSink: OpenSink;
  private readonly maxOpen: number;
  private readonly idleMs: number;
  private readonly clock: () => number;
  /** By path, least recently used first (a use moves its entry to the end). */
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;

  constructor(options: PartFilesOptions = {}) {
    this.openSink = options.openSink ?? openFileSink;
    this.maxOpen = Math.max(1, options.maxOpen ?? 64);
    this.idleMs = options.idleMs ?? 30_000;
    this.clock = options.clock ?? Date.now;
  }

  /** Handles open (or opening) now. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Runs `task` with the open part file at `filePath`, opening it first if it is not open. The handle stays open
   * afterwards for the upload's next chunk. A failure to open is answered to this caller and forgotten (the next one
   * tries again).
   */
  async use<T>(filePath: string, task: (sink: ByteSink) => Promise<T>): Promise<T> {
    let entry = this.entries.get(filePath);
    if (entry && !(await this.stillNames(filePath, entry))) {
      // Removed or replaced by another process: this handle writes where no one reads.
      if (this.entries.get(filePath) === entry) this.entries.delete(filePath);
      void this.closeEntry(entry);
      entry = this.entries.get(filePath); // another caller may have opened it again meanwhile
    }
    if (entry) {
      this.entries.delete(filePath); // to the end: the most recently used
      this.entries.set(filePath, entry);
    } else {
      entry = this.open(filePath);
      this.entries.set(filePath, entry);
    }
    entry.users++; // before evicting: the handle this caller is about to use is not idle
    this.evictIdle();
    this.startTimer();
    try {
      await entry.identity; // opened (a failure to open is this caller's)
      return await task(await entry.sink);
    } finally {
      entry.users--;
      entry.lastUsed = this.clock();
      if (entry.users === 0) entry.drained?.();
    }
  }

  private open(filePath: string): Entry {
    const sink = this.openSink(filePath, { position: 0 });
    const entry: Entry = { sink, identity: sink.then(() => identityOf(filePath)), users: 0, lastUsed: this.clock() };
    entry.identity.catch(() => {
      if (this.entries.get(filePath) === entry) this.entries.delete(filePath);
    });
    return entry;
  }

  /** Whether `filePath` still names the file `entry` has open. */
  private async stillNames(filePath: string, entry: Entry): Promise<boolean> {
    const opened = await entry.identity.catch(() => undefined);
    if (opened === undefined) return false;
    return (await identityOf(filePath).catch(() => undefined)) === opened;
  }

  /**
   * Closes the handle of `filePath` once its running tasks are done (no-op when it is not open): before the part file
   * is renamed into the store or removed. A use that starts meanwhile opens a new handle.
   */
  async close(filePath: string): Promise<void> {
    const entry = this.entries.get(filePath);
    if (!entry) return;
    this.entries.delete(filePath);
    await this.closeEntry(entry);
  }

  /** Closes every handle (when the server stops). */
  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    this.stopTimer();
    await Promise.all(all.map((entry) => this.closeEntry(entry)));
  }

  /** Closes `entry` once its users are done (once, however many ask). */
  private closeEntry(entry: Entry): Promise<void> {
    entry.closing ??= this.closeWhenDrained(entry);
    return entry.closing;
  }

  private async closeWhenDrained(entry: Entry): Promise<void> {
    if (entry.users > 0) await new Promise<void>((resolve) => (entry.drained = resolve));
    const sink = await entry.sink.catch(() => undefined);
    await sink?.close().catch(() => {});
    if (this.entries.size === 0) this.stopTimer();
  }

  /** Over `maxOpen`: closes idle handles, least recently used first. */
  private evictIdle(): void {
    for (const [filePath, entry] of this.entries) {
      if (this.entries.size <= this.maxOpen) return;
      if (entry.users > 0) continue;
      this.entries.delete(filePath);
      void this.closeEntry(entry);
    }
  }

  /** Closes the handles idle for idleMs. */
  private sweepIdle(): void {
    const now = this.clock();
    for (const [filePath, entry] of this.entries) {
      if (entry.users > 0 || now - entry.lastUsed < this.idleMs) continue;
      this.entries.delete(filePath);
      void this.closeEntry(entry);
    }
  }

  private startTimer(): void {
    if (this.timer) return;
    // Unref'd: an open part file never keeps the process alive.
    this.timer = setInterval(() => this.sweepIdle(), Math.max(10, Math.round(this.idleMs / 2)));
    this.timer.unref();
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
