/**
 * The upload queue on disk: `<dir>/uploads.json` holding `{ "queue": [...] }` (the file electron-store kept under
 * the same name before, so a queue left by an older version is read as it was). Written whole on each change, to a
 * temporary file renamed over the old one, so a crash mid-write leaves the previous queue, never half of one.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PersistedUpload, QueueStore } from './engine';

export function fileQueueStore(dir: string, name = 'uploads.json'): QueueStore {
  const file = path.join(dir, name);
  return {
    load() {
      try {
        const { queue } = JSON.parse(readFileSync(file, 'utf8')) as { queue?: unknown };
        return Array.isArray(queue) ? (queue as PersistedUpload[]) : [];
      } catch {
        return []; // none yet, or unreadable: start with an empty queue
      }
    },
    save(queue) {
      mkdirSync(dir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ queue }, null, '\t'));
      renameSync(temporary, file);
    },
  };
}
