import type { DesktopApi } from '../../shared/ipc/contract';
import { desktopCall } from './desktopCall';
import { uploadListeners, type UploadEntry, type Uploads } from './uploads';

const FINISHED = new Set<UploadEntry['state']>(['completed', 'failed', 'cancelled']);
const fileName = (path: string) => path.split(/[\\/]/).pop() || path;

/**
 * Desktop uploads: main reads the dropped or chosen files from their local paths and sends the chunks
 * (shared/ipc/contract.ts, `uploads.*`), reporting each change as a `progress` event, and it keeps
 * them across a reload or a restart. A file with no local path (dragged from another app's memory)
 * goes through the page's own uploader (`fallback`), so no drop is ever refused for that.
 */
export function createDesktopUploads(desktop: DesktopApi, fallback: Uploads): Uploads {
  let native: UploadEntry[] = [];
  let snapshot: readonly UploadEntry[] = [];
  const listeners = uploadListeners();
  /** Uploads already told as completed (or completed in an earlier run): told once only. */
  const told = new Set<string>();

  const emit = () => {
    snapshot = [...native, ...fallback.list()];
    listeners.changed();
  };
  const upsert = (item: UploadEntry) => {
    const at = native.findIndex((entry) => entry.id === item.id);
    native = at < 0 ? [...native, item] : native.map((entry, i) => (i === at ? item : entry));
    emit();
    if (item.state === 'completed' && !told.has(item.id)) {
      told.add(item.id);
      listeners.completed(item);
    }
  };
  const owns = (id: string) => native.some((entry) => entry.id === id);
  const ignore = () => undefined;

  desktop.uploads.on('progress', upsert);
  fallback.subscribe(emit);
  fallback.onCompleted(listeners.completed);
  void desktop.uploads.list().then((items) => {
    for (const item of items) if (item.state === 'completed') told.add(item.id);
    const known = new Set(native.map((entry) => entry.id));
    native = [...items.filter((item) => !known.has(item.id)), ...native];
    emit();
  }, ignore);

  return {
    kind: 'desktop',
    async enqueue(files, folderId) {
      const withPath: string[] = [];
      const withoutPath: File[] = [];
      for (const file of files) {
        const path = desktop.files.pathForFile(file);
        if (path) withPath.push(path);
        else withoutPath.push(file);
      }
      if (withPath.length) (await desktop.uploads.enqueue({ paths: withPath, folderId })).forEach(upsert);
      if (withoutPath.length) await fallback.enqueue(withoutPath, folderId);
    },
    cancel(id) {
      if (owns(id)) desktop.uploads.cancel({ id }).then(upsert, ignore);
      else fallback.cancel(id);
    },
    pause(id) {
      if (owns(id)) desktop.uploads.pause({ id }).then(upsert, ignore);
      else fallback.pause(id);
    },
    resume(id) {
      if (owns(id)) desktop.uploads.resume({ id }).then(upsert, ignore);
      else fallback.resume(id);
    },
    clearFinished() {
      native = native.filter((entry) => !FINISHED.has(entry.state));
      fallback.clearFinished();
      emit();
      desktop.uploads.clearFinished().catch(ignore);
    },
    list: () => snapshot,
    subscribe: listeners.subscribe,
    onCompleted: listeners.onCompleted,
    async chooseFiles(folderId, { title, accept }) {
      const paths = await desktopCall(() => desktop.files.openDialog({ multiple: true, title }));
      const queued = paths.filter((path) => accept(fileName(path)));
      if (queued.length) (await desktopCall(() => desktop.uploads.enqueue({ paths: queued, folderId }))).forEach(upsert);
      return { queued: queued.length, refused: paths.filter((path) => !accept(fileName(path))).map(fileName) };
    },
  };
}
