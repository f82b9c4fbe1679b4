import { describe, expect, it } from 'vitest';
import type { UploadEntry, Uploads } from '../../../platform/uploads';
import { uploadAndWait } from './uploadAndWait';

/** A queue that holds entries until the test finishes them, as the engines report them. */
function fakeQueue(existing: UploadEntry[] = []) {
  let entries = existing;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const entry = (name: string, i: number): UploadEntry => ({ id: `u${i}-${name}`, path: '', name, folderId: 0, state: 'queued', bytesSent: 0, totalBytes: 10, speed: 0, remainingSeconds: null, error: null, file: null });
  const uploads = {
    kind: 'browser',
    async enqueue(files: readonly File[]) {
      entries = [...entries, ...files.map((f, i) => entry(f.name, entries.length + i))];
      emit();
    },
    list: () => entries,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as Uploads;
  const finish = (name: string, state: 'completed' | 'failed') => {
    entries = entries.map((e, i) => (e.name === name ? { ...e, state, file: state === 'completed' ? { id: 100 + i, name, size: 10, folderId: null, url: `/files/k${i}/${name}` } : null } : e));
    emit();
  };
  return { uploads, finish, listeners, clear: () => ((entries = []), emit()) };
}

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('uploadAndWait', () => {
  it('answers each stored file in the order given once all have finished, null for a failed one', async () => {
    const older: UploadEntry = { id: 'old', path: '', name: 'a.png', folderId: 0, state: 'uploading', bytesSent: 0, totalBytes: 1, speed: 0, remainingSeconds: null, error: null, file: null };
    const queue = fakeQueue([older]);
    let answer: unknown = null;
    const waiting = uploadAndWait(queue.uploads, [file('b.png'), file('c.png'), file('d.png')], 0).then((a) => (answer = a));
    await Promise.resolve();
    queue.finish('d.png', 'completed');
    queue.finish('b.png', 'completed');
    await Promise.resolve();
    expect(answer).toBeNull();
    queue.finish('c.png', 'failed');
    await waiting;
    expect((answer as ({ url: string } | null)[]).map((f) => f?.url ?? null)).toEqual(['/files/k1/b.png', null, '/files/k3/d.png']);
    // It stops listening, and never waited for the upload that was there before.
    expect(queue.listeners.size).toBe(0);
  });

  it('does not wait for ever when the list is cleared before it saw the end', async () => {
    const queue = fakeQueue();
    const waiting = uploadAndWait(queue.uploads, [file('e.png')], 0);
    await Promise.resolve();
    queue.clear();
    expect(await waiting).toEqual([null]);
  });
});
