import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openFileSink, writeStreamInto, type OpenSink } from './disk';
import { PartFiles } from './part-files';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sitedesk-parts-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const limit = { maxBytes: 10_000_000, tooLargeMessage: { vi: 'quá lớn', en: 'too large' } };
/** 64 KB pieces, as a request's body arrives. */
const pieces = (bytes: Buffer) => Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, k) => bytes.subarray(k * 65536, (k + 1) * 65536));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real opener, counting what it opens and closes; writes can be slowed down. */
function counting(slowMs = 0) {
  const count = { opened: 0, closed: 0 };
  const openSink: OpenSink = async (p, o) => {
    const sink = await openFileSink(p, o);
    count.opened++;
    return {
      ...sink,
      async write(b, at) {
        if (slowMs) await pause(slowMs);
        return sink.write(b, at);
      },
      async close() {
        count.closed++;
        return sink.close();
      },
    };
  };
  return { count, openSink };
}

describe('PartFiles', () => {
  it('opens a part file once for all the chunks of its upload, written at once and in any order', async () => {
    const { count, openSink } = counting(2);
    const parts = new PartFiles({ openSink });
    const part = path.join(dir, 'data.part');
    const chunk = 300_000;
    const file = randomBytes(chunk * 6 + 1234);
    const order = [3, 0, 5, 1, 6, 2, 4];
    // Two chunks of the upload at a time, as two requests of one upload arrive.
    for (let k = 0; k < order.length; k += 2) {
      await Promise.all(
        order.slice(k, k + 2).map((index) =>
          parts.use(part, (sink) => writeStreamInto(pieces(file.subarray(index * chunk, (index + 1) * chunk)), sink, index * chunk, limit)),
        ),
      );
    }
    expect(count).toEqual({ opened: 1, closed: 0 });
    expect(parts.size).toBe(1);
    await parts.close(part);
    expect(count).toEqual({ opened: 1, closed: 1 });
    expect(parts.size).toBe(0);
    expect((await readFile(part)).equals(file)).toBe(true);
  });

  it('closes a handle only once its writers are done; a use that starts meanwhile opens a new one', async () => {
    const { count, openSink } = counting(20);
    const parts = new PartFiles({ openSink });
    const part = path.join(dir, 'data.part');
    const bytes = randomBytes(1_000_000);
    const writing = parts.use(part, (sink) => writeStreamInto(pieces(bytes), sink, 0, limit));
    await pause(5);
    const closing = parts.close(part);
    const later = parts.use(part, (sink) => writeStreamInto([Buffer.from('tail')], sink, bytes.length, limit));
    await Promise.all([writing, closing, later]);
    expect(count.opened).toBe(2);
    expect(count.closed).toBe(1); // the first, after its write; the second is still open
    await parts.closeAll();
    expect(count.closed).toBe(2);
    expect((await readFile(part)).equals(Buffer.concat([bytes, Buffer.from('tail')]))).toBe(true);
  });

  it('keeps at most maxOpen idle handles, closing the least recently used first', async () => {
    const { count, openSink } = counting();
    const parts = new PartFiles({ openSink, maxOpen: 2 });
    const touch = (name: string) => parts.use(path.join(dir, name), (sink) => sink.write([Buffer.from(name)], 0));
    await touch('a');
    await touch('b');
    await touch('a'); // a is now the most recently used
    await touch('c'); // b goes
    expect(parts.size).toBe(2);
    expect(count).toEqual({ opened: 3, closed: 1 });
    await touch('a'); // still open
    expect(count.opened).toBe(3);
    await touch('b'); // opened again; c goes
    expect(count).toEqual({ opened: 4, closed: 2 });
    await parts.closeAll();
  });

  it('never closes a handle under its writer to keep to maxOpen', async () => {
    const { count, openSink } = counting(30);
    const parts = new PartFiles({ openSink, maxOpen: 1 });
    const write = (name: string) => parts.use(path.join(dir, name), (sink) => writeStreamInto([randomBytes(1000)], sink, 0, limit));
    await Promise.all([write('a'), write('b'), write('c')]);
    expect(count.closed).toBe(0); // all three were in use together
    expect(parts.size).toBe(3);
    await write('d'); // now the idle ones go
    expect(parts.size).toBe(1);
    expect(count.closed).toBe(3);
    for (const name of ['a', 'b', 'c', 'd']) expect((await stat(path.join(dir, name))).size).toBe(1000);
    await parts.closeAll();
  });

  it('drops a kept handle whose file another process renamed or removed, and writes at the path again', async () => {
    const { count, openSink } = counting();
    const parts = new PartFiles({ openSink });
    const part = path.join(dir, 'data.part');
    await parts.use(part, (sink) => sink.write([Buffer.from('first')], 0));
    await rename(part, path.join(dir, 'stored')); // another process finished the upload and moved it into the store
    await parts.use(part, (sink) => sink.write([Buffer.from('again')], 0));
    expect((await readFile(path.join(dir, 'stored'))).toString()).toBe('first'); // the stored file is untouched
    expect((await readFile(part)).toString()).toBe('again');
    await rm(part); // another process swept it
    await parts.use(part, (sink) => sink.write([Buffer.from('third')], 0));
    expect((await readFile(part)).toString()).toBe('third');
    await parts.closeAll();
    expect(count).toEqual({ opened: 3, closed: 3 });
  });

  it('closes a handle left idle', async () => {
    const { count, openSink } = counting();
    let now = 0;
    const parts = new PartFiles({ openSink, idleMs: 40, clock: () => now });
    await parts.use(path.join(dir, 'a'), (sink) => sink.write([Buffer.from('a')], 0));
    await pause(60);
    expect(count.closed).toBe(0); // the clock has not moved
    now = 1000;
    await pause(60);
    expect(count.closed).toBe(1);
    expect(parts.size).toBe(0);
  });

  it('forgets a file that could not be opened, and the next use tries again', async () => {
    const parts = new PartFiles();
    const part = path.join(dir, 'gone', 'data.part');
    await expect(parts.use(part, async () => 1)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(parts.size).toBe(0);
    await mkdir(path.join(dir, 'gone'));
    expect(await parts.use(part, async () => 2)).toBe(2);
    await parts.closeAll();
  });
});
