import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, utimes } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { ChunkStore, type ChunkRequest, type UploadLedger, type UploadSession } from './chunk-store';
import { FileStore, type StoredFile } from './file-store';
import { openFileSink, type OpenSink } from './disk';
import { FilesError } from './errors';
import { chunksOf, pdfBytes, pngBytes } from './testing';

interface Recorded {
  id: number;
  name: string;
  storedName: string;
  size: number;
}

/** The database's part, in memory: one record per fileId, as the files table does with its unique uploadId. */
function memoryLedger() {
  const byUpload = new Map<string, Recorded>();
  let commits = 0;
  const ledger: UploadLedger<Recorded> = {
    async findCompleted(fileId) {
      return byUpload.get(fileId);
    },
    async commit(session: UploadSession, stored: StoredFile) {
      commits++;
      const record = { id: byUpload.size + 1, name: session.name, ...stored };
      byUpload.set(session.fileId, record);
      return record;
    },
  };
  return { ledger, commits: () => commits };
}

const CHUNK = 1000;
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sitedesk-chunks-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function setup(options: { openSink?: OpenSink; fileSink?: OpenSink; maxFileSize?: number; clock?: () => number } = {}) {
  const files = new FileStore(dataDir, options.fileSink);
  const { ledger, commits } = memoryLedger();
  const store = new ChunkStore({ dataDir, files, ledger, chunkSize: CHUNK, maxFileSize: options.maxFileSize ?? 100 * CHUNK, openSink: options.openSink, clock: options.clock });
  return { store, files, commits };
}

function request(fileId: string, chunkIndex: number, totalChunks: number, originalFileName = 'ảnh.png', totalSize?: number): ChunkRequest {
  return { fileId, chunkIndex, totalChunks, originalFileName, totalSize, folderId: null, userId: '1' };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const storedFiles = async () => (await readdir(path.join(dataDir, 'files'))).filter((n) => n !== '.tmp');
const chunkDir = (fileId: string) => path.join(dataDir, 'uploads', '.chunks', fileId);

async function rejection(promise: Promise<unknown>): Promise<FilesError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FilesError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('ChunkStore', () => {
  it('assembles chunks that arrive out of order and twice, byte for byte', async () => {
    const { store, files, commits } = setup();
    const original = pngBytes(4500);
    const chunks = chunksOf(original, CHUNK);
    const order = [3, 1, 4, 1, 0, 3];
    for (const index of order) {
      const state = await store.receive(request('up-1', index, chunks.length), [chunks[index]]);
      expect(state.complete).toBe(false);
    }
    expect(await store.status('up-1')).toEqual({ fileId: 'up-1', totalChunks: 5, received: [0, 1, 3, 4], complete: false });
    const last = await store.receive(request('up-1', 2, chunks.length), [chunks[2]]);
    if (!last.complete) throw new Error('should be complete');
    expect(last.file.size).toBe(original.length);
    expect(sha(await readFile(files.pathOf(last.file.storedName)))).toBe(sha(original));
    expect(commits()).toBe(1);
    expect(existsSync(chunkDir('up-1'))).toBe(false);
    // A retry after a lost answer is harmless: same file, nothing new on disk.
    const again = await store.receive(request('up-1', 2, chunks.length), [chunks[2]]);
    expect(again).toEqual(last);
    expect(await store.status('up-1')).toEqual(last);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('assembles exactly once when every chunk arrives at the same moment', async () => {
    const { store, commits } = setup();
    const original = pdfBytes(9500);
    const chunks = chunksOf(original, CHUNK);
    const states = await Promise.all([
      ...chunks.map((c, i) => store.receive(request('up-2', i, chunks.length, 'x.pdf'), [c])),
      ...chunks.map((c, i) => store.receive(request('up-2', i, chunks.length, 'x.pdf'), [c])),
    ]);
    expect(commits()).toBe(1);
    expect(states.filter((s) => s.complete).length).toBeGreaterThanOrEqual(1);
    expect(await storedFiles()).toHaveLength(1);
    expect((await store.status('up-2'))?.complete).toBe(true);
  });

  it('refuses a size over the maximum before writing anything', async () => {
    const { store } = setup({ maxFileSize: 10 * CHUNK });
    const err = await rejection(store.receive(request('big', 0, 11), [pngBytes(CHUNK)]));
    expect(err.statusCode).toBe(413);
    const err2 = await rejection(store.receive(request('big', 0, 5, 'a.png', 10 * CHUNK + 1), [pngBytes(CHUNK)]));
    expect(err2.statusCode).toBe(413);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('refuses a chunk over the chunk size, a bad index and a changed totalChunks', async () => {
    const { store } = setup();
    expect((await rejection(store.receive(request('c', 0, 2), [pngBytes(CHUNK + 1)]))).statusCode).toBe(413);
    expect(await readdir(chunkDir('c'))).toEqual(['session.json']);
    expect((await rejection(store.receive(request('c', 2, 2), [Buffer.alloc(10)]))).statusCode).toBe(400);
    expect((await rejection(store.receive(request('c', -1, 2), [Buffer.alloc(10)]))).statusCode).toBe(400);
    expect((await rejection(store.receive(request('c', 1, 3), [Buffer.alloc(10)]))).statusCode).toBe(409);
    expect((await rejection(store.receive(request('../x', 0, 1), [Buffer.alloc(10)]))).statusCode).toBe(400);
  });

  it('refuses a re-sent chunk of a different size', async () => {
    const { store } = setup();
    const chunks = chunksOf(pngBytes(2500), CHUNK);
    await store.receive(request('d', 1, 3), [chunks[1]]);
    const err = await rejection(store.receive(request('d', 1, 3), [chunks[1].subarray(0, 10)]));
    expect(err.statusCode).toBe(409);
  });

  it('refuses a wrong type by extension and by content, keeping nothing', async () => {
    const { store } = setup();
    const exe = await rejection(store.receive(request('e', 0, 1, 'setup.exe'), [Buffer.from('MZ')]));
    expect(exe.statusCode).toBe(415);
    // a text file named .png: refused at its first chunk of several…
    const text = Buffer.from('just some text, certainly not an image\n'.repeat(60));
    const chunks = chunksOf(text, CHUNK);
    const fake = await rejection(store.receive(request('f', 0, chunks.length, 'fake.png'), [chunks[0]]));
    expect(fake.statusCode).toBe(415);
    expect(fake.message).toMatch(/does not match/);
    expect(existsSync(chunkDir('f'))).toBe(false);
    // …and at assembly when it is a single chunk.
    const single = await rejection(store.receive(request('g', 0, 1, 'fake.png'), [text.subarray(0, 500)]));
    expect(single.statusCode).toBe(415);
    expect(existsSync(chunkDir('g'))).toBe(false);
    // binary bytes called .txt
    const bin = await rejection(store.receive(request('h', 0, 1, 'notes.txt'), [Buffer.from([0x41, 0, 0xff, 0xfe])]));
    expect(bin.statusCode).toBe(415);
    expect(await storedFiles()).toEqual([]);
    expect(await readdir(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
  });

  it('accepts UTF-8 text split inside a multi-byte letter', async () => {
    const { store, files } = setup();
    const text = Buffer.from('Phòng khám đa khoa — lịch làm việc\n'.repeat(80));
    const chunks = chunksOf(text, CHUNK); // boundaries fall inside multi-byte letters
    let state;
    for (const [i, c] of chunks.entries()) state = await store.receive(request('t', i, chunks.length, 'lịch.txt', text.length), [c]);
    if (!state?.complete) throw new Error('should be complete');
    expect((await readFile(files.pathOf(state.file.storedName))).equals(text)).toBe(true);
  });

  it('answers a disk error and leaves no partial file, then resumes', async () => {
    const failing = (after: number, code: string): OpenSink => async (p) => {
      const sink = await openFileSink(p);
      let written = 0;
      return {
        ...sink,
        async write(bytes) {
          written += bytes.length;
          if (written > after) throw Object.assign(new Error(code), { code });
          return sink.write(bytes);
        },
      };
    };
    const original = pngBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    // The chunk writer fails: 507, no chunk and no temp file in the upload folder.
    const broken = setup({ openSink: failing(600, 'ENOSPC') });
    const err = await rejection(broken.store.receive(request('w', 1, 3), [chunks[1].subarray(0, 500), chunks[1].subarray(500)]));
    expect(err.statusCode).toBe(507);
    expect(await readdir(chunkDir('w'))).toEqual(['session.json']);

    // The assembler fails (EIO): an error, no partial file in the store, chunks kept for a retry.
    const assembling = setup({ fileSink: failing(1500, 'EIO') });
    await assembling.store.receive(request('w', 0, 3), [chunks[0]]);
    await assembling.store.receive(request('w', 1, 3), [chunks[1]]);
    const eio = await rejection(assembling.store.receive(request('w', 2, 3), [chunks[2]]));
    expect(eio.statusCode).toBe(500);
    expect(await storedFiles()).toEqual([]);
    expect(await readdir(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
    expect((await assembling.store.status('w'))?.complete).toBe(false);

    // Once the disk is fine again, re-sending the last chunk finishes the upload.
    const healthy = setup();
    const done = await healthy.store.receive(request('w', 2, 3), [chunks[2]]);
    if (!done.complete) throw new Error('should be complete');
    expect(sha(await readFile(healthy.files.pathOf(done.file.storedName)))).toBe(sha(original));
  });

  it('checks totalSize against the assembled bytes', async () => {
    const { store } = setup();
    const err = await rejection(store.receive(request('s', 0, 1, 'a.png', 999), [pngBytes(500)]));
    expect(err.statusCode).toBe(400);
    expect(await storedFiles()).toEqual([]);
  });

  it('sweeps uploads untouched for a day, and only those', async () => {
    let now = Date.now();
    const { store } = setup({ clock: () => now });
    await store.receive(request('old', 0, 3), [pngBytes(CHUNK)]);
    await store.receive(request('fresh', 0, 3), [pngBytes(CHUNK)]);
    const dayAgo = (Date.now() - 25 * 3600 * 1000) / 1000;
    for (const name of await readdir(chunkDir('old'))) await utimes(path.join(chunkDir('old'), name), dayAgo, dayAgo);
    await utimes(chunkDir('old'), dayAgo, dayAgo);
    expect(await store.sweep()).toBe(1);
    expect(await store.status('old')).toBeUndefined();
    expect((await store.status('fresh'))?.complete).toBe(false);
    now += 25 * 3600 * 1000; // a day later the other one goes too
    expect(await store.sweep()).toBe(1);
    expect(await store.status('fresh')).toBeUndefined();
  });
});
