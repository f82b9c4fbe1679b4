// The scheduler's rules with fake time and a fixed randomness: backoff (capped, jittered, only on retryable
// failures), the one speed window, chunks and files in flight, pause/resume/cancel, the queue kept and restored.
// The adapter here is an in-memory stand-in that keeps the chunk contract (received list, completion on the
// last missing chunk); both real engines run against the real server in tests/server/uploads-engines.test.ts.
import { describe, expect, it } from 'vitest';
import type { UploadItem } from './ipc/contract';
import { createUploadScheduler, type Clock, type UploadAdapter, type UploadEvent, type UploadRecord } from './upload-core';
import { httpFailure, SPEED_WINDOW_MS, type ChunkStatus } from './uploads';

const CHUNK = 10;

interface Rec extends UploadRecord {
  bytes: Uint8Array;
}

function fakeClock() {
  let t = 0;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => t,
    async sleep(ms, signal) {
      sleeps.push(ms);
      t += ms;
      if (signal.aborted) throw signal.reason;
    },
  };
  return { clock, sleeps, advance: (ms: number) => void (t += ms), now: () => t };
}

/** An in-memory chunk server; `before` may fail, delay or observe a request. */
function fakeServer(time: ReturnType<typeof fakeClock>) {
  const held = new Map<string, { total: number; chunks: Map<number, Uint8Array>; done: boolean }>();
  const sent: { fileId: string; index: number }[] = [];
  const hooks = {
    before: async (_index: number, _signal: AbortSignal): Promise<void> => undefined,
    /** Ms of fake time each chunk takes. */
    chunkMs: (_index: number) => 0,
    /** Chunks the server "loses" once (a restart of its machine before the bytes reached the disk). */
    forget: new Set<number>(),
    statusCalls: 0,
  };
  let inFlight = 0;
  let most = 0;
  const answer = (fileId: string): ChunkStatus | null => {
    const upload = held.get(fileId);
    if (!upload) return null;
    if (upload.done) return { fileId, complete: true, file: { id: 1, name: 'f', size: 0, folderId: null, url: `/files/${fileId}` } };
    return { fileId, complete: false, totalChunks: upload.total, received: [...upload.chunks.keys()].sort((a, b) => a - b) };
  };
  const adapter: UploadAdapter<Rec, Uint8Array> = {
    open: async (record) => ({ read: async ({ start, end }) => record.bytes.slice(start, end) }),
    async send(part, { signal, onProgress }) {
      sent.push({ fileId: part.fileId, index: part.chunkIndex });
      most = Math.max(most, ++inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        await hooks.before(part.chunkIndex, signal);
        if (signal.aborted) throw signal.reason;
        time.advance(hooks.chunkMs(part.chunkIndex));
        onProgress(part.bytes.length);
        const upload = held.get(part.fileId) ?? { total: part.totalChunks, chunks: new Map(), done: false };
        held.set(part.fileId, upload);
        if (hooks.forget.delete(part.chunkIndex)) return { fileId: part.fileId, complete: false, totalChunks: upload.total, received: [] };
        upload.chunks.set(part.chunkIndex, part.bytes);
        if (upload.chunks.size === upload.total) upload.done = true;
        return answer(part.fileId)!;
      } finally {
        inFlight--;
      }
    },
    async status(fileId) {
      hooks.statusCalls++;
      return answer(fileId);
    },
  };
  return { adapter, sent, hooks, held, most: () => most };
}

const record = (id: string, size: number, extra: Partial<Rec> = {}): Rec => ({
  id,
  fileId: `f-${id}`,
  name: `${id}.pdf`,
  path: '',
  folderId: 0,
  size,
  state: 'queued',
  started: false,
  error: null,
  file: null,
  createdAt: 0,
  bytes: Uint8Array.from({ length: size }, (_, i) => i % 256),
  ...extra,
});

function setup(options: Parameters<typeof createUploadScheduler<Rec, Uint8Array>>[1] = {}) {
  const time = fakeClock();
  const server = fakeServer(time);
  const events: UploadEvent[] = [];
  const kept: Rec[][] = [];
  const scheduler = createUploadScheduler(server.adapter, {
    chunkSize: CHUNK,
    chunksPerFile: 1,
    clock: time.clock,
    random: () => 0.5,
    persist: (records) => kept.push(structuredClone(records)),
    ...options,
  });
  scheduler.subscribe((event) => events.push(event));
  const items = (id: string) => events.filter((e) => e.type === 'progress' || e.type === 'state').map((e) => e.item).filter((i: UploadItem) => i.id === id);
  return { time, server, scheduler, events, kept, items };
}

const busy = (status = 503) => httpFailure(status, { code: status, Message: `HTTP ${status}` });

describe('retries', () => {
  it('waits longer each time, jittered, never over the cap (jitter included)', async () => {
    for (const [random, expected] of [
      [0, [750, 1500, 3000, 6000, 12_000, 22_500, 22_500]],
      [1, [1250, 2500, 5000, 10_000, 20_000, 30_000, 30_000]],
      [0.5, [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]],
    ] as const) {
      const { scheduler, server, time } = setup({ retries: 7, random: () => random });
      let failures = 7;
      server.hooks.before = async () => {
        if (failures-- > 0) throw busy();
      };
      scheduler.add([record('a', 5)]);
      await scheduler.whenIdle();
      expect(scheduler.get('a')!.state).toBe('completed');
      expect(time.sleeps).toEqual(expected);
    }
  });

  it('retries what isRetryable says (no answer, 408, 429, 500, 502, 503, 504) and nothing else', async () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) {
      const { scheduler, server, time } = setup();
      let failed = false;
      server.hooks.before = async () => {
        if (!failed) {
          failed = true;
          throw httpFailure(status);
        }
      };
      scheduler.add([record('a', 5)]);
      await scheduler.whenIdle();
      expect([status, scheduler.get('a')!.state, time.sleeps.length]).toEqual([status, 'completed', 1]);
    }
    for (const [status, code] of [
      [400, 'refused'],
      [401, 'unauthorized'],
      [404, 'refused'],
      [409, 'refused'],
      [413, 'tooLarge'],
      [415, 'type'],
      [501, 'server'],
      [507, 'diskFull'],
    ] as const) {
      const { scheduler, server, time } = setup();
      server.hooks.before = async () => {
        throw httpFailure(status, { Message: `refused with ${status}` });
      };
      scheduler.add([record('a', 25)]);
      await scheduler.whenIdle();
      expect(scheduler.get('a')!).toMatchObject({ state: 'failed', error: { code, status, message: `refused with ${status}` } });
      expect([status, time.sleeps.length, server.sent.length]).toEqual([status, 0, 1]);
    }
  });

  it('gives up after the last retry with the code of the last failure, and tells each retry', async () => {
    const { scheduler, server, events } = setup({ retries: 3 });
    server.hooks.before = async () => {
      throw httpFailure(undefined, undefined, 'ECONNREFUSED');
    };
    scheduler.add([record('a', 5)]);
    await scheduler.whenIdle();
    expect(scheduler.get('a')).toMatchObject({ state: 'failed', error: { code: 'network', message: null, detail: 'ECONNREFUSED' } });
    expect(server.sent).toHaveLength(4);
    expect(events.filter((e) => e.type === 'retry').map((e) => e.type === 'retry' && e.attempt)).toEqual([1, 2, 3]);
    expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
  });

  it('counts a thrown non-UploadFailure as unknown and does not retry it', async () => {
    const { scheduler, server, time } = setup();
    server.hooks.before = async () => {
      throw new Error('a bug');
    };
    scheduler.add([record('a', 5)]);
    await scheduler.whenIdle();
    expect(scheduler.get('a')).toMatchObject({ state: 'failed', error: { code: 'unknown', detail: 'a bug' } });
    expect(time.sleeps).toEqual([]);
  });
});

describe('speed and time left', () => {
  it(`are measured over one ${SPEED_WINDOW_MS / 1000} s window: a fast start is forgotten once it leaves it`, async () => {
    const { scheduler, server, items } = setup();
    // Five chunks at 100 bytes/s… then the network slows to 10 bytes/s.
    server.hooks.chunkMs = (index) => (index < 5 ? 100 : 1000);
    scheduler.add([record('a', 200)]);
    await scheduler.whenIdle();
    const uploading = items('a').filter((i) => i.state === 'uploading' && i.bytesSent > 0);
    const at = (bytes: number) => uploading.find((i) => i.bytesSent === bytes)!;
    expect(at(50).speed).toBeCloseTo(100, 5); // 50 bytes in 0.5 s
    // 80 bytes at 3.5 s: the whole transfer is inside the window.
    expect(at(80).speed).toBeCloseTo(80 / 3.5, 5);
    // 100 bytes at 5.5 s: the window's left edge is 0.5 s, the fast start has left it: 10 bytes/s exactly.
    expect(at(100)).toMatchObject({ speed: 10, remainingSeconds: 10 });
    expect(at(150)).toMatchObject({ speed: 10, remainingSeconds: 5 });
    expect(items('a').at(-1)).toMatchObject({ state: 'completed', speed: 0, remainingSeconds: 0, bytesSent: 200 });
  });

  it('says nothing of speed when nothing has moved for a whole window, and 0 outside uploading', async () => {
    const { scheduler, server, items } = setup();
    server.hooks.chunkMs = (index) => (index === 2 ? SPEED_WINDOW_MS + 1000 : 1000);
    scheduler.add([record('a', 40)]);
    await scheduler.whenIdle();
    const sent = items('a').filter((i) => i.state === 'uploading');
    expect(sent.find((i) => i.bytesSent === 20)!.speed).toBeCloseTo(10, 5);
    expect(sent.find((i) => i.bytesSent === 30)!.speed).toBeGreaterThan(0);
    expect(items('a').filter((i) => i.state !== 'uploading').every((i) => i.speed === 0)).toBe(true);
  });

  it('counts the bytes of a chunk in flight, at most once per progress interval', async () => {
    for (const [chunkMs, told] of [
      // Bytes reported within a second of the last report are not told, acknowledged or in flight (the end is told
      // by the state change): the browser redraws its upload panel at every progress event.
      [200, [0]],
      [1500, [0, 10, 20, 30]],
    ] as const) {
      const { scheduler, server, events } = setup({ progressIntervalMs: 1000 });
      server.hooks.chunkMs = () => chunkMs;
      scheduler.add([record('a', 30)]);
      await scheduler.whenIdle();
      expect(events.filter((e) => e.type === 'progress').map((e) => e.item.bytesSent)).toEqual(told);
    }
  });
});

describe('the list', () => {
  it('answers the same item for an upload that did not change, a new one for the upload that moved', async () => {
    const { scheduler, server } = setup({ maxFiles: 1 });
    server.hooks.chunkMs = () => 100;
    scheduler.add([record('a', 30), record('b', 30)]);
    const before = scheduler.list();
    await scheduler.whenIdle();
    const after = scheduler.list();
    expect(after).not.toBe(before);
    expect(after.map((i) => i.state)).toEqual(['completed', 'completed']);
    scheduler.add([record('c', 30)]);
    const later = scheduler.list();
    expect(later[0]).toBe(after[0]);
    expect(later[1]).toBe(after[1]);
  });
});

describe('the queue', () => {
  it('sends at most maxFiles files and chunksPerFile chunks of each at once, in the order queued', async () => {
    const { scheduler, server } = setup({ maxFiles: 2, chunksPerFile: 3 });
    const items = scheduler.add([record('a', 100), record('b', 100), record('c', 100)]);
    expect(items.map((i) => i.state)).toEqual(['uploading', 'uploading', 'queued']);
    await scheduler.whenIdle();
    expect(scheduler.list().map((i) => i.state)).toEqual(['completed', 'completed', 'completed']);
    expect(server.most()).toBe(6);
    for (const id of ['f-a', 'f-b', 'f-c']) expect([...server.held.get(id)!.chunks.keys()].sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
  });

  it('keeps to maxFiles when a listener resumes another upload as one starts', async () => {
    const { scheduler } = setup({ maxFiles: 1 });
    scheduler.restore([record('p', 20, { state: 'paused' })]);
    let most = 0;
    scheduler.subscribe((event) => {
      if (event.type === 'state' && event.item.id === 'a' && event.item.state === 'uploading') void scheduler.resume('p');
      most = Math.max(most, scheduler.list().filter((i) => i.state === 'uploading').length);
    });
    scheduler.add([record('a', 20)]);
    await scheduler.whenIdle();
    expect(scheduler.list().map((i) => i.state)).toEqual(['completed', 'completed']);
    expect(most).toBe(1);
  });

  it('pause stops sending; resume asks the server what it holds and sends only the rest', async () => {
    const { scheduler, server } = setup();
    server.hooks.before = async (index) => {
      if (index === 2) scheduler.pause('a');
    };
    scheduler.add([record('a', 45)]);
    await scheduler.whenIdle();
    expect(scheduler.get('a')).toMatchObject({ state: 'paused', bytesSent: 20, speed: 0, remainingSeconds: null });
    server.hooks.before = async () => undefined;
    server.sent.length = 0;
    expect((await scheduler.resume('a'))!.state).toBe('uploading');
    await scheduler.whenIdle();
    expect(scheduler.get('a')!.state).toBe('completed');
    expect(server.hooks.statusCalls).toBe(1);
    expect(server.sent.map((s) => s.index)).toEqual([2, 3, 4]);
  });

  it('a pause while the file is being opened sends nothing', async () => {
    const { scheduler, server } = setup();
    let opened!: () => void;
    const open = server.adapter.open;
    server.adapter.open = async (r) => {
      await new Promise<void>((resolve) => (opened = resolve));
      return open(r);
    };
    scheduler.add([record('a', 30)]);
    scheduler.pause('a');
    opened();
    await scheduler.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.sent).toEqual([]);
    expect(scheduler.get('a')!.state).toBe('paused');
  });

  it('cancel aborts the chunks in flight and sends nothing more; a cancelled upload stays cancelled', async () => {
    const { scheduler, server } = setup({ chunksPerFile: 2 });
    const signals: AbortSignal[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.hooks.before = async (_index, signal) => {
      signals.push(signal);
      await gate;
    };
    scheduler.add([record('a', 50)]);
    while (signals.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    scheduler.cancel('a');
    expect(signals.every((s) => s.aborted)).toBe(true);
    release();
    await scheduler.whenIdle();
    expect(server.sent).toHaveLength(2);
    expect((await scheduler.resume('a'))!.state).toBe('cancelled');
    scheduler.clearFinished();
    expect(scheduler.list()).toEqual([]);
  });

  it('finds the file through chunk/status when the answer that completed it was lost', async () => {
    const { scheduler, server } = setup({ retries: 0 });
    server.hooks.before = async (index) => {
      if (index === 1) {
        server.hooks.before = async () => undefined;
        // The chunk reaches the server, its answer does not.
        await server.adapter.send({ folderId: 0, fileId: 'f-a', chunkIndex: 1, totalChunks: 2, originalFileName: 'a.pdf', totalSize: 20, bytes: new Uint8Array(10) }, { signal: new AbortController().signal, onProgress: () => undefined });
        throw httpFailure(undefined, undefined, 'connection reset');
      }
    };
    scheduler.add([record('a', 20)]);
    await scheduler.whenIdle();
    expect(scheduler.get('a')!.state).toBe('failed');
    const sent = server.sent.length;
    await scheduler.resume('a');
    await scheduler.whenIdle();
    expect(scheduler.get('a')).toMatchObject({ state: 'completed', file: { url: '/files/f-a' } });
    expect(server.sent).toHaveLength(sent); // nothing sent again: the status said complete
  });

  it('sends again the chunks the server lost, and fails as incomplete when it keeps losing them', async () => {
    const once = setup();
    once.server.hooks.forget.add(1);
    once.scheduler.add([record('a', 30)]);
    await once.scheduler.whenIdle();
    expect(once.scheduler.get('a')!.state).toBe('completed');
    expect(once.server.sent.map((s) => s.index)).toEqual([0, 1, 2, 1]);

    const always = setup();
    always.server.hooks.before = async (index) => void (index === 1 && always.server.hooks.forget.add(1));
    always.scheduler.add([record('a', 30)]);
    await always.scheduler.whenIdle();
    expect(always.scheduler.get('a')).toMatchObject({ state: 'failed', error: { code: 'incomplete' } });
    expect(always.server.sent.map((s) => s.index)).toEqual([0, 1, 2, 1]);
  });

  it('keeps what matters: started before the first chunk leaves, every state; restores unfinished uploads paused', async () => {
    const { scheduler, server, kept } = setup();
    let seenStarted: boolean | undefined;
    server.hooks.before = async () => void (seenStarted ??= kept.at(-1)![0].started);
    scheduler.add([record('a', 25)]);
    await scheduler.whenIdle();
    expect(seenStarted).toBe(true);
    expect(kept.map((records) => records[0].state)).toEqual(['queued', 'uploading', 'uploading', 'completed']);

    const next = setup();
    next.scheduler.restore([
      record('b', 10, { state: 'uploading', started: true, createdAt: 2 }),
      record('a', 10, { state: 'completed', createdAt: 1 }),
      record('c', 10, { state: 'queued', createdAt: 3 }),
    ]);
    expect(next.scheduler.list().map((i) => [i.id, i.state, i.bytesSent])).toEqual([
      ['a', 'completed', 10],
      ['b', 'paused', 0],
      ['c', 'paused', 0],
    ]);
    await next.scheduler.whenIdle();
    expect(next.server.sent).toEqual([]); // nothing leaves without the user's go-ahead
  });

  it('shutdown stops sending and leaves the kept state as it was (the next start restores it)', async () => {
    const { scheduler, server, kept } = setup();
    let shutting: Promise<void> | undefined;
    server.hooks.before = async (index) => {
      if (index === 1) shutting = scheduler.shutdown();
    };
    scheduler.add([record('a', 30)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await shutting;
    expect(scheduler.get('a')!.state).toBe('uploading');
    expect(kept.at(-1)![0]).toMatchObject({ state: 'uploading', started: true });
  });
});
