// What goes over the wire: the console's files precompressed (brotli, gzip, or as they are, by
// Accept-Encoding), API answers above 1 KB compressed, files under /files byte for byte, and API
// addresses typed into a browser answered with the console rather than JSON.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { fetchBytes, uploadFile } from './files-helpers';
import { describeEachDatabase } from './harness';

/** A raw GET (node:http does not decode), so the test sees the bytes as sent. */
function rawGet(baseUrl: string, p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    http
      .get(baseUrl + p, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

const BIG = { data: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Tin tức số ${i}` })), totalRows: 300 };
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;

describeEachDatabase('compression', (ctx) => {
  it('sends the console precompressed: brotli, else gzip, else as it is; hashed assets cached for good', async () => {
    const dir = path.join(ctx.dataDir, 'renderer-compressed');
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Sitedesk console</title>');
    const asset = path.join(dir, 'assets', 'index-Zz9.js');
    fs.writeFileSync(asset, SCRIPT);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(SCRIPT));
    await ctx.restart({ rendererDir: dir });

    const br = await rawGet(ctx.baseUrl, '/assets/index-Zz9.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);

    const gz = await rawGet(ctx.baseUrl, '/assets/index-Zz9.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.bytes).toString()).toBe(SCRIPT);

    const plain = await rawGet(ctx.baseUrl, '/assets/index-Zz9.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(SCRIPT);

    // The page itself is never cached (it names the current assets).
    const page = await rawGet(ctx.baseUrl, '/news', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers above 1 KB and leaves small ones and files as they are', async () => {
    const { access_token: token } = await ctx.signIn();
    const big = await rawGet(ctx.baseUrl, '/probe/big', { 'accept-encoding': 'br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.bytes).toString())).toEqual(BIG);
    const gz = await rawGet(ctx.baseUrl, '/probe/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.bytes).toString())).toEqual(BIG);
    const plain = await rawGet(ctx.baseUrl, '/probe/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString())).toEqual(BIG);

    const small = await rawGet(ctx.baseUrl, '/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toEqual({ status: 'ok' });

    // A stored file comes back byte for byte, whatever the client accepts.
    const bytes = Buffer.alloc(64 * 1024, 'a');
    const file = await uploadFile(ctx, token, 'plain.txt', bytes);
    const served = await fetchBytes(ctx, file.url, { headers: { 'accept-encoding': 'identity' } });
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);
  });

  it('answers a browser that opens an API address with the console, an API client with JSON', async () => {
    const dir = path.join(ctx.dataDir, 'renderer-page');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Sitedesk console</title>');
    await ctx.restart({ rendererDir: dir });
    for (const p of ['/files', '/files/', '/api/NoSuchThing']) {
      const page = await ctx.request('GET', p, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.text, p).toContain('Sitedesk console');
      const api = await ctx.request('GET', p, { headers: { accept: 'application/json' } });
      expect(api.status, p).toBe(404);
      expect(api.body.Message, p).toBeTruthy();
    }
  });
}, {
  app: {
    extraModules: [
      {
        name: 'probe',
        prefix: '/probe',
        auth: 'public',
        plugin: async (app) => {
          app.get('/big', async () => BIG);
        },
      },
    ],
  },
});
