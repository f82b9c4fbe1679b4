// The native upload engine against the real file-manager server (server/app.ts: POST /api/chunk/upload,
// GET /api/chunk/status/{fileId}), real files on disk, the real session. Faults are injected by
// wrapping fetch, never by faking the server. What is the desktop's own: files on disk (changed, missing),
// chunks in flight, the token refresh, node:http. Pause, resume, a 503 and a restart over the same queue
// directory run for both engines in tests/server/uploads-engines.test.ts.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../../main/auth/session';
import { memorySecretStore } from '../../../main/secrets/secret-store';
import { profileForServer } from '../../../main/preferences';
import { CHUNK_SIZE, createChunkClient } from '../../../main/uploads/chunk-client';
import { createUploadEngine, type PersistedUpload, type UploadEngineDeps } from '../../../main/uploads/engine';
import { fileQueueStore } from '../../../main/uploads/queue-store';
import { UploadFailure } from '../../../shared/uploads';
import { realClock, type Clock } from '../../../shared/upload-core';
import { uploadItemSchema, type UploadItem } from '../../../shared/ipc/contract';
import { decodeDesktopError } from '../../../shared/ipc/errors';
import { startRealServer, type RealServer } from './real-server';

let server: RealServer;
let session: Session;
let dir: string;

beforeAll(async () => {
  server = await startRealServer();
  session = createSession({ secrets: memorySecretStore(), profile: () => profileForServer('local', server.url) });
  await session.signIn('admin', 'Admin@123');
}, 60_000);
afterAll(() => server?.close());
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitedesk-uploads-'));
  return () => rm(dir, { recursive: true, force: true });
});

/** A PDF-looking file of `size` random bytes (the server checks names and magic bytes). */
async function pdfFile(name: string, size: number): Promise<{ path: string; bytes: Buffer }> {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, size - 9))]).subarray(0, size);
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { path: file, bytes };
}

interface Recorded {
  method: string;
  url: string;
  chunkIndex?: number;
  fileId?: string;
}

/** The engine wired to the real server, with every HTTP call recorded and an optional fault hook. */
function setup({
  queue,
  fault,
  ...overrides
}: { queue?: { data: PersistedUpload[] }; fault?: (call: Recorded, n: number) => Response | Error | null } & Partial<UploadEngineDeps> = {}) {
  const calls: Recorded[] = [];
  const events: UploadItem[] = [];
  const listeners: Array<(item: UploadItem) => void> = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const form = init?.body instanceof FormData ? init.body : null;
    const call: Recorded = {
      method: init?.method ?? 'GET',
      url: String(input),
      chunkIndex: form ? Number(form.get('chunkIndex')) : undefined,
      fileId: form ? String(form.get('fileId')) : undefined,
    };
    calls.push(call);
    const injected = fault?.(call, calls.length);
    if (injected instanceof Error) throw injected;
    if (injected) return injected;
    return fetch(input, init);
  };
  const store = queue ?? { data: [] as PersistedUpload[] };
  const engine = createUploadEngine({
    client: createChunkClient({ apiBase: () => `${server.url}/api`, fetch: recordingFetch }),
    getAccessToken: (force) => session.getAccessToken(force),
    store: { load: () => structuredClone(store.data), save: (uploads) => (store.data = structuredClone(uploads)) },
    onProgress: (item) => {
      events.push(item);
      listeners.forEach((l) => l(item));
    },
    retryDelayMs: 5,
    // The tests of order (pause between chunks, retries, a change mid-way) send one chunk at a time; the test of
    // chunks in flight below sets its own number.
    chunksPerFile: 1,
    ...overrides,
  });
  const posts = (fileId?: string) => calls.filter((c) => c.method === 'POST' && (!fileId || c.fileId === fileId)).map((c) => c.chunkIndex);
  /** Run `action` once, synchronously, when the upload has sent its first chunk. */
  const afterFirstChunk = (action: (item: UploadItem) => void) => {
    let done = false;
    listeners.push((item) => {
      if (!done && item.state === 'uploading' && item.bytesSent > 0) {
        done = true;
        action(item);
      }
    });
  };
  return { engine, calls, events, posts, afterFirstChunk, store };
}

const download = async (item: UploadItem) => {
  expect(item.file).not.toBeNull();
  const response = await fetch(new URL(item.file!.url, server.url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

describe('upload engine against the real server', () => {
  it('sends a multi-chunk file in 2,000,000-byte chunks; the stored file is identical byte for byte', async () => {
    const big = await pdfFile('report.pdf', 2 * CHUNK_SIZE + 123);
    const small = await pdfFile('note.pdf', 10);
    // A clock that moves 250 ms at every reading: a local upload can finish within the 100 ms the speed needs between
    // two samples, and what is checked is that the speed and time left are told, not how fast this machine is.
    let at = Date.now();
    const clock: Clock = { now: () => (at += 250), sleep: realClock.sleep };
    const { engine, events, posts } = setup({ clock });
    const [queued, queuedSmall] = await engine.enqueue([big.path, small.path], 0);
    expect(queued).toMatchObject({ name: 'report.pdf', totalBytes: big.bytes.length, folderId: 0 });
    await engine.whenIdle();

    const [done, doneSmall] = engine.list();
    expect(done).toMatchObject({ id: queued.id, state: 'completed', bytesSent: big.bytes.length, error: null });
    expect(doneSmall).toMatchObject({ id: queuedSmall.id, state: 'completed' });
    expect(done.file).toMatchObject({ name: 'report.pdf', size: big.bytes.length, folderId: null });
    // What the renderer receives passes the contract (the IPC wrapper and event sender parse it).
    expect(uploadItemSchema.parse(done)).toEqual({ ...done, file: { id: done.file!.id, name: 'report.pdf', size: big.bytes.length, folderId: null, url: done.file!.url } });
    for (const event of events) uploadItemSchema.parse(event);
    expect((await download(done)).equals(big.bytes)).toBe(true);
    expect((await download(doneSmall)).equals(small.bytes)).toBe(true);

    const mine = events.filter((e) => e.id === queued.id);
    const sent = mine.map((e) => e.bytesSent);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(new Set(sent)).toEqual(new Set([0, CHUNK_SIZE, 2 * CHUNK_SIZE, big.bytes.length]));
    expect(mine.at(-1)).toMatchObject({ state: 'completed', remainingSeconds: 0 });
    expect(mine.some((e) => e.state === 'uploading' && e.speed > 0 && e.remainingSeconds !== null)).toBe(true);
    expect(posts().length).toBe(4);
  });

  it('keeps several chunks of one file in flight (chunksPerFile), never more, and the file arrives whole', async () => {
    const big = await pdfFile('video.pdf', 7 * CHUNK_SIZE + 5);
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      const chunk = init?.body instanceof FormData;
      if (chunk) most = Math.max(most, ++inFlight);
      try {
        return await fetch(input, init);
      } finally {
        if (chunk) inFlight--;
      }
    };
    const { engine, afterFirstChunk } = setup({ client: createChunkClient({ apiBase: () => `${server.url}/api`, fetch: counting }), chunksPerFile: 3 });
    // Paused while chunks are in flight, then resumed: the server's status decides what is sent again.
    let paused = false;
    afterFirstChunk((item) => {
      engine.pause(item.id);
      paused = true;
    });
    const [queued] = await engine.enqueue([big.path], 0);
    await engine.whenIdle();
    expect(paused).toBe(true);
    expect(engine.list()[0].state).toBe('paused');
    await engine.resume(queued.id);
    await engine.whenIdle();
    const [done] = engine.list();
    expect(done).toMatchObject({ state: 'completed', bytesSent: big.bytes.length });
    expect(most).toBe(3);
    expect((await download(done)).equals(big.bytes)).toBe(true);
  });

  it('sends at most two files at once', async () => {
    const files = await Promise.all([1, 2, 3, 4].map((i) => pdfFile(`f${i}.pdf`, CHUNK_SIZE + 1000)));
    const { engine, events } = setup();
    const latest = new Map<string, string>();
    let most = 0;
    const items = await engine.enqueue(files.map((f) => f.path), 0);
    await engine.whenIdle();
    for (const e of events) {
      latest.set(e.id, e.state);
      most = Math.max(most, [...latest.values()].filter((s) => s === 'uploading').length);
    }
    expect(most).toBe(2);
    expect(engine.list().map((i) => i.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(engine.list().map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('cancels: nothing more is sent and the upload cannot be resumed', async () => {
    const file = await pdfFile('cancelled.pdf', 3 * CHUNK_SIZE);
    const { engine, posts, afterFirstChunk } = setup();
    afterFirstChunk((item) => engine.cancel(item.id));
    const [item] = await engine.enqueue([file.path], 0);
    await engine.whenIdle();
    await settle();
    expect(engine.list()[0]).toMatchObject({ state: 'cancelled', file: null });
    expect(posts().length).toBeLessThanOrEqual(2);
    const error = await engine.resume(item.id).catch((e: unknown) => e);
    expect(decodeDesktopError(error).code).toBe('conflict');
    expect(engine.cancel(item.id).state).toBe('cancelled');
    engine.clearFinished();
    expect(engine.list()).toEqual([]);
  });

  it('sends a file changed while paused afresh (new fileId) on resume', async () => {
    const file = await pdfFile('changing.pdf', 2 * CHUNK_SIZE + 1);
    const { engine, calls, posts, afterFirstChunk } = setup();
    afterFirstChunk((item) => {
      engine.pause(item.id);
      appendFileSync(file.path, Buffer.from('more bytes'));
    });
    const [item] = await engine.enqueue([file.path], 0);
    await engine.whenIdle();
    const firstFileId = calls[0].fileId;
    const resumed = await engine.resume(item.id);
    expect(resumed).toMatchObject({ state: 'uploading', bytesSent: 0, totalBytes: 2 * CHUNK_SIZE + 1 + 10 });
    await engine.whenIdle();
    const done = engine.list()[0];
    expect(done.state).toBe('completed');
    expect((await download(done)).equals(await readFile(file.path))).toBe(true);
    const secondFileId = calls.at(-1)!.fileId;
    expect(secondFileId).not.toBe(firstFileId);
    expect(posts(secondFileId).sort()).toEqual([0, 1, 2]);
    expect(posts().length).toBeGreaterThanOrEqual(4);
  });

  it('fails with a clear message when the file changes while it is being sent', async () => {
    const file = await pdfFile('edited.pdf', 3 * CHUNK_SIZE);
    const { engine, posts, afterFirstChunk } = setup();
    // An editor saves the file between two chunks.
    afterFirstChunk(() => appendFileSync(file.path, 'x'));
    await engine.enqueue([file.path], 0);
    await engine.whenIdle();
    expect(posts()).toEqual([0]);
    expect(engine.list()[0]).toMatchObject({ state: 'failed', error: { code: 'changed', message: null }, file: null });
  });

  it('refuses what cannot be sent before sending anything', async () => {
    const missing = path.join(dir, 'missing.pdf');
    await mkdir(path.join(dir, 'folder.pdf'));
    const big = await pdfFile('big.pdf', 1000);
    const { engine, calls } = setup({ maxFileSize: 999 });
    const items = await engine.enqueue([missing, path.join(dir, 'folder.pdf'), big.path], 0);
    expect(items.map((i) => [i.state, i.error])).toEqual([
      ['failed', { code: 'missing', message: null }],
      ['failed', { code: 'notAFile', message: null }],
      ['failed', { code: 'tooLarge', message: null, limit: 999 }],
    ]);
    await engine.whenIdle();
    expect(calls).toEqual([]);
  });

  it('reports the server refusal (a type it does not accept) without retrying', async () => {
    const file = path.join(dir, 'tool.exe');
    await writeFile(file, randomBytes(1000));
    const { engine, posts } = setup();
    await engine.enqueue([file], 0);
    await engine.whenIdle();
    const [item] = engine.list();
    expect(item.state).toBe('failed');
    expect(item.error).toMatchObject({ code: 'type', status: 415, message: expect.stringMatching(/exe/i) });
    expect(posts()).toHaveLength(1);
  });

  it('retries network failures and server errors, and refreshes the token once on 401', async () => {
    const file = await pdfFile('flaky.pdf', CHUNK_SIZE + 10);
    const { engine, posts } = setup({
      fault: (call, n) => {
        if (call.method !== 'POST') return null;
        if (n === 1) return new TypeError('fetch failed');
        if (n === 2) return new Response(JSON.stringify({ code: 503, Message: 'busy' }), { status: 503 });
        if (n === 3) return new Response(JSON.stringify({ code: 401, Message: 'Unauthorized' }), { status: 401 });
        return null;
      },
    });
    await engine.enqueue([file.path], 0);
    await engine.whenIdle();
    const [item] = engine.list();
    expect(item.state).toBe('completed');
    expect(posts()).toEqual([0, 0, 0, 0, 1]);
    expect((await download(item)).equals(file.bytes)).toBe(true);
  });

  it('gives up after the last attempt with the reason', async () => {
    const file = await pdfFile('down.pdf', 100);
    const { engine, posts } = setup({ retries: 2, fault: () => new TypeError('connect ECONNREFUSED') });
    await engine.enqueue([file.path], 0);
    await engine.whenIdle();
    expect(engine.list()[0]).toMatchObject({ state: 'failed', error: { code: 'network', message: null, detail: expect.stringContaining('ECONNREFUSED') } });
    expect(posts()).toHaveLength(3);
  });

  it('answers not_found and conflict for ids and states it cannot act on', async () => {
    const { engine } = setup();
    expect(decodeDesktopError(await Promise.resolve().then(() => engine.pause('nope')).catch((e: unknown) => e)).code).toBe('not_found');
    const file = await pdfFile('tiny.pdf', 20);
    const [item] = await engine.enqueue([file.path], 0);
    await engine.whenIdle();
    expect(decodeDesktopError(await Promise.resolve().then(() => engine.pause(item.id)).catch((e: unknown) => e)).code).toBe('conflict');
  });
});

describe('the queue on disk', () => {
  it('reads the queue an older version left in <userData>/uploads.json: unfinished ones paused, old words kept as the message', async () => {
    const old = { id: 'old-1', fileId: 'f-old-1', path: path.join(dir, 'gone.pdf'), name: 'gone.pdf', folderId: 0, size: 10, mtimeMs: 1, started: true, file: null, createdAt: 1 };
    await writeFile(
      path.join(dir, 'uploads.json'),
      JSON.stringify({
        queue: [
          { ...old, state: 'failed', error: 'Không tìm thấy tệp trên đĩa.' },
          { ...old, id: 'old-2', fileId: 'f-old-2', state: 'uploading', error: null, createdAt: 2 },
        ],
      }),
    );
    const store = fileQueueStore(dir);
    const engine = createUploadEngine({ client: createChunkClient({ apiBase: () => `${server.url}/api` }), getAccessToken: () => session.getAccessToken(), store, onProgress: () => {} });
    expect(engine.list().map((i) => [i.id, i.state, i.error])).toEqual([
      ['old-1', 'failed', { code: 'unknown', message: 'Không tìm thấy tệp trên đĩa.' }],
      ['old-2', 'paused', null],
    ]);
    for (const item of engine.list()) uploadItemSchema.parse(item);
    // Resumed, the file is gone: it fails with the code, and the queue file says so.
    await engine.resume('old-2');
    await engine.whenIdle();
    expect(engine.list()[1]).toMatchObject({ state: 'failed', error: { code: 'missing', message: null } });
    expect(store.load()[1]).toMatchObject({ id: 'old-2', state: 'failed', error: { code: 'missing' } });
  });
});

describe('the chunk client over node:http (what the app uses: no fetch injected)', () => {
  const client = () => createChunkClient({ apiBase: () => `${server.url}/api` });

  it('sends a file through the engine; the stored file is identical byte for byte, its name intact', async () => {
    const file = await pdfFile('báo "cáo" tháng 5.pdf', 2 * CHUNK_SIZE + 321);
    const engine = createUploadEngine({
      client: client(),
      getAccessToken: (force) => session.getAccessToken(force),
      store: { load: () => [], save: () => {} },
      onProgress: () => {},
      retryDelayMs: 5,
    });
    await engine.enqueue([file.path], 0);
    await engine.whenIdle();
    const [done] = engine.list();
    expect(done).toMatchObject({ state: 'completed', bytesSent: file.bytes.length, error: null });
    expect(done.file).toMatchObject({ name: 'báo cáo tháng 5.pdf', size: file.bytes.length });
    expect((await download(done)).equals(file.bytes)).toBe(true);
  });

  it('answers status, refusals with the server Message, 401, an unreachable server and an abort', async () => {
    const token = await session.getAccessToken();
    const chunks = client();
    expect(await chunks.status('nothing-here', token)).toBeNull();
    const part = { folderId: 0, fileId: `c-${Date.now()}`, chunkIndex: 0, totalChunks: 1, originalFileName: 'tool.exe', totalSize: 4, bytes: new Uint8Array([1, 2, 3, 4]) };
    const refused = await chunks.sendChunk(part, token).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UploadFailure);
    expect(refused).toMatchObject({ status: 415, retryable: false, info: { code: 'type', message: expect.stringContaining('.exe') } });
    expect(await chunks.sendChunk({ ...part, originalFileName: 'a.pdf' }, 'not-a-token').catch((e: unknown) => e)).toMatchObject({ status: 401 });

    const closed = createChunkClient({ apiBase: () => 'http://127.0.0.1:9/api' });
    const down = await closed.status('x', token).catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 0, retryable: true, info: { code: 'network', message: null } });

    const controller = new AbortController();
    const big = { ...part, originalFileName: 'big.pdf', totalSize: CHUNK_SIZE, bytes: new Uint8Array(CHUNK_SIZE) };
    const sending = chunks.sendChunk(big, token, controller.signal).catch((e: unknown) => e);
    controller.abort();
    expect(await sending).toMatchObject({ name: 'AbortError' });
  });
});
