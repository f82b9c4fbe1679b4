import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, open, readFile, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { ChunkStore, type ChunkRequest, type UploadLedger, type UploadSession } from './chunk-store';
import { DiskFileStore, type StoredFile } from './file-store';
import { DiskUploadBytes } from './upload-disk';
import type { Database } from '../db/schema';
import { m0026_upload_state } from '../db/migrations/0026_upload_state';
import { byteLength, openFileSink, type OpenSink } from './disk';
import { FilesError } from './errors';
import { chunksOf, pdfBytes, pngBytes } from '../../tests/server/file-bytes';

interface Recorded {
  id: number;
  name: string;
  storedName: string;
  size: number;
}

/** The database's part, in memory: one record per fileId, as the files table does with its unique uploadId. */
function memoryLedger(failCommits = 0) {
  const byUpload = new Map<string, Recorded>();
  let commits = 0;
  let failures = failCommits;
  const ledger: UploadLedger<Recorded> = {
    async findCompleted(fileId) {
      return byUpload.get(fileId);
    },
    async commit(session: UploadSession, stored: StoredFile) {
      if (failures-- > 0) throw Object.assign(new Error('database unavailable'), { code: 'ECONNREFUSED' });
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
/** The upload state's tables (migration 0026) in a real SQLite database, shared by every store of a test: several
 * stores are several server instances sharing the database and DATA_DIR. */
let db: Kysely<Database>;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sitedesk-chunks-'));
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(path.join(dataDir, 'state.db')) }) });
  await m0026_upload_state.up(db as never, 'sqlite');
});
afterEach(async () => {
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

function setup(options: { openSink?: OpenSink; maxFileSize?: number; clock?: () => number; bootKey?: string; failCommits?: number } = {}) {
  const files = new DiskFileStore(dataDir, options.openSink);
  const { ledger, commits } = memoryLedger(options.failCommits);
  const bytes = new DiskUploadBytes(dataDir, files, CHUNK, options.openSink, options.bootKey ?? 'boot-1');
  const store = new ChunkStore({
    db, bytes, ledger, removeStored: (name) => files.remove(name), sweepTemp: (now, age) => files.sweepTemp(now, age),
    chunkSize: CHUNK, maxFileSize: options.maxFileSize ?? 100 * CHUNK, clock: options.clock,
  });
  return { store, files, commits };
}

/** A sink that fails with `code` once more than `after` bytes were written, or (`at: 'sync'`) when flushed. */
const failing = (after: number, code: string, at: 'write' | 'sync' = 'write'): OpenSink => async (p, o) => {
  const sink = await openFileSink(p, o);
  let written = 0;
  const fail = () => Object.assign(new Error(code), { code });
  return {
    ...sink,
    async write(pieces, position) {
      written += byteLength(pieces);
      if (at === 'write' && written > after) throw fail();
      return sink.write(pieces, position);
    },
    async sync() {
      if (at === 'sync' && o?.position !== undefined) throw fail(); // the part file's final flush
      return sink.sync();
    },
  };
};

/** The bytes in pieces, with a pause between them (a slow network). */
async function* slowly(bytes: Buffer, pieces = 4) {
  const step = Math.ceil(bytes.length / pieces);
  for (let offset = 0; offset < bytes.length; offset += step) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    yield bytes.subarray(offset, offset + step);
  }
}

function request(fileId: string, chunkIndex: number, totalChunks: number, originalFileName = 'ảnh.png', totalSize?: number): ChunkRequest {
  return { fileId, chunkIndex, totalChunks, originalFileName, totalSize, folderId: null, userId: '1' };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const storedFiles = async () => (await readdir(path.join(dataDir, 'files')).catch(() => [] as string[])).filter((n) => n !== '.tmp');
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
    expect(await store.status('c')).toEqual({ fileId: 'c', totalChunks: 2, received: [], complete: false });
    expect((await rejection(store.receive(request('c', 2, 2), [Buffer.alloc(10)]))).statusCode).toBe(400);
    expect((await rejection(store.receive(request('c', -1, 2), [Buffer.alloc(10)]))).statusCode).toBe(400);
    expect((await rejection(store.receive(request('c', 1, 3), [Buffer.alloc(10)]))).statusCode).toBe(409);
    expect((await rejection(store.receive(request('../x', 0, 1), [Buffer.alloc(10)]))).statusCode).toBe(400);
  });

  it('refuses a chunk whose length does not fit its place, holding nothing of it', async () => {
    const { store } = setup();
    const original = pngBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    // Every chunk but the last has exactly the chunk size, or the file would have a gap.
    const short = await rejection(store.receive(request('len', 0, 3), [chunks[0].subarray(0, 999)]));
    expect(short.statusCode).toBe(400);
    expect(short.message).toMatch(/1000/);
    // With totalSize the last one is exactly the rest.
    expect((await rejection(store.receive(request('len3', 2, 3, 'ảnh.png', 2500), [chunks[2].subarray(0, 400)]))).statusCode).toBe(400);
    expect(await store.status('len3')).toMatchObject({ received: [] });
    expect((await rejection(store.receive(request('len2', 0, 3, 'ảnh.png', 2000), [chunks[0]]))).statusCode).toBe(400); // no room left for chunk 2
    expect(await store.status('len')).toMatchObject({ received: [] });
    let state;
    for (const [i, c] of chunks.entries()) state = await store.receive(request('len', i, 3, 'ảnh.png', 2500), [c]);
    if (!state?.complete) throw new Error('should be complete');
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
    const original = pngBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    // The chunk writer fails: 507, nothing held, no stray file in the upload folder.
    const broken = setup({ openSink: failing(600, 'ENOSPC') });
    const err = await rejection(broken.store.receive(request('w', 1, 3), [chunks[1].subarray(0, 500), chunks[1].subarray(500)]));
    expect(err.statusCode).toBe(507);
    expect((await readdir(chunkDir('w'))).sort()).toEqual(['data.part']);
    expect(await broken.store.status('w')).toMatchObject({ received: [] });

    // Once the disk is fine again, the same chunks finish the upload.
    const healthy = setup();
    let done;
    for (const i of [1, 0, 2]) done = await healthy.store.receive(request('w', i, 3), [chunks[i]]);
    if (!done?.complete) throw new Error('should be complete');
    expect(sha(await readFile(healthy.files.pathOf(done.file.storedName)))).toBe(sha(original));
    expect(await storedFiles()).toHaveLength(1);
  });

  it('drops the held chunks when the final flush fails (the kernel may have lost them), and starts over cleanly', async () => {
    const original = pngBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    const flushing = setup({ openSink: failing(Infinity, 'EIO', 'sync') });
    await flushing.store.receive(request('f', 0, 3), [chunks[0]]);
    await flushing.store.receive(request('f', 1, 3), [chunks[1]]);
    const eio = await rejection(flushing.store.receive(request('f', 2, 3), [chunks[2]]));
    expect(eio.statusCode).toBe(500);
    expect(await storedFiles()).toEqual([]);
    expect(await flushing.store.status('f')).toEqual({ fileId: 'f', totalChunks: 3, received: [], complete: false });
    const healthy = setup();
    let done;
    for (const i of [0, 1, 2]) done = await healthy.store.receive(request('f', i, 3), [chunks[i]]);
    if (!done?.complete) throw new Error('should be complete');
    expect(sha(await readFile(healthy.files.pathOf(done.file.storedName)))).toBe(sha(original));
  });

  it('keeps the finished bytes when recording fails: a retry of the last chunk only records them', async () => {
    const original = pdfBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    const { store, files, commits } = setup({ failCommits: 1 });
    await store.receive(request('db', 0, 3, 'x.pdf'), [chunks[0]]);
    await store.receive(request('db', 1, 3, 'x.pdf'), [chunks[1]]);
    expect((await rejection(store.receive(request('db', 2, 3, 'x.pdf'), [chunks[2]]))).statusCode).toBe(500);
    expect(await storedFiles()).toHaveLength(1); // finished, not recorded: kept for the retry
    expect(await store.status('db')).toMatchObject({ received: [0, 1, 2], complete: false });
    const done = await store.receive(request('db', 2, 3, 'x.pdf'), [chunks[2]]);
    if (!done.complete) throw new Error('should be complete');
    expect(commits()).toBe(1);
    expect(await storedFiles()).toEqual([done.file.storedName]);
    expect(sha(await readFile(files.pathOf(done.file.storedName)))).toBe(sha(original));
  });

  it('does not count a chunk whose writer died before marking it; the resent chunk replaces its bytes', async () => {
    const { store, files } = setup();
    const original = pngBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    await store.receive(request('crash', 0, 3), [chunks[0]]);
    // A process died after writing other bytes (longer than the real last chunk) into chunk 2's range.
    const handle = await open(path.join(chunkDir('crash'), 'data.part'), 'r+');
    await handle.write(Buffer.alloc(CHUNK, 0x41), 0, CHUNK, 2 * CHUNK);
    await handle.close();
    expect(await store.status('crash')).toMatchObject({ received: [0] });
    await store.receive(request('crash', 2, 3), [chunks[2]]);
    const done = await store.receive(request('crash', 1, 3), [chunks[1]]);
    if (!done.complete) throw new Error('should be complete');
    expect(done.file.size).toBe(original.length);
    expect(sha(await readFile(files.pathOf(done.file.storedName)))).toBe(sha(original));
  });

  it('forgets chunks held before a machine crash (their bytes were not flushed yet)', async () => {
    const original = pngBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    const before = setup({ bootKey: 'boot-1' });
    await before.store.receive(request('power', 0, 3), [chunks[0]]);
    await before.store.receive(request('power', 1, 3), [chunks[1]]);
    // After the reboot nothing counts as held: the client is told to send every chunk again.
    const after = setup({ bootKey: 'boot-2' });
    expect(await after.store.status('power')).toEqual({ fileId: 'power', totalChunks: 3, received: [], complete: false });
    expect(await after.store.receive(request('power', 2, 3), [chunks[2]])).toMatchObject({ received: [2], complete: false });
    await after.store.receive(request('power', 0, 3), [chunks[0]]);
    const done = await after.store.receive(request('power', 1, 3), [chunks[1]]);
    if (!done.complete) throw new Error('should be complete');
    expect(sha(await readFile(after.files.pathOf(done.file.storedName)))).toBe(sha(original));
  });

  it('lets a duplicate racing its original change nothing: the chunk is one of them whole, never a mix', async () => {
    const { store, files } = setup();
    const original = pdfBytes(2500);
    const chunks = chunksOf(original, CHUNK);
    const other = Buffer.alloc(CHUNK, 0x42); // same size, other bytes (a client bug)
    await store.receive(request('race', 0, 3, 'x.pdf'), [chunks[0]]);
    await store.receive(request('race', 2, 3, 'x.pdf'), [chunks[2]]);
    const answers = await Promise.all([
      store.receive(request('race', 1, 3, 'x.pdf'), slowly(chunks[1])),
      store.receive(request('race', 1, 3, 'x.pdf'), slowly(other)),
      store.receive(request('race', 1, 3, 'x.pdf'), slowly(chunks[1])),
    ]);
    expect(answers.every((a) => a.complete)).toBe(true);
    const stored = await readFile(files.pathOf((answers[0] as { file: Recorded }).file.storedName));
    const middle = stored.subarray(CHUNK, 2 * CHUNK);
    expect(middle.equals(chunks[1]) || middle.equals(other)).toBe(true);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('checks totalSize against the bytes received', async () => {
    const { store } = setup();
    const err = await rejection(store.receive(request('s', 0, 1, 'a.png', 999), [pngBytes(500)]));
    expect(err.statusCode).toBe(400);
    expect(await storedFiles()).toEqual([]);
    expect(await store.status('s')).toMatchObject({ received: [] });
  });

  it('sweeps uploads untouched for a day, and only those', async () => {
    let now = Date.now() - 25 * 3600 * 1000;
    const { store } = setup({ clock: () => now });
    await store.receive(request('old', 0, 3), [pngBytes(CHUNK)]);
    now += 25 * 3600 * 1000;
    await store.receive(request('fresh', 0, 3), [pngBytes(CHUNK)]);
    expect(await store.sweep()).toBe(1);
    expect(await store.status('old')).toBeUndefined();
    expect(existsSync(chunkDir('old'))).toBe(false);
    expect((await store.status('fresh'))?.complete).toBe(false);
    now += 25 * 3600 * 1000; // a day later the other one goes too
    expect(await store.sweep()).toBe(1);
    expect(await store.status('fresh')).toBeUndefined();
  });

  it("sweeps the folder of an upload no session names (a crash, or an older version's markers)", async () => {
    const { store } = setup({ clock: () => Date.now() + 25 * 3600 * 1000 });
    await mkdir(path.join(chunkDir('orphan'), 'held-x'), { recursive: true });
    expect(await store.sweep()).toBe(1);
    expect(existsSync(chunkDir('orphan'))).toBe(false);
  });

  it('starts an upload over when another process removed it (its session is not kept past a failure)', async () => {
    const { store } = setup();
    const chunks = chunksOf(pngBytes(2500), CHUNK);
    await store.receive(request('gone', 0, chunks.length), [chunks[0]]);
    // Another server instance sharing the data folder and the database swept it (or refused it) meanwhile.
    await rm(chunkDir('gone'), { recursive: true, force: true });
    for (const table of ['upload_chunks', 'upload_sessions'] as const) await db.deleteFrom(table).execute();
    const refused = await store.receive(request('gone', 1, chunks.length), [chunks[1]]).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(FilesError);
    expect((refused as FilesError).statusCode).toBeGreaterThanOrEqual(500); // the client sends it again
    expect((await store.receive(request('gone', 1, chunks.length), [chunks[1]])).complete).toBe(false);
    expect(await store.status('gone')).toEqual({ fileId: 'gone', totalChunks: 3, received: [1], complete: false });
  });
});
