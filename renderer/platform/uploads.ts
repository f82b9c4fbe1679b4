import type { UploadItem, UploadState } from '../../shared/ipc/contract';

export type { UploadState };
export type { ChunkAnswer, ChunkTransport, TransportError } from './browserUploads';

/**
 * One upload as the console shows it: the desktop contract's item (shared/ipc/contract.ts), so both
 * engines report the same thing. `path` is the local path in the desktop app and '' in the browser.
 */
export type UploadEntry = UploadItem;

/**
 * File-manager uploads, wherever the console runs. In the browser the page cuts and sends the chunks
 * itself; in the desktop app main does it from the files' local paths (it survives a reload and a
 * restart). The platform picks the engine (`platform.uploads(transport)`, platform/index.ts); screens use this and
 * never branch on which.
 */
export interface Uploads {
  readonly kind: 'browser' | 'desktop';
  /** Queue files (already checked by the caller: type and size) for the folder (0 = root). */
  enqueue(files: readonly File[], folderId: number): Promise<void>;
  /** Stop and forget one upload (aborts what is in flight). */
  cancel(id: string): void;
  /** Stop sending for now; `resume` carries on with the chunks the server lacks. */
  pause(id: string): void;
  /** Resume a paused upload, or try a failed one again from where it stopped. */
  resume(id: string): void;
  /** Remove finished, failed and cancelled uploads from the list. */
  clearFinished(): void;
  /** Every upload, oldest first. Same array until something changes (fit for useSyncExternalStore). */
  list(): readonly UploadEntry[];
  subscribe(listener: () => void): () => void;
  /** Called once per upload when the server has assembled its file. */
  onCompleted(listener: (entry: UploadEntry) => void): () => void;
  /**
   * Desktop only: let the user choose files with the operating system's open dialog and queue those
   * `accept` lets through (by name: the dialog answers paths, main reads the files and checks their size).
   * Answers the names it left out. Absent in the browser, where the page's own file input chooses.
   */
  chooseFiles?(folderId: number, options: { title?: string; accept: (name: string) => boolean }): Promise<{ queued: number; refused: string[] }>;
}

/** The listeners an engine keeps for `subscribe` and `onCompleted`, and the calls that tell them. */
export function uploadListeners(): Pick<Uploads, 'subscribe' | 'onCompleted'> & { changed(): void; completed(entry: UploadEntry): void } {
  const changed = new Set<() => void>();
  const completed = new Set<(entry: UploadEntry) => void>();
  const add = <T,>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  return {
    subscribe: (listener) => add(changed, listener),
    onCompleted: (listener) => add(completed, listener),
    changed: () => changed.forEach((listener) => listener()),
    completed: (entry) => completed.forEach((listener) => listener(entry)),
  };
}
