// Files on an S3-compatible store (issue 30), against the S3 test double (s3rver, ./s3-double.ts, which says what it
// does not cover). On both databases, one instance with S3_*: a chunked upload of several multipart parts goes to the
// bucket and never to DATA_DIR; served bytes keep Range, ETag, 304 and immutable caching; the trash moves a deleted
// file's object aside and back; copies and the editor's uploads land in the bucket. On PostgreSQL, two real server
// processes on one database and one bucket, each with its own DATA_DIR, as behind a load balancer: chunks alternating
// between them make one file that both serve byte-identical; one killed in the middle of a chunk, the other finishes
// the upload from chunk/status.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { filesEngine } from '../../server/files/engine';
import { purgeTrash } from '../../server/history/trash';
import { pdfBytes, pngBytes } from './file-bytes';
import { CLIENT, describeEachDatabase, dialects, EN } from './harness';
import { createDatabase, dropDatabase, freePort } from './embedded-pg';
import { CHUNK, chunkCount, chunkOf, fetchBytes, sendChunk, sha256, uploadFile } from './files-helpers';
import { startS3Double } from './s3-double';
import { startServer } from './server-process';

const s3 = await startS3Double();
afterAll(() => s3.close());

/** What DATA_DIR holds besides the database: no file's bytes, no upload's (the temp folder stays empty). */
function localBytes(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(db|db-wal|db-shm)$/.test(entry.name)) found.push(path.relative(dataDir, full));
    }
  };
  walk(dataDir);
  return found;
}

describeEachDatabase(
  'files on S3 (one instance)',
  (ctx) => {
    it('a chunked upload of several parts goes to the bucket, never to DATA_DIR; served with Range, ETag, 304 and a year of immutable caching', { timeout: 60_000 }, async () => {
      const token = (await ctx.signIn()).access_token;
      const original = pdfBytes(6 * CHUNK + 12_345); // 7 chunks: parts of 3 chunks (6 MB ≥ S3's 5 MiB), 3 and 1
      const fileId = randomUUID();
      const totalChunks = chunkCount(original.length);
      let last: any;
      for (const i of [4, 0, 6, 2, 1, 5, 3]) {
        if (i === 3) {
          // Before the last chunk: the parts whose chunks are all here are already in the multipart upload (1: chunks
          // 0–2, 3: chunk 6), not the one waiting for chunk 3; no part below 5 MiB but the last.
          const parts = await ctx.db.selectFrom('upload_parts').select('partNumber').where('fileId', '=', fileId).orderBy('partNumber').execute();
          expect(parts.map((p) => p.partNumber)).toEqual([1, 3]);
          expect(3 * CHUNK).toBeGreaterThanOrEqual(5 * 1024 * 1024);
        }
        last = await sendChunk(ctx, token, { fileId, chunkIndex: i, totalChunks, originalFileName: 'hồ sơ.pdf', totalSize: original.length }, chunkOf(original, i));
        expect(last.status, last.text).toBe(200);
      }
      expect(last.body.data.complete).toBe(true);
      const file = last.body.data.file;
      const storedName = file.url.split('/')[2];
      expect(await s3.keys(`files/${storedName}`)).toEqual([`files/${storedName}`]);
      expect(await s3.keys(`uploads/${fileId}/`)).toEqual([]); // the chunk objects are gone
      expect(await ctx.db.selectFrom('upload_sessions').selectAll().where('fileId', '=', fileId).execute()).toEqual([]);
      expect(localBytes(ctx.dataDir)).toEqual([]);

      const served = await fetchBytes(ctx, file.url);
      expect(served.status).toBe(200);
      expect(sha256(served.bytes)).toBe(sha256(original));
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const etag = served.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      const range = await fetchBytes(ctx, file.url, { headers: { range: 'bytes=2000000-2000099' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes 2000000-2000099/${original.length}`);
      expect(range.bytes.equals(original.subarray(2_000_000, 2_000_100))).toBe(true);
      const unchanged = await fetchBytes(ctx, file.url, { headers: { 'if-none-match': etag } });
      expect(unchanged.status).toBe(304);
      const beyond = await ctx.request('GET', file.url, { headers: { range: `bytes=${original.length + 10}-`, ...EN.headers } });
      expect(beyond.status).toBe(416);
      expect(beyond.body.Message).toMatch(/range/i);
      // The download route streams from the store too.
      const download = await fetchBytes(ctx, `/api/Files/downloads/${file.id}`, { token });
      expect(download.status).toBe(200);
      expect(sha256(download.bytes)).toBe(sha256(original));
    });

    it('refuses a wrong type at its first chunk and keeps nothing of it in the bucket', async () => {
      const token = (await ctx.signIn()).access_token;
      const fileId = randomUUID();
      const text = Buffer.alloc(CHUNK, 'plain text, not an image\n');
      const res = await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks: 2, originalFileName: 'fake.png' }, text);
      expect(res.status).toBe(415);
      expect(await s3.keys(`uploads/${fileId}/`)).toEqual([]);
      expect((await ctx.authed('GET', `/api/chunk/status/${fileId}`)).status).toBe(404);
    });

    it('an upload abandoned for a day is swept: its chunk objects and its multipart upload are gone', { timeout: 30_000 }, async () => {
      const token = (await ctx.signIn()).access_token;
      const original = pdfBytes(4 * CHUNK);
      const fileId = randomUUID();
      for (const i of [0, 1, 2]) expect((await sendChunk(ctx, token, { fileId, chunkIndex: i, totalChunks: 4, originalFileName: 'bỏ dở.pdf' }, chunkOf(original, i))).status).toBe(200);
      expect(await s3.keys(`uploads/${fileId}/`)).toHaveLength(3);
      const { storeUploadId, storedName } = await ctx.db.selectFrom('upload_sessions').select(['storeUploadId', 'storedName']).where('fileId', '=', fileId).executeTakeFirstOrThrow();
      expect(storeUploadId).toBeTruthy(); // part 1 (chunks 0–2) went up already
      expect(storedName).toBeTruthy();
      expect(await ctx.db.selectFrom('upload_parts').select('partNumber').where('fileId', '=', fileId).execute()).toEqual([{ partNumber: 1 }]);
      try {
        ctx.clock.advance(25 * 3_600_000);
        expect(await filesEngine(ctx.app).chunks.sweep()).toBeGreaterThanOrEqual(1);
      } finally {
        ctx.clock.reset();
      }
      expect(await s3.keys(`uploads/${fileId}/`)).toEqual([]);
      // (The multipart upload is aborted too; s3rver implements neither AbortMultipartUpload nor ListParts to show it.)
      expect(await ctx.db.selectFrom('upload_parts').select('partNumber').where('fileId', '=', fileId).execute()).toEqual([]);
      expect(await s3.keys(`files/${storedName}`)).toEqual([]);
      expect((await ctx.authed('GET', `/api/chunk/status/${fileId}`)).status).toBe(404);
    });

    it('the trash moves a deleted file aside in the bucket and back; a copy and the editor uploads are objects of their own', async () => {
      const token = (await ctx.signIn()).access_token;
      const bytes = pngBytes(5000);
      const file = await uploadFile(ctx, token, `ảnh-s3-${ctx.dialect}.png`, bytes);
      const storedName = file.url.split('/')[2];
      expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
      expect((await fetchBytes(ctx, file.url)).status).toBe(404);
      expect(await s3.keys(`files/${storedName}`)).toEqual([]);
      expect(await s3.keys(`trash/${storedName}`)).toEqual([`trash/${storedName}`]);
      const website = (await ctx.db.selectFrom('websites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const trash = (await ctx.authed('GET', `/api/Trash/${website}?pageSize=1000`)).body.data as any[];
      const item = trash.find((t) => t.resource === 'file' && t.recordId === String(file.id));
      expect((await ctx.authed('POST', `/api/Trash/restore/${website}/${item.id}`, {}, EN)).status).toBe(200);
      expect((await fetchBytes(ctx, file.url)).bytes.equals(bytes)).toBe(true);
      expect(await s3.keys(`trash/${storedName}`)).toEqual([]);

      const copy = await ctx.authed('POST', `/api/Files/copy/${file.id}`, {});
      expect(copy.status, copy.text).toBe(200);
      const copyName = copy.body.data.url.split('/')[2];
      expect(copyName).not.toBe(storedName);
      expect((await fetchBytes(ctx, copy.body.data.url)).bytes.equals(bytes)).toBe(true);

      const form = new FormData();
      form.append('files', new Blob([pdfBytes(3000)]), 'tài liệu.pdf');
      const editor = await ctx.request('POST', '/api/Files/uploads', { body: form, token });
      expect(editor.status, editor.text).toBe(200);
      expect(await s3.keys(`files/${editor.body.data[0].url.split('/')[2]}`)).toHaveLength(1);
      expect(localBytes(ctx.dataDir)).toEqual([]);

      // Purged: both objects of the deleted file are gone.
      expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
      try {
        ctx.clock.advance(91 * 86_400_000);
        await purgeTrash(ctx.app);
      } finally {
        ctx.clock.reset();
      }
      expect([...(await s3.keys(`files/${storedName}`)), ...(await s3.keys(`trash/${storedName}`))]).toEqual([]);
    });
  },
  { app: { files: { s3: s3.settings } } },
);

describe.runIf(dialects().includes('sqlite'))('two instances sharing files on S3 [sqlite]', () => {
  it.skip('two server processes on one database: PostgreSQL only (one process serves a SQLite file)', () => {});
});

describe.runIf(dialects().includes('postgres'))('two instances sharing files on S3 [postgres]', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** Two real server processes on a fresh database and the bucket, each with its own DATA_DIR. */
  async function twoInstances() {
    const info = inject('pg');
    const created = await createDatabase(info);
    cleanups.push(() => dropDatabase(info, created.name));
    const start = async (i: number) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sitedesk-s3-instance-${i}-`));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const server = startServer({ ...s3.env, DATA_DIR: dataDir, DATABASE_URL: created.url, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'S3cret!pass' }, await freePort());
      cleanups.push(() => server.child.kill('SIGKILL'));
      return { ...server, dataDir };
    };
    const servers = [await start(0), await start(1)]; // one after the other: the first migrates
    const urls = await Promise.all(servers.map((s) => s.ready));
    expect(urls.map((u, i) => u ?? servers[i].log())).toEqual([expect.stringMatching(/^http/), expect.stringMatching(/^http/)]);
    const res = await fetch(`${urls[0]}/auth/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'boss', password: 'S3cret!pass', scope: 'openid profile offline_access', ...CLIENT }),
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    return { servers, urls: urls as string[], token };
  }

  const chunkForm = (fileId: string, index: number, totalChunks: number, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('folderId', '0');
    form.append('fileId', fileId);
    form.append('chunkIndex', String(index));
    form.append('totalChunks', String(totalChunks));
    form.append('originalFileName', name);
    form.append('totalSize', String(bytes.length));
    form.append('file', new Blob([chunkOf(bytes, index)]), 'blob');
    return form;
  };
  const send = async (url: string, token: string, form: FormData) => {
    const res = await fetch(`${url}/api/chunk/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  };
  const download = async (url: string, fileUrl: string) => Buffer.from(await (await fetch(url + fileUrl)).arrayBuffer());

  it('chunks alternating between two instances make one file; both serve it byte-identical; neither wrote it to its disk', { timeout: 120_000 }, async () => {
    const { servers, urls, token } = await twoInstances();
    const original = pdfBytes(5 * CHUNK + 777);
    const fileId = randomUUID();
    const totalChunks = chunkCount(original.length);
    let last: any;
    for (let i = 0; i < totalChunks; i++) {
      last = await send(urls[i % 2], token, chunkForm(fileId, i, totalChunks, original, 'kết quả.pdf'));
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      if (i < totalChunks - 1) expect(last.body.data).toMatchObject({ complete: false, received: [...Array(i + 1).keys()] });
    }
    expect(last.body.data.complete).toBe(true);
    for (const url of urls) expect(sha256(await download(url, last.body.data.file.url))).toBe(sha256(original));
    // The status and a retry of a chunk answer the same file on either instance.
    for (const url of urls) {
      const status = await fetch(`${url}/api/chunk/status/${fileId}`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await status.json()) as any).data).toMatchObject({ complete: true, file: { id: last.body.data.file.id } });
    }
    for (const s of servers) expect(localBytes(s.dataDir)).toEqual([]);
  });

  it('one instance killed in the middle of a chunk: the other tells what is held and finishes the upload', { timeout: 120_000 }, async () => {
    const { servers, urls, token } = await twoInstances();
    const original = pdfBytes(4 * CHUNK + 99);
    const fileId = randomUUID();
    const totalChunks = chunkCount(original.length);
    for (const i of [0, 1]) expect((await send(urls[0], token, chunkForm(fileId, i, totalChunks, original, 'ảnh chụp.pdf'))).status).toBe(200);
    // Chunk 2 to the first instance, its body trickling in; the instance dies (SIGKILL) before it has it all.
    const body = chunkOf(original, 2);
    const boundary = 'X-SITEDESK-KILL';
    const head = Buffer.from(
      [['folderId', '0'], ['fileId', fileId], ['chunkIndex', '2'], ['totalChunks', String(totalChunks)], ['originalFileName', 'ảnh chụp.pdf']]
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n\r\n`,
    );
    const trickle = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(head);
        controller.enqueue(body.subarray(0, 500_000));
        await new Promise((resolve) => setTimeout(resolve, 500));
        servers[0].child.kill('SIGKILL');
        await new Promise((resolve) => servers[0].child.once('exit', resolve));
        controller.enqueue(body.subarray(500_000));
        controller.close();
      },
    });
    const cut = await fetch(`${urls[0]}/api/chunk/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: trickle,
      duplex: 'half',
    } as RequestInit).then(
      (res) => res.status,
      () => 'connection lost',
    );
    expect(cut).toBe('connection lost');

    // The other instance knows what is held (the database says, not the dead instance's disk) and takes the rest.
    const status = await fetch(`${urls[1]}/api/chunk/status/${fileId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await status.json()) as any).data).toEqual({ fileId, totalChunks, received: [0, 1], complete: false });
    let last: any;
    for (let i = 2; i < totalChunks; i++) last = await send(urls[1], token, chunkForm(fileId, i, totalChunks, original, 'ảnh chụp.pdf'));
    expect(last.status).toBe(200);
    expect(last.body.data.complete).toBe(true);
    expect(sha256(await download(urls[1], last.body.data.file.url))).toBe(sha256(original));
    expect(await s3.keys(`uploads/${fileId}/`)).toEqual([]);
  });
});
