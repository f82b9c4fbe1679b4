import { describe, expect, it, vi } from 'vitest';
import { createBrowserUploads, type ChunkAnswer, type ChunkTransport, type TransportError } from './browserUploads';
import type { UploadEntry, Uploads } from './uploads';
import type { UploadedFile } from '../../shared/uploads';

// The browser engine's adapter (the shared scheduler, shared/upload-core.ts, tested once there with fake time,
// with the FormData adapter) against an in-memory stand-in for the chunk endpoints that keeps the contract
// (received list, completion on the last missing chunk, status): the fields it sends, how a transport's failure
// becomes a code, what the console sees. The same engine runs against the real server in
// tests/server/uploads-engines.test.ts (pause, resume, a 503), and end to end in tests/e2e/files.spec.ts.

const CHUNK = 10;

/** jsdom's Blob has no arrayBuffer(); its FileReader does the same. */
const read = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

interface Sent {
  fileId: string;
  chunkIndex: number;
  totalChunks: number;
  totalSize: number;
  folderId: string;
  originalFileName: string;
  bytes: Uint8Array;
}

interface Held {
  total: number;
  chunks: Map<number, Uint8Array>;
  name: string;
  file?: UploadedFile;
}

function fakeServer() {
  const uploads = new Map<string, Held>();
  const sent: Sent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const perFile = new Map<string, number>();
  let maxPerFile = 0;
  /** Hooks a test sets to fail, delay or observe a request. */
  const hooks = {
    before: async (_chunk: Sent, _signal: AbortSignal): Promise<void> => undefined,
    loseAnswerOf: new Set<number>(),
    statusCalls: 0,
  };
  let nextId = 1;

  const state = (fileId: string): ChunkAnswer | null => {
    const upload = uploads.get(fileId);
    if (!upload) return null;
    if (upload.file) return { fileId, complete: true, file: upload.file };
    return { fileId, complete: false, totalChunks: upload.total, received: [...upload.chunks.keys()].sort((a, b) => a - b) };
  };

  const transport: ChunkTransport = {
    async send(form, { signal, onProgress }) {
      const chunk: Sent = {
        fileId: String(form.get('fileId')),
        chunkIndex: Number(form.get('chunkIndex')),
        totalChunks: Number(form.get('totalChunks')),
        totalSize: Number(form.get('totalSize')),
        folderId: String(form.get('folderId')),
        originalFileName: String(form.get('originalFileName')),
        bytes: await read(form.get('file') as Blob),
      };
      sent.push(chunk);
      inFlight += 1;
      perFile.set(chunk.fileId, (perFile.get(chunk.fileId) ?? 0) + 1);
      maxInFlight = Math.max(maxInFlight, inFlight);
      maxPerFile = Math.max(maxPerFile, perFile.get(chunk.fileId)!);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        await hooks.before(chunk, signal);
        if (signal.aborted) throw { message: 'aborted' } satisfies TransportError;
        onProgress(chunk.bytes.length);
        const upload: Held = uploads.get(chunk.fileId) ?? { total: chunk.totalChunks, chunks: new Map(), name: chunk.originalFileName };
        uploads.set(chunk.fileId, upload);
        upload.chunks.set(chunk.chunkIndex, chunk.bytes);
        if (!upload.file && upload.chunks.size === upload.total) {
          const size = [...upload.chunks.values()].reduce((n, b) => n + b.length, 0);
          upload.file = { id: nextId++, name: upload.name, size, folderId: Number(chunk.folderId) || null, url: `/files/x/${upload.name}` };
        }
        if (hooks.loseAnswerOf.has(chunk.chunkIndex)) {
          hooks.loseAnswerOf.delete(chunk.chunkIndex);
          throw { message: 'connection reset' } satisfies TransportError;
        }
        return state(chunk.fileId)!;
      } finally {
        inFlight -= 1;
        perFile.set(chunk.fileId, perFile.get(chunk.fileId)! - 1);
      }
    },
    async status(fileId) {
      hooks.statusCalls += 1;
      return state(fileId);
    },
  };

  const assembled = (fileId: string) => {
    const upload = uploads.get(fileId)!;
    const parts = [...upload.chunks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
    return Uint8Array.from(parts.flatMap((b) => [...b]));
  };

  return { transport, sent, hooks, assembled, maxInFlight: () => maxInFlight, maxPerFile: () => maxPerFile };
}

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256);
const fileOf = (name: string, data: Uint8Array<ArrayBuffer>) => new File([data], name, { type: 'application/octet-stream' });

function engine(server: ReturnType<typeof fakeServer>, extra: Partial<Parameters<typeof createBrowserUploads>[0]> = {}) {
  let id = 0;
  return createBrowserUploads({
    transport: server.transport,
    chunkSize: CHUNK,
    progressIntervalMs: 0,
    sleep: async () => undefined,
    newId: () => `upload-${++id}`,
    random: () => 0.5,
    ...extra,
  });
}

/** Resolves once every upload has left the queue (completed, failed, cancelled or paused). */
function settled(uploads: Uploads): Promise<readonly UploadEntry[]> {
  return new Promise((resolve) => {
    const check = () => {
      const list = uploads.list();
      if (list.length && list.every((e) => e.state !== 'queued' && e.state !== 'uploading')) {
        stop();
        resolve(list);
      }
    };
    const stop = uploads.subscribe(check);
    check();
  });
}

describe('browser uploads', () => {
  it('sends every chunk with the contract fields and completes with the stored file', async () => {
    const server = fakeServer();
    const uploads = engine(server);
    const completed = vi.fn();
    uploads.onCompleted(completed);
    const data = bytes(25);
    await uploads.enqueue([fileOf('Bảng giá.txt', data)], 7);
    const [entry] = await settled(uploads);

    expect(entry).toMatchObject({ state: 'completed', bytesSent: 25, totalBytes: 25, error: null, file: { id: 1, size: 25, folderId: 7 } });
    expect(server.sent.map((c) => c.chunkIndex).sort()).toEqual([0, 1, 2]);
    for (const chunk of server.sent) {
      expect(chunk).toMatchObject({ fileId: 'upload-1', totalChunks: 3, totalSize: 25, folderId: '7', originalFileName: 'Bảng giá.txt' });
    }
    expect(server.assembled('upload-1')).toEqual(data);
    expect(completed).toHaveBeenCalledTimes(1);
    expect(completed.mock.calls[0][0]).toMatchObject({ id: 'upload-1', state: 'completed' });
  });

  it('fails at once with a code, and the server message, when the server refuses', async () => {
    const server = fakeServer();
    server.hooks.before = async () => {
      throw { status: 415, message: 'HTTP 415', body: { code: 415, Message: 'Files of type .exe are not allowed' } } satisfies TransportError;
    };
    const uploads = engine(server, { chunksPerFile: 1 });
    await uploads.enqueue([fileOf('a.txt', bytes(25))], 0);
    const [entry] = await settled(uploads);
    // A code for the console to translate, and the server's Message passed through.
    expect(entry).toMatchObject({ state: 'failed', error: { code: 'type', status: 415, message: 'Files of type .exe are not allowed' }, file: null });
    expect(server.sent).toHaveLength(1);
  });

  it('fails with the code network when nothing answered, after the retries', async () => {
    const server = fakeServer();
    server.hooks.before = async () => {
      throw { message: 'Network Error' } satisfies TransportError;
    };
    const waits: number[] = [];
    const uploads = engine(server, { chunksPerFile: 1, maxRetries: 2, sleep: async (ms) => void waits.push(ms) });
    await uploads.enqueue([fileOf('a.txt', bytes(25))], 0);
    const [entry] = await settled(uploads);
    expect(entry).toMatchObject({ state: 'failed', error: { code: 'network', status: 0, message: null, detail: 'Network Error' } });
    expect(waits).toEqual([1000, 2000]);
  });

  it('clearFinished keeps only what is still going', async () => {
    const server = fakeServer();
    const uploads = engine(server);
    await uploads.enqueue([fileOf('a.txt', bytes(5))], 0);
    await settled(uploads);
    uploads.clearFinished();
    expect(uploads.list()).toEqual([]);
  });
});
