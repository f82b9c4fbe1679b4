// One suite for both upload engines (the browser's, renderer/platform/browserUploads.ts, and the desktop app's,
// main/uploads/engine.ts, both on the scheduler in shared/upload-core.ts) against the real server, on SQLite and
// PostgreSQL: a whole file byte for byte, pause and resume, a 503 retried, a refusal as a code with the server's
// Message; and the desktop engine restarted mid-file over the same queue directory.
//
// Faults come from a small proxy in front of the real server (what a load balancer in trouble would do): it
// records every call and can answer one itself instead of forwarding it. The server is never faked.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChunkClient } from '../../main/uploads/chunk-client';
import { createUploadEngine, type UploadEngine } from '../../main/uploads/engine';
import { fileQueueStore } from '../../main/uploads/queue-store';
import { createBrowserUploads, type ChunkTransport } from '../../renderer/platform/browserUploads';
import type { UploadItem } from '../../shared/ipc/contract';
import type { Clock } from '../../shared/upload-core';
import { readChunkAnswer, UPLOAD_CHUNK_BYTES } from '../../shared/uploads';
import { describeEachDatabase, type ServerTestContext } from './harness';

const CHUNK = UPLOAD_CHUNK_BYTES;

interface Call {
  method: string;
  path: string;
  fileId?: string;
  chunkIndex?: number;
}

/** An HTTP proxy to the real server that records calls; `fault` may answer a call itself (status and JSON body). */
async function startProxy(target: () => string) {
  const calls: Call[] = [];
  const state = { fault: null as null | ((call: Call) => { status: number; body: unknown } | null) };
  const server = http.createServer((req, res) => {
    const pieces: Buffer[] = [];
    req.on('data', (piece: Buffer) => pieces.push(piece));
    req.on('end', () => {
      const body = Buffer.concat(pieces);
      const head = body.subarray(0, 2000).toString('latin1');
      const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(head)?.[1];
      const call: Call = { method: req.method!, path: req.url!, fileId: field('fileId'), chunkIndex: field('chunkIndex') === undefined ? undefined : Number(field('chunkIndex')) };
      calls.push(call);
      const injected = state.fault?.(call);
      if (injected) {
        res.writeHead(injected.status, { 'content-type': 'application/json' }).end(JSON.stringify(injected.body));
        return;
      }
      const upstream = http.request(new URL(req.url!, target()), { method: req.method, headers: { ...req.headers, host: new URL(target()).host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      // The client went away (an aborted chunk): so does the call upstream.
      res.on('close', () => res.writableFinished || upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    posts: (fileId?: string) => calls.filter((c) => c.method === 'POST' && c.chunkIndex !== undefined && (!fileId || c.fileId === fileId)).map((c) => c.chunkIndex!),
    statusCalls: () => calls.filter((c) => c.method === 'GET' && /\/chunk\/status\//i.test(c.path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Proxy = Awaited<ReturnType<typeof startProxy>>;

/** Real time, 100× shorter, with every backoff the engine asked for recorded. */
function quickClock() {
  const waits: number[] = [];
  const clock: Clock = {
    now: () => Date.now(),
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        waits.push(ms);
        const timer = setTimeout(resolve, ms / 100);
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
      }),
  };
  return { clock, waits };
}

/** What the suite does with an engine, whichever it is. */
interface Driver {
  enqueue(name: string, bytes: Buffer): Promise<string>;
  pause(id: string): void;
  resume(id: string): Promise<void>;
  list(): readonly UploadItem[];
  /** Every item as the engine tells it. */
  onItem(listener: (item: UploadItem) => void): void;
  waits: number[];
}

/** Resolves once nothing is queued or uploading. */
const settled = (driver: Driver) =>
  new Promise<readonly UploadItem[]>((resolve) => {
    const check = () => {
      const list = driver.list();
      if (list.length && list.every((i) => i.state !== 'queued' && i.state !== 'uploading')) resolve(list);
      else setTimeout(check, 10);
    };
    check();
  });

/** The browser engine over fetch (the console sends the same FormData through its axios client). */
function browserDriver(proxy: Proxy, token: () => Promise<string>, language = 'vi-VN'): Driver {
  const { clock, waits } = quickClock();
  const call = async (url: string, init: RequestInit) => {
    const headers = { authorization: `Bearer ${await token()}`, 'X-Interface-Language': language };
    const response = await fetch(url, { ...init, headers }).catch((error: Error) => {
      if (init.signal?.aborted) throw error;
      throw { message: error.message };
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw { status: response.status, message: `HTTP ${response.status}`, body };
    return body;
  };
  const transport: ChunkTransport = {
    send: async (form, { signal }) => readChunkAnswer(await call(`${proxy.url}/api/chunk/upload`, { method: 'POST', body: form, signal })),
    async status(fileId, signal) {
      try {
        return readChunkAnswer(await call(`${proxy.url}/api/chunk/status/${fileId}`, { signal }));
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  };
  const uploads = createBrowserUploads({ transport, chunksPerFile: 1, progressIntervalMs: 0, now: clock.now, sleep: clock.sleep });
  return {
    async enqueue(name, bytes) {
      const before = new Set(uploads.list().map((i) => i.id));
      await uploads.enqueue([new File([bytes], name)], 0);
      return uploads.list().find((i) => !before.has(i.id))!.id;
    },
    pause: (id) => uploads.pause(id),
    resume: async (id) => uploads.resume(id),
    list: () => uploads.list(),
    onItem: (listener) => void uploads.subscribe(() => uploads.list().forEach(listener)),
    waits,
  };
}

/** The desktop engine: files on disk, node:http, the queue in `queueDir`. */
function desktopDriver(proxy: Proxy, token: () => Promise<string>, dirs: { files: string; queue: string }, language = 'vi-VN') {
  const { clock, waits } = quickClock();
  const listeners: ((item: UploadItem) => void)[] = [];
  const engine: UploadEngine = createUploadEngine({
    client: createChunkClient({ apiBase: () => `${proxy.url}/api`, language: () => language }),
    getAccessToken: token,
    store: fileQueueStore(dirs.queue),
    onProgress: (item) => listeners.forEach((listener) => listener(item)),
    chunksPerFile: 1,
    clock,
  });
  const driver: Driver = {
    async enqueue(name, bytes) {
      const file = path.join(dirs.files, name);
      await writeFile(file, bytes);
      const [item] = await engine.enqueue([file], 0);
      return item.id;
    },
    pause: (id) => void engine.pause(id),
    resume: async (id) => void (await engine.resume(id)),
    list: () => engine.list(),
    onItem: (listener) => void listeners.push(listener),
    waits,
  };
  return { driver, engine };
}

/** A PDF-looking file (the server checks names and magic bytes). */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

async function download(ctx: ServerTestContext, item: UploadItem) {
  expect(item.file).not.toBeNull();
  const response = await fetch(new URL(item.file!.url, ctx.baseUrl));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Run `action` once, from the engine's own event, when the upload has sent its first chunk. */
function afterFirstChunk(driver: Driver, action: (item: UploadItem) => void) {
  let done = false;
  driver.onItem((item) => {
    if (!done && item.state === 'uploading' && item.bytesSent > 0) {
      done = true;
      action(item);
    }
  });
}

describeEachDatabase('one upload suite for both engines', (ctx) => {
  let proxy: Proxy;
  let dir: string;
  let token: () => Promise<string>;
  beforeAll(async () => {
    proxy = await startProxy(() => ctx.baseUrl);
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitedesk-engines-'));
    const access = (await ctx.signIn()).access_token;
    token = async () => access;
  });
  afterAll(async () => {
    await proxy?.close();
    await rm(dir, { recursive: true, force: true });
  });

  let n = 0;
  const engines = {
    browser: (language?: string) => browserDriver(proxy, token, language),
    desktop: (language?: string) => desktopDriver(proxy, token, { files: dir, queue: path.join(dir, `queue-${++n}`) }, language).driver,
  };

  for (const kind of ['browser', 'desktop'] as const) {
    describe(kind, () => {
      it('sends a file of several chunks; the stored file is identical byte for byte', async () => {
        const driver = engines[kind]();
        const bytes = pdf(2 * CHUNK + 4321);
        const id = await driver.enqueue(`whole-${kind}.pdf`, bytes);
        const [item] = await settled(driver);
        expect(item).toMatchObject({ id, state: 'completed', bytesSent: bytes.length, totalBytes: bytes.length, remainingSeconds: 0, error: null });
        expect((await download(ctx, item)).equals(bytes)).toBe(true);
      });

      it('pauses after a chunk and resumes with only the chunks the server lacks', async () => {
        const driver = engines[kind]();
        const bytes = pdf(2 * CHUNK + 77);
        afterFirstChunk(driver, (item) => driver.pause(item.id));
        const id = await driver.enqueue(`paused-${kind}.pdf`, bytes);
        let [item] = await settled(driver);
        expect(item).toMatchObject({ state: 'paused', bytesSent: CHUNK, speed: 0, remainingSeconds: null });
        const fileId = proxy.calls.findLast((c) => c.fileId)!.fileId!;
        expect(proxy.posts(fileId)).toEqual([0]);
        const held = await ctx.authed('GET', `/api/chunk/status/${fileId}`);
        expect(held.body.data).toMatchObject({ complete: false, received: [0] });

        const statusBefore = proxy.statusCalls().length;
        await driver.resume(id);
        [item] = await settled(driver);
        expect(item.state).toBe('completed');
        expect(proxy.statusCalls().length).toBe(statusBefore + 1); // asked what the server holds
        expect(proxy.posts(fileId)).toEqual([0, 1, 2]); // chunk 0 never sent twice
        expect((await download(ctx, item)).equals(bytes)).toBe(true);
      });

      it('sends a chunk again after a 503, after the shared backoff, and completes', async () => {
        const driver = engines[kind]();
        const bytes = pdf(CHUNK + 500);
        let refused = 0;
        proxy.state.fault = (call) => (call.chunkIndex === 1 && refused++ < 2 ? { status: 503, body: { code: 503, Message: 'busy' } } : null);
        try {
          await driver.enqueue(`busy-${kind}.pdf`, bytes);
          const [item] = await settled(driver);
          expect(item.state).toBe('completed');
          const fileId = proxy.calls.findLast((c) => c.fileId)!.fileId!;
          expect(proxy.posts(fileId)).toEqual([0, 1, 1, 1]);
          // 1 s then 2 s, ±25 %.
          expect(driver.waits).toHaveLength(2);
          expect(driver.waits[0]).toBeGreaterThanOrEqual(750);
          expect(driver.waits[0]).toBeLessThanOrEqual(1250);
          expect(driver.waits[1]).toBeGreaterThanOrEqual(1500);
          expect(driver.waits[1]).toBeLessThanOrEqual(2500);
          expect((await download(ctx, item)).equals(bytes)).toBe(true);
        } finally {
          proxy.state.fault = null;
        }
      });

      it('fails a refusal at once with its code and the server Message in the interface language', async () => {
        const driver = engines[kind]('en-US');
        // A .pdf that is text: the server checks chunk 0's content and refuses with 415.
        const id = await driver.enqueue(`fake-${kind}.pdf`, Buffer.from('not a pdf at all'.repeat(100)));
        const [item] = await settled(driver);
        expect(item).toMatchObject({ id, state: 'failed', file: null, error: { code: 'type', status: 415, message: expect.stringContaining(`The content of "fake-${kind}.pdf"`) } });
        expect(driver.waits).toEqual([]);
      });
    });
  }

  it('desktop: a new engine over the same queue directory finishes a file left mid-way, byte for byte', async () => {
    const dirs = { files: dir, queue: path.join(dir, 'queue-restart') };
    const bytes = pdf(3 * CHUNK + 999);
    const first = desktopDriver(proxy, token, dirs);
    let closing: Promise<void> | undefined;
    afterFirstChunk(first.driver, () => (closing = first.engine.shutdown()));
    const id = await first.driver.enqueue('restart.pdf', bytes);
    while (!closing) await new Promise((resolve) => setTimeout(resolve, 10));
    await closing;
    const fileId = proxy.calls.findLast((c) => c.fileId)!.fileId!;
    expect(proxy.posts(fileId)).toEqual([0]);
    const kept = JSON.parse(await readFile(path.join(dirs.queue, 'uploads.json'), 'utf8')) as { queue: unknown[] };
    expect(kept.queue).toEqual([expect.objectContaining({ id, fileId, state: 'uploading', started: true })]);

    // The app starts again: a new engine, the same queue directory.
    const second = desktopDriver(proxy, token, dirs);
    expect(second.engine.list()).toEqual([expect.objectContaining({ id, state: 'paused', bytesSent: 0 })]);
    await second.engine.resume(id);
    await second.engine.whenIdle();
    const [item] = second.engine.list();
    expect(item).toMatchObject({ id, state: 'completed', bytesSent: bytes.length });
    expect(proxy.posts(fileId)).toEqual([0, 1, 2, 3]); // the rest only
    expect((await download(ctx, item)).equals(bytes)).toBe(true);
    expect(JSON.parse(await readFile(path.join(dirs.queue, 'uploads.json'), 'utf8')).queue[0].state).toBe('completed');
  });
});
