// Chunked uploads, editor uploads, downloads and serving, over real HTTP on SQLite and PostgreSQL.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './harness';
import { CHUNK, chunkCount, chunkOf, fetchBytes, sendChunk, sha256, uploadFile } from './files-helpers';
import { pdfBytes, pngBytes } from './file-bytes';
import { filesEngine } from '../../server/files/engine';
import { byteLength, openFileSink, type OpenSink } from '../../server/files/disk';

describeEachDatabase('files: uploads and serving', (ctx) => {
  let token: string;
  const chunkDir = (fileId: string) => path.join(ctx.dataDir, 'uploads', '.chunks', fileId);
  const blobs = () => readdirSync(path.join(ctx.dataDir, 'files')).filter((n) => n !== '.tmp');
  const tempFiles = () => readdirSync(path.join(ctx.dataDir, 'files', '.tmp'));
  const rootFiles = async () => (await ctx.authed('GET', '/api/folders/current-directory/0')).body.files.data as { id: number; name: string; url: string }[];

  beforeAll(async () => {
    token = (await ctx.signIn()).access_token;
  });

  it('assembles chunks sent out of order and twice; the download matches byte for byte', async () => {
    const original = pngBytes(5 * CHUNK + 12_345);
    const fileId = randomUUID();
    const totalChunks = chunkCount(original.length);
    const name = 'Ảnh phòng khám.png';
    for (const index of [4, 1, 5, 1, 0, 4, 3]) {
      const res = await sendChunk(ctx, token, { fileId, chunkIndex: index, totalChunks, originalFileName: name }, chunkOf(original, index));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 1, data: { fileId, totalChunks, complete: false } });
    }
    const status = await ctx.authed('GET', `/api/chunk/status/${fileId}`);
    expect(status.body.data).toEqual({ fileId, totalChunks, received: [0, 1, 3, 4, 5], complete: false });

    const last = await sendChunk(ctx, token, { fileId, chunkIndex: 2, totalChunks, originalFileName: name }, chunkOf(original, 2));
    expect(last.status).toBe(200);
    const file = last.body.data.file;
    expect(last.body.data).toMatchObject({ fileId, complete: true, file: { name, size: original.length, folderId: null } });
    expect(file.url).toMatch(/^\/files\/[0-9a-f-]{36}\//);
    expect(existsSync(chunkDir(fileId))).toBe(false);

    // A retry of the last chunk (the answer was lost) finds the same file.
    const retry = await sendChunk(ctx, token, { fileId, chunkIndex: 2, totalChunks, originalFileName: name }, chunkOf(original, 2));
    expect(retry.body.data).toEqual(last.body.data);
    expect((await ctx.authed('GET', `/api/chunk/status/${fileId}`)).body.data).toEqual(last.body.data);

    const download = await fetchBytes(ctx, `/api/Files/downloads/${file.id}`, { token });
    expect(download.status).toBe(200);
    expect(sha256(download.bytes)).toBe(sha256(original));
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-length')).toBe(String(original.length));
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="?nh ph?ng kh?m.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });

  it('assembles exactly once when all chunks are fired at once (twice each)', async () => {
    const original = pdfBytes(4 * CHUNK + 77);
    const fileId = randomUUID();
    const totalChunks = chunkCount(original.length);
    const before = blobs().length;
    const answers = await Promise.all(
      [...Array(totalChunks).keys(), ...Array(totalChunks).keys()].map((i) =>
        sendChunk(ctx, token, { fileId, chunkIndex: i, totalChunks, originalFileName: 'hợp đồng.pdf', totalSize: original.length }, chunkOf(original, i)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const complete = answers.filter((a) => a.body.data.complete);
    expect(complete.length).toBeGreaterThanOrEqual(1);
    expect(new Set(complete.map((a) => a.body.data.file.id)).size).toBe(1);
    expect(blobs().length).toBe(before + 1);
    expect((await rootFiles()).filter((f) => f.name.startsWith('hợp đồng'))).toHaveLength(1);
    const served = await fetchBytes(ctx, complete[0].body.data.file.url);
    expect(sha256(served.bytes)).toBe(sha256(original));
  });

  it('resumes an interrupted upload from chunk/status', async () => {
    const original = pngBytes(3 * CHUNK + 5);
    const fileId = `Resume_${randomUUID().toUpperCase()}`; // case kept: paths match case-insensitively, ids do not
    const totalChunks = chunkCount(original.length);
    const fields = (chunkIndex: number) => ({ fileId, chunkIndex, totalChunks, originalFileName: 'resume.png', totalSize: original.length });
    await sendChunk(ctx, token, fields(0), chunkOf(original, 0));
    await sendChunk(ctx, token, fields(2), chunkOf(original, 2));
    // The connection breaks in the middle of chunk 1: nothing of it is kept.
    const broken = await fetch(`${ctx.baseUrl}/api/chunk/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: `--XYZ\r\nContent-Disposition: form-data; name="fileId"\r\n\r\n${fileId}\r\n--XYZ\r\nContent-Disposition: form-data; name="chunkIndex"\r\n\r\n1\r\n--XYZ\r\nContent-Disposition: form-data; name="totalChunks"\r\n\r\n${totalChunks}\r\n--XYZ\r\nContent-Disposition: form-data; name="originalFileName"\r\n\r\nresume.png\r\n--XYZ\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n\r\n${'x'.repeat(1000)}`,
    });
    expect(broken.status).toBe(400);
    const status = await ctx.authed('GET', `/api/chunk/status/${fileId}`);
    expect(status.body.data).toEqual({ fileId, totalChunks, received: [0, 2], complete: false });
    // One part file written in place, no temporary file left behind (what is held is in the database).
    expect(readdirSync(chunkDir(fileId)).sort()).toEqual(['data.part']);
    // The client sends what is missing.
    const missing = [...Array(totalChunks).keys()].filter((i) => !status.body.data.received.includes(i));
    let last;
    for (const i of missing) last = await sendChunk(ctx, token, fields(i), chunkOf(original, i));
    expect(last!.body.data.complete).toBe(true);
    expect(sha256((await fetchBytes(ctx, last!.body.data.file.url)).bytes)).toBe(sha256(original));
    expect((await ctx.authed('GET', '/api/chunk/status/never-heard-of-it')).status).toBe(404);
  });

  it('refuses a file over 500,000,000 bytes before writing anything', async () => {
    const fileId = randomUUID();
    const res = await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks: 251, originalFileName: 'huge.pdf' }, pdfBytes(CHUNK));
    expect(res.status).toBe(413);
    expect(res.body.Message).toMatch(/500[.,]000[.,]000/);
    const bySize = await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks: 250, originalFileName: 'huge.pdf', totalSize: 500_000_001 }, pdfBytes(CHUNK));
    expect(bySize.status).toBe(413);
    expect(existsSync(chunkDir(fileId))).toBe(false);
  });

  it('refuses an oversized chunk, an index out of range and a changed totalChunks', async () => {
    const fileId = randomUUID();
    const big = await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks: 2, originalFileName: 'a.pdf' }, pdfBytes(CHUNK + 1));
    expect(big.status).toBe(413);
    expect(big.body.Message).toMatch(/2[.,]000[.,]000/);
    expect((await ctx.authed('GET', `/api/chunk/status/${fileId}`)).body.data).toMatchObject({ received: [] });
    const outside = await sendChunk(ctx, token, { fileId, chunkIndex: 2, totalChunks: 2, originalFileName: 'a.pdf' }, pdfBytes(10));
    expect(outside.status).toBe(400);
    const changed = await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks: 3, originalFileName: 'a.pdf' }, pdfBytes(CHUNK));
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 409, Message: expect.stringContaining('totalChunks') });
    const noFolder = await sendChunk(ctx, token, { fileId: randomUUID(), chunkIndex: 0, totalChunks: 1, originalFileName: 'a.pdf', folderId: 999_999 }, pdfBytes(10));
    expect(noFolder.status).toBe(404);
  });

  it('refuses a wrong type by extension and by content, keeping nothing', async () => {
    const before = blobs().length;
    const exe = await sendChunk(ctx, token, { fileId: randomUUID(), chunkIndex: 0, totalChunks: 1, originalFileName: 'setup.exe' }, Buffer.from('MZ\x90\x00'));
    expect(exe.status).toBe(415);
    expect(exe.body.Message).toContain('.exe');
    const text = Buffer.from('I am text pretending to be a picture.\n'.repeat(100_000));
    const fileId = randomUUID();
    const totalChunks = chunkCount(text.length);
    const fake = await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks, originalFileName: 'photo.png' }, chunkOf(text, 0));
    expect(fake.status).toBe(415);
    expect(fake.body.Message).toContain('photo.png');
    expect(existsSync(chunkDir(fileId))).toBe(false);
    const small = await sendChunk(ctx, token, { fileId: randomUUID(), chunkIndex: 0, totalChunks: 1, originalFileName: 'tiny.png' }, text.subarray(0, 300));
    expect(small.status).toBe(415);
    const binaryTxt = await sendChunk(ctx, token, { fileId: randomUUID(), chunkIndex: 0, totalChunks: 1, originalFileName: 'notes.txt' }, pngBytes(500));
    expect(binaryTxt.status).toBe(415);
    expect(blobs().length).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it('keeps a traversal name inside the store', async () => {
    const file = await uploadFile(ctx, token, '../../etc/passwd.png', pngBytes(2000));
    expect(file.name).toBe('passwd.png');
    expect(existsSync(path.join(ctx.dataDir, 'etc'))).toBe(false);
    expect(existsSync(path.join(ctx.dataDir, '..', 'etc', 'passwd.png'))).toBe(false);
    const stored = file.url.split('/')[2];
    expect(existsSync(path.join(ctx.dataDir, 'files', stored))).toBe(true);
    const again = await uploadFile(ctx, token, 'PASSWD.png', pngBytes(2000));
    expect(again.name).toBe('PASSWD (1).png');
  });

  it('Files/uploads stores every file of the form in the Editor folder and answers their urls', async () => {
    const png = pngBytes(3000);
    const pdf = pdfBytes(4000);
    const form = new FormData();
    form.append('files', new Blob([png]), 'ảnh 1.png');
    form.append('files', new Blob([pdf]), 'tài liệu.pdf');
    const res = await ctx.request('POST', '/api/Files/uploads', { body: form, token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ name: 'ảnh 1.png', size: png.length, url: expect.stringMatching(/^\/files\//) });
    expect(res.body.data[1]).toMatchObject({ name: 'tài liệu.pdf', size: pdf.length });
    const served = await fetchBytes(ctx, res.body.data[0].url);
    expect(sha256(served.bytes)).toBe(sha256(png));
    const root = await ctx.authed('GET', '/api/folders/current-directory/0');
    const editor = root.body.folders.find((f: { name: string }) => f.name === 'Editor');
    expect(editor).toBeDefined();
    const inEditor = await ctx.authed('GET', `/api/folders/current-directory/${editor.id}`);
    expect(inEditor.body.files.data.map((f: { name: string }) => f.name).sort()).toEqual(['tài liệu.pdf', 'ảnh 1.png'].sort());

    // One bad file refuses the whole form and keeps nothing of it.
    const bad = new FormData();
    bad.append('upload', new Blob([png]), 'ok.png');
    bad.append('upload', new Blob([Buffer.from('plain text')]), 'bad.jpg');
    const before = blobs().length;
    const refused = await ctx.request('POST', '/api/Files/uploads', { body: bad, token });
    expect(refused.status).toBe(415);
    expect(blobs().length).toBe(before);
    expect((await ctx.authed('GET', `/api/folders/current-directory/${editor.id}`)).body.files.totalRows).toBe(2);
  });

  it('serves a file publicly with its type, long caching, validators and ranges; a deleted file is 404', async () => {
    const original = pngBytes(50_000);
    const file = await uploadFile(ctx, token, 'banner.png', original);
    const served = await fetchBytes(ctx, file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(original.length));
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('last-modified')).toBeTruthy();
    const etag = served.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(sha256(served.bytes)).toBe(sha256(original));

    const notModified = await fetchBytes(ctx, file.url, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(notModified.status).toBe(304);

    const range = await fetchBytes(ctx, file.url, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${original.length}`);
    expect(range.bytes.equals(original.subarray(100, 200))).toBe(true);
    const unsatisfiable = await fetchBytes(ctx, file.url, { headers: { range: `bytes=${original.length + 10}-` } });
    expect(unsatisfiable.status).toBe(416);

    const text = await uploadFile(ctx, token, 'ghi chú.txt', Buffer.from('Xin chào\n'));
    expect((await fetchBytes(ctx, text.url)).headers.get('content-type')).toBe('text/plain; charset=utf-8');

    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
    expect((await fetchBytes(ctx, file.url)).status).toBe(404);
    expect((await fetchBytes(ctx, `/api/Files/downloads/${file.id}`, { token })).status).toBe(404);
    expect((await fetchBytes(ctx, '/files/not-a-key/x.png')).status).toBe(404);
  });

  it('answers a disk error with a Message and leaves no partial file', async () => {
    const failAfter = (limit: number): OpenSink => async (p, o) => {
      const sink = await openFileSink(p, o);
      let written = 0;
      return {
        ...sink,
        async write(pieces, position) {
          written += byteLength(pieces);
          if (written > limit) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
          return sink.write(pieces, position);
        },
      };
    };
    await ctx.restart({ files: { openSink: failAfter(1_000_000) } });
    try {
      const t = (await ctx.signIn()).access_token;
      const original = pngBytes(CHUNK + 500);
      const fileId = randomUUID();
      const res = await sendChunk(ctx, t, { fileId, chunkIndex: 0, totalChunks: 2, originalFileName: 'full.png' }, chunkOf(original, 0));
      expect(res.status).toBe(507);
      expect(res.body).toMatchObject({ code: 507, Message: expect.stringMatching(/dung lượng/) });
      expect((await ctx.authed('GET', `/api/chunk/status/${fileId}`)).body.data).toMatchObject({ received: [] });

      const form = new FormData();
      form.append('file', new Blob([original]), 'full.png');
      const before = blobs().length;
      const editor = await ctx.request('POST', '/api/Files/uploads', { body: form, token: t, headers: { 'accept-language': 'en-US' } });
      expect(editor.status).toBe(507);
      expect(editor.body.Message).toMatch(/storage space/);
      expect(blobs().length).toBe(before);
      expect(tempFiles()).toEqual([]);
    } finally {
      await ctx.restart({ files: {} });
      token = (await ctx.signIn()).access_token;
    }
  });

  it('sweeps an upload abandoned for a day', async () => {
    const fileId = randomUUID();
    await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks: 3, originalFileName: 'left.png' }, chunkOf(pngBytes(3 * CHUNK), 0));
    const { chunks } = filesEngine(ctx.app);
    expect(await chunks.sweep()).toBe(0);
    expect(existsSync(chunkDir(fileId))).toBe(true);
    ctx.clock.advance(25 * 3600 * 1000);
    expect(await chunks.sweep()).toBeGreaterThanOrEqual(1);
    expect(existsSync(chunkDir(fileId))).toBe(false);
    expect((await ctx.authed('GET', `/api/chunk/status/${fileId}`)).status).toBe(404);
  });

  it('needs a bearer token for /api but not for served files', async () => {
    expect((await ctx.request('GET', '/api/folders/current-directory/0')).status).toBe(401);
    const form = new FormData();
    form.append('file', new Blob([pngBytes(100)]), 'x.png');
    expect((await ctx.request('POST', '/api/chunk/upload', { body: form })).status).toBe(401);
    const file = await uploadFile(ctx, token, 'public.png', pngBytes(1000));
    expect((await fetchBytes(ctx, file.url)).status).toBe(200);
    expect(await readFile(path.join(ctx.dataDir, 'files', file.url.split('/')[2]))).toHaveLength(file.size);
  });
});
