// What goes over the wire: the console's files precompressed (brotli, gzip, or as they are, by
// Accept-Encoding), JSON answers above 1 KB compressed, stored files byte for byte as stored, and API
// addresses typed into a browser answered with the console rather than JSON.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { drawPng } from '../../server/demo/png';
import { uploadFile } from './files-helpers';
import { rawGet } from './raw-get';
import { describeEachDatabase, withProbe } from './harness';

/** What Chromium sends when a person opens an address. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };
const BIG = { data: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Tin tức số ${i}` })), totalRows: 300 };
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const PAGE = `<!doctype html><title>Sitedesk console</title><!-- ${'x'.repeat(2000)} -->`;
const TINY = 'export const one = 1;\n';

/** A built console in miniature: index.html and a hashed script with their .br/.gz siblings, a tiny script without. */
function fakeRenderer(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const write = (relative: string, text: string, siblings: boolean) => {
    const file = path.join(dir, relative);
    fs.writeFileSync(file, text);
    if (!siblings) return;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  };
  write('index.html', PAGE, true);
  write('assets/index-Zz9.js', SCRIPT, true);
  write('assets/tiny-Aa1.js', TINY, false);
}

describeEachDatabase('compression', (ctx) => {
  it('sends the console precompressed: brotli, else gzip, else as it is; hashed assets cached for good, the page never', async () => {
    const dir = path.join(ctx.dataDir, 'renderer-compressed');
    fakeRenderer(dir);
    await ctx.restart({ rendererDir: dir });
    const asset = '/assets/index-Zz9.js';

    const br = await rawGet(ctx.baseUrl, asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(br.bytes.length).toBe(fs.statSync(path.join(dir, `${asset}.br`)).size);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);

    const gz = await rawGet(ctx.baseUrl, asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe(br.headers['content-type']);
    expect(Number(gz.headers['content-length'])).toBe(fs.statSync(path.join(dir, `${asset}.gz`)).size);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.bytes).toString()).toBe(SCRIPT);

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const plain = await rawGet(ctx.baseUrl, asset, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe(br.headers['content-type']);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.bytes.toString()).toBe(SCRIPT);
    }

    // A file the build left without siblings (under its threshold) goes as it is, not compressed per request.
    const tiny = await rawGet(ctx.baseUrl, '/assets/tiny-Aa1.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.bytes.toString()).toBe(TINY);

    // The page itself is precompressed too, and never cached: it names the current assets.
    const page = await rawGet(ctx.baseUrl, '/news', BROWSER);
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.bytes).toString()).toBe(PAGE);
  });

  it('sends the console with the security headers: the desktop CSP, no framing, nosniff, no referrer; the page no-cache', async () => {
    const dir = path.join(ctx.dataDir, 'renderer-headers');
    fakeRenderer(dir);
    await ctx.restart({ rendererDir: dir });
    for (const p of ['/', '/news/12', '/index.html']) {
      const page = await rawGet(ctx.baseUrl, p, BROWSER);
      expect(page.status).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-frame-options']).toBeDefined();
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    // Stored files stay loadable by the public websites (another origin).
    const api = await rawGet(ctx.baseUrl, '/health');
    expect(api.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses JSON answers above 1 KB; small answers and error answers go as they are', async () => {
    const big = await rawGet(ctx.baseUrl, '/probe/big', { 'accept-encoding': 'gzip, deflate, br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-type']).toContain('application/json');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(big.bytes.length).toBeLessThan(Buffer.byteLength(JSON.stringify(BIG)) / 2);
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

    for (const p of ['/api/NoSuchThing', '/api/Files/downloads/1']) {
      const error = await rawGet(ctx.baseUrl, p, { accept: 'application/json', 'accept-encoding': 'br, gzip' });
      expect(error.status, p).toBeGreaterThanOrEqual(400);
      expect(error.headers['content-encoding'], p).toBeUndefined();
      expect(JSON.parse(error.bytes.toString()).Message, p).toBeTruthy();
    }
  });

  it('sends stored files byte for byte as stored, whatever the client accepts, even to a browser', async () => {
    const { access_token: token } = await ctx.signIn();
    // Text compresses well: it must still go as stored (its Content-Length, ETag and ranges are the file's).
    const text = Buffer.from(Array.from({ length: 4000 }, (_, i) => `dòng ${i}\n`).join(''));
    const txt = await uploadFile(ctx, token, 'notes.txt', text);
    const png = drawPng({ width: 64, height: 48, from: [10, 80, 160], to: [200, 220, 240] });
    const image = await uploadFile(ctx, token, 'picture.png', png);

    for (const [label, p, headers] of [
      ['served', txt.url, { 'accept-encoding': 'br, gzip' }],
      ['download', `/api/Files/downloads/${txt.id}`, { 'accept-encoding': 'br, gzip', authorization: `Bearer ${token}` }],
      ['in a browser', txt.url, BROWSER],
    ] as const) {
      const res = await rawGet(ctx.baseUrl, p, headers);
      expect(res.status, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBeUndefined();
      expect(res.headers['content-type'], label).toContain('text/plain');
      expect(Number(res.headers['content-length']), label).toBe(text.length);
      expect(res.bytes.equals(text), label).toBe(true);
    }
    const ranged = await rawGet(ctx.baseUrl, txt.url, { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' });
    expect(ranged.status).toBe(206);
    expect(ranged.bytes.equals(text.subarray(0, 10))).toBe(true);

    // A person opening an image's address gets the image, not the console.
    const picture = await rawGet(ctx.baseUrl, image.url, BROWSER);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.bytes.equals(png)).toBe(true);
  });

  it('answers a browser that opens an API address with the console, an API client with JSON', async () => {
    const dir = path.join(ctx.dataDir, 'renderer-page');
    fakeRenderer(dir);
    await ctx.restart({ rendererDir: dir });
    for (const p of ['/files', '/files/', '/FILES', '/api/NoSuchThing', '/auth']) {
      const page = await ctx.request('GET', p, { headers: BROWSER });
      expect(page.status, p).toBe(200);
      expect(page.headers.get('content-type'), p).toContain('text/html');
      expect(page.text, p).toBe(PAGE);
      for (const accept of ['application/json', '*/*']) {
        const api = await ctx.request('GET', p, { headers: { accept } });
        expect(api.status, p).toBe(404);
        expect(api.headers.get('content-type'), p).toContain('application/json');
        expect(api.body.Message, p).toBeTruthy();
      }
    }
    // Only GET: a form posted to an unknown API address still gets the JSON 404.
    const post = await ctx.request('POST', '/files', { headers: BROWSER, json: {} });
    expect(post.status).toBe(404);
    expect(post.body.Message).toBeTruthy();
  });
}, withProbe(async (app) => {
  app.get('/big', async () => BIG);
}));
