import type { UploadEntry, Uploads } from '../../../platform/uploads';

export type StoredFile = NonNullable<UploadEntry['file']>;

const FINISHED = new Set<UploadEntry['state']>(['completed', 'failed', 'cancelled']);

/**
 * Queue `files` on the console's one upload queue (so they show in the upload panel, with pause, resume and
 * retry) and wait until each has finished: the stored file of each, in the order given, or null for one that
 * failed or was cancelled. Screens that turn dropped files into records (an album's photos) use this, so they
 * upload exactly as the file manager does, in either engine.
 */
export async function uploadAndWait(uploads: Uploads, files: readonly File[], folderId: number): Promise<(StoredFile | null)[]> {
  const before = new Set(uploads.list().map((entry) => entry.id));
  await uploads.enqueue(files, folderId);
  // The queue keeps the order files were given in.
  const mine = uploads
    .list()
    .filter((entry) => !before.has(entry.id))
    .map((entry) => entry.id);
  const stored = new Map<string, StoredFile | null>();
  return new Promise((resolve) => {
    const check = () => {
      const now = new Map(uploads.list().map((entry) => [entry.id, entry]));
      for (const id of mine) {
        const entry = now.get(id);
        // Cleared from the list before we saw it finish: nothing to use.
        if (!entry) stored.set(id, stored.get(id) ?? null);
        else if (FINISHED.has(entry.state)) stored.set(id, entry.state === 'completed' ? entry.file : null);
      }
      if (stored.size < mine.length) return;
      unsubscribe();
      resolve(mine.map((id) => stored.get(id) ?? null));
    };
    const unsubscribe = uploads.subscribe(check);
    check();
  });
}
