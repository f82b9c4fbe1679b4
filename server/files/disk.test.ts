import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openFileSink, writeStreamAt, type OpenSink } from './disk';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sitedesk-disk-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const limit = { maxBytes: 10_000_000, tooLargeMessage: { vi: 'quá lớn', en: 'too large' } };
/** 64 KB pieces, as a request's body arrives. */
const pieces = (bytes: Buffer) => Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, k) => bytes.subarray(k * 65536, (k + 1) * 65536));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('writeStreamAt', () => {
  it('lands every byte at its place while several writes run at once, finishing in any order', async () => {
    const target = path.join(dir, 'part');
    await writeFile(target, Buffer.alloc(1000, 7));
    const bytes = randomBytes(3_000_000);
    let running = 0;
    let most = 0;
    // Writes that finish late and out of order: the first of every three waits longest.
    const slow: OpenSink = async (p, o) => {
      const sink = await openFileSink(p, o);
      let n = 0;
      return {
        ...sink,
        async write(b, at) {
          const written = sink.write(b, at);
          running++;
          most = Math.max(most, running);
          await pause(n++ % 3 === 0 ? 30 : 5);
          await written;
          running--;
        },
      };
    };
    expect(await writeStreamAt(pieces(bytes), target, 1000, { ...limit, openSink: slow })).toBe(bytes.length);
    expect(running).toBe(0); // answered only once every write finished
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
    const stored = await readFile(target);
    expect(stored.subarray(0, 1000).equals(Buffer.alloc(1000, 7))).toBe(true);
    expect(stored.subarray(1000).equals(bytes)).toBe(true);
  });

  it('writes the pieces that queued up in one writev each, about half a megabyte at a time, never copied', async () => {
    const target = path.join(dir, 'part');
    const bytes = randomBytes(3_000_000);
    const sent = pieces(bytes);
    const calls: (readonly Uint8Array[])[] = [];
    const counting: OpenSink = async (p, o) => {
      const sink = await openFileSink(p, o);
      return {
        ...sink,
        write(b, at) {
          calls.push(b);
          return sink.write(b, at);
        },
      };
    };
    expect(await writeStreamAt(sent, target, 0, { ...limit, openSink: counting })).toBe(bytes.length);
    expect(calls.length).toBe(Math.ceil(sent.length / 8)); // 8 pieces of 64 KB make a batch
    expect(calls.flat().every((piece, k) => piece === sent[k])).toBe(true); // the pieces themselves, in order
    expect((await readFile(target)).equals(bytes)).toBe(true);
  });

  it('fails with the first write error, and no write is still running when it does', async () => {
    const target = path.join(dir, 'part');
    let running = 0;
    let n = 0;
    const failing: OpenSink = async (p, o) => {
      const sink = await openFileSink(p, o);
      return {
        ...sink,
        async write(b, at) {
          running++;
          try {
            await pause(10);
            if (++n === 3) throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
            await sink.write(b, at);
          } finally {
            running--;
          }
        },
      };
    };
    await expect(writeStreamAt(pieces(randomBytes(4_000_000)), target, 0, { ...limit, openSink: failing })).rejects.toMatchObject({ statusCode: 507 });
    expect(running).toBe(0);
  });
});
