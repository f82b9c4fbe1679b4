import { describe, expect, it, vi } from 'vitest';
import type { DesktopApi, UploadItem } from '../../shared/ipc/contract';
import { createBrowserUploads } from './browserUploads';
import { createDesktopUploads } from './desktopUploads';
import type { Uploads } from './uploads';

// The desktop adapter only routes: files with a local path go to main (window.desktop.uploads), the
// others to the page's own uploader. main's engine is tested under Node in main/uploads.

const item = (id: string, state: UploadItem['state'], extra: Partial<UploadItem> = {}): UploadItem => ({
  id,
  path: `/home/u/${id}.png`,
  name: `${id}.png`,
  folderId: 0,
  state,
  bytesSent: 0,
  totalBytes: 10,
  speed: 0,
  remainingSeconds: null,
  error: null,
  file: null,
  ...extra,
});

function fakeDesktop(initial: UploadItem[] = []) {
  let progress: (item: UploadItem) => void = () => undefined;
  const uploads = {
    enqueue: vi.fn(async ({ paths }: { paths: string[]; folderId: number }) => paths.map((path, i) => item(`n${i}`, 'queued', { path }))),
    list: vi.fn(async () => initial),
    cancel: vi.fn(async ({ id }: { id: string }) => item(id, 'cancelled')),
    pause: vi.fn(async ({ id }: { id: string }) => item(id, 'paused')),
    resume: vi.fn(async ({ id }: { id: string }) => item(id, 'queued')),
    clearFinished: vi.fn(async () => undefined),
    on: (_event: 'progress', listener: (item: UploadItem) => void) => {
      progress = listener;
      return () => undefined;
    },
  };
  const files = { pathForFile: (file: { name: string }) => (file.name.startsWith('memory') ? '' : `/home/u/${file.name}`), openDialog: vi.fn() };
  return { desktop: { uploads, files } as unknown as DesktopApi, uploads, emit: (i: UploadItem) => progress(i) };
}

function fakeFallback(): Uploads & { enqueued: File[] } {
  const enqueued: File[] = [];
  return {
    kind: 'browser',
    enqueued,
    enqueue: vi.fn(async (files: readonly File[]) => void enqueued.push(...files)),
    cancel: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    clearFinished: vi.fn(),
    list: () => [],
    subscribe: () => () => undefined,
    onCompleted: () => () => undefined,
  };
}

describe('desktop uploads', () => {
  it('sends files with a local path to main and the others to the page uploader', async () => {
    const { desktop, uploads } = fakeDesktop();
    const fallback = fakeFallback();
    const engine = createDesktopUploads(desktop, fallback);
    await engine.enqueue([new File(['a'], 'a.png'), new File(['b'], 'memory.png')], 5);
    expect(uploads.enqueue).toHaveBeenCalledWith({ paths: ['/home/u/a.png'], folderId: 5 });
    expect(fallback.enqueued.map((f) => f.name)).toEqual(['memory.png']);
    expect(engine.list().map((e) => e.path)).toEqual(['/home/u/a.png']);
  });

  it('follows main’s progress events and tells each completion once, not those of an earlier run', async () => {
    const { desktop, emit } = fakeDesktop([item('old', 'completed')]);
    const engine = createDesktopUploads(desktop, fakeFallback());
    const completed = vi.fn();
    engine.onCompleted(completed);
    await vi.waitFor(() => expect(engine.list().map((e) => e.id)).toEqual(['old']));
    emit(item('old', 'completed'));
    emit(item('x', 'uploading', { bytesSent: 5 }));
    expect(engine.list().find((e) => e.id === 'x')?.bytesSent).toBe(5);
    emit(item('x', 'completed', { bytesSent: 10 }));
    emit(item('x', 'completed', { bytesSent: 10 }));
    expect(completed.mock.calls.map(([e]) => e.id)).toEqual(['x']);
  });

  it('routes cancel, pause and resume to whoever owns the upload', async () => {
    const { desktop, uploads, emit } = fakeDesktop();
    const fallback = fakeFallback();
    const engine = createDesktopUploads(desktop, fallback);
    emit(item('mine', 'uploading'));
    engine.pause('mine');
    engine.cancel('page-1');
    expect(uploads.pause).toHaveBeenCalledWith({ id: 'mine' });
    expect(fallback.cancel).toHaveBeenCalledWith('page-1');
    await vi.waitFor(() => expect(engine.list()[0].state).toBe('paused'));
  });

  it('chooses files with the native dialog and sends main those the caller accepts; the browser engine has no dialog', async () => {
    const { desktop, uploads } = fakeDesktop();
    vi.mocked(desktop.files.openDialog).mockResolvedValueOnce(['/home/u/a.png', 'C:\\Users\\u\\notes.exe']).mockResolvedValueOnce([]);
    const fallback = fakeFallback();
    const engine = createDesktopUploads(desktop, fallback);
    const answer = await engine.chooseFiles!(7, { title: 'Tải lên', accept: (name) => name.endsWith('.png') });
    expect(desktop.files.openDialog).toHaveBeenCalledWith({ multiple: true, title: 'Tải lên' });
    expect(uploads.enqueue).toHaveBeenCalledWith({ paths: ['/home/u/a.png'], folderId: 7 });
    expect(answer).toEqual({ queued: 1, refused: ['notes.exe'] });
    expect(engine.list().map((e) => e.path)).toEqual(['/home/u/a.png']);
    // Cancelled dialog: nothing queued.
    expect(await engine.chooseFiles!(7, { accept: () => true })).toEqual({ queued: 0, refused: [] });
    expect(uploads.enqueue).toHaveBeenCalledTimes(1);
    expect(createBrowserUploads({ transport: { send: vi.fn(), status: vi.fn() } }).chooseFiles).toBeUndefined();
  });
});
