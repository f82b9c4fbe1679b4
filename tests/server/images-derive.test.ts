// Images sized for the page (issue 41): `GET /files/{uuid}/{name}?w=&h=&fit=&format=&q=` and `?preset=` answer a
// derivative of the image (server/files/images), made once and stored in the file store, on both databases and on
// both stores (the disk, and S3 through its test double): the sizes rounded up to the allowed set and never enlarged,
// the formats (auto from Accept, with Vary: Accept), the bounds (400 naming the parameter), the original unchanged
// without parameters and for what is not an image, the cover crop around the focal point, the same caching as an
// original (immutable, ETag, 304, Range), made once for twenty requests at once (and, on PostgreSQL, for requests on
// two instances at once), and removed with its original (delete, purge).
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { removeFileBytes } from '../../server/files/trash';
import { purgeTrash } from '../../server/history/trash';
import { pdfBytes } from './file-bytes';
import { describeEachDatabase, EN, type ServerTestContext } from './harness';
import { fetchBytes, sha256, uploadFile } from './files-helpers';
import { otherInstance } from './instances';
import { startS3Double } from './s3-double';

const s3 = await startS3Double('sitedesk-images');
afterAll(() => s3.close());

/** A JPEG photo (1200×800 unless said) whose left half is red and right half blue: where a crop was taken shows in its colour. */
async function redBlue(width = 1200, height = 800): Promise<Buffer> {
  const blue = await sharp({ create: { width: width / 2, height, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: width / 2, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The mean red and blue of an image's pixels. */
async function colours(bytes: Buffer) {
  const { channels } = await sharp(bytes).stats();
  return { red: channels[0].mean, blue: channels[2].mean };
}

const storedNameOf = (url: string) => url.split('/')[2];

function imageSuite(ctx: ServerTestContext, store: 'disk' | 's3') {
  let token: string;
  let photo: { id: number; url: string };
  let photoBytes: Buffer;

  /** The derivatives stored for an original, wherever the store keeps them. */
  const derivedObjects = async (storedName: string): Promise<string[]> => {
    if (store === 's3') return s3.keys(`derived/${storedName}/`);
    const dir = path.join(ctx.dataDir, 'files', 'derived', storedName);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const derivedRows = (storedName: string) => ctx.db.selectFrom('file_derivatives').selectAll().where('storedName', '=', storedName).execute();
  const image = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetchBytes(ctx, url, { headers });
    expect(res.status, res.bytes.toString().slice(0, 300)).toBe(200);
    return { ...res, meta: await sharp(res.bytes).metadata() };
  };
  /** Uploaded under a name of its own (`ảnh.jpg` → `ảnh-disk-sqlite-<n>.jpg`): one folder holds every suite's. */
  const upload = async (name: string, bytes: Buffer) => {
    const ext = path.extname(name);
    return uploadFile(ctx, token, `${path.basename(name, ext)}-${store}-${ctx.dialect}-${Date.now()}${ext}`, bytes);
  };

  it('uploads the images', async () => {
    token = (await ctx.signIn()).access_token;
    photoBytes = await redBlue();
    photo = await upload('ảnh.jpg', photoBytes);
  });

  it('sizes: a width is rounded up to the allowed set, the proportions kept; a preset gives its own box; no parameter is the original exactly', async () => {
    const w300 = await image(`${photo.url}?w=300`);
    expect([w300.meta.width, w300.meta.height]).toEqual([320, 213]); // 300 → 320, the next allowed width
    expect(w300.headers.get('content-type')).toBe('image/jpeg'); // no Accept for webp or avif: the original's format
    const h500 = await image(`${photo.url}?h=500&fit=inside`);
    expect([h500.meta.width, h500.meta.height]).toEqual([960, 640]); // 500 → 640
    const box = await image(`${photo.url}?w=640&h=640&fit=contain&format=png`);
    expect([box.meta.width, box.meta.height]).toEqual([640, 640]);
    const inside = await image(`${photo.url}?w=640&h=640&fit=inside`);
    expect([inside.meta.width, inside.meta.height]).toEqual([640, 427]);
    const thumb = await image(`${photo.url}?preset=thumb`);
    expect([thumb.meta.width, thumb.meta.height]).toEqual([256, 256]);
    const og = await image(`${photo.url}?preset=og`);
    expect([og.meta.width, og.meta.height, og.meta.format]).toEqual([1200, 630, 'jpeg']);
    // A preset's values may be overridden one by one.
    const card = await image(`${photo.url}?preset=card&format=webp`);
    expect([card.meta.width, card.meta.height, card.meta.format]).toEqual([640, 480, 'webp']);

    for (const url of [photo.url, `${photo.url}?v=2`]) {
      const original = await fetchBytes(ctx, url);
      expect(sha256(original.bytes)).toBe(sha256(photoBytes));
      expect(original.headers.get('vary') ?? '').not.toMatch(/accept(?!-)/i);
    }
  });

  it('never enlarges: a small image asked bigger comes at its own size', async () => {
    const small = await upload('nhỏ.png', await sharp({ create: { width: 100, height: 80, channels: 4, background: '#36c' } }).png().toBuffer());
    const big = await image(`${small.url}?w=1920`);
    expect([big.meta.width, big.meta.height, big.meta.format]).toEqual([100, 80, 'png']);
    const covered = await image(`${small.url}?w=4096&h=4096&fit=cover`);
    expect(covered.meta.width).toBeLessThanOrEqual(100);
    expect(covered.meta.height).toBeLessThanOrEqual(80);
    const fromPhoto = await image(`${photo.url}?w=4096`);
    expect([fromPhoto.meta.width, fromPhoto.meta.height]).toEqual([1200, 800]);
  });

  it('formats: webp, avif, jpeg, png when asked; auto follows Accept (avif, then webp, else the original\'s) and says Vary: Accept', async () => {
    for (const [format, read, type] of [['webp', 'webp', 'image/webp'], ['avif', 'heif', 'image/avif'], ['png', 'png', 'image/png'], ['jpeg', 'jpeg', 'image/jpeg']]) {
      const res = await image(`${photo.url}?w=320&format=${format}`);
      expect([res.meta.format, res.headers.get('content-type')]).toEqual([read, type]);
      expect(res.headers.get('vary') ?? '').not.toMatch(/\baccept\b(?!-)/i);
    }
    const browsers: [string, string][] = [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['image/avif;q=0,image/webp', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ];
    for (const [accept, type] of browsers) {
      const res = await image(`${photo.url}?w=320&format=auto`, { accept });
      expect(res.headers.get('content-type'), accept).toBe(type);
      expect(res.headers.get('vary')).toMatch(/\baccept\b(?!-)/i);
    }
    // The format alone (the last entry of a srcset: the image at its own width): the whole picture, re-encoded.
    const own = await image(`${photo.url}?format=auto`, { accept: 'image/webp,*/*' });
    expect([own.meta.width, own.meta.height, own.meta.format]).toEqual([1200, 800, 'webp']);
    // Each format is its own derivative.
    const variants = (await derivedRows(storedNameOf(photo.url))).map((r) => r.variant);
    expect(variants.filter((v) => v.startsWith('w320-cover-q80.'))).toEqual(expect.arrayContaining(['w320-cover-q80.avif', 'w320-cover-q80.webp', 'w320-cover-q80.jpeg']));
  });

  it('bounds: beyond 4096, 0, negative, not plain digits, an unknown fit, format or preset, q outside 1..100 → 400 naming the parameter', async () => {
    const refused: [string, string][] = [
      ['w=4097', 'w'], ['w=5000', 'w'], ['h=99999', 'h'], ['w=0', 'w'], ['w=-5', 'w'], ['w=abc', 'w'], ['w=1.5', 'w'], ['w=', 'w'], ['w=1e3', 'w'],
      ['h=0', 'h'], ['w=10&w=20', 'w'], ['fit=fill', 'fit'], ['format=gif', 'format'], ['preset=huge', 'preset'], ['q=0', 'q'], ['q=101', 'q'], ['q=x', 'q'],
    ];
    for (const [query, name] of refused) {
      const res = await ctx.request('GET', `${photo.url}?${query}`, EN);
      expect(res.status, query).toBe(400);
      expect(res.body.Message, query).toContain(`"${name}"`);
    }
    const vi = await ctx.request('GET', `${photo.url}?w=9000`);
    expect(vi.body.Message).toMatch(/Tham số "w"/);
    expect((await fetchBytes(ctx, `${photo.url}?w=4096&q=100`)).status).toBe(200);
    expect((await fetchBytes(ctx, `${photo.url}?w=1&q=1`)).status).toBe(200);
  });

  it('what is not an image is the original, unchanged, whatever the parameters', async () => {
    const pdf = pdfBytes(4000);
    const file = await uploadFile(ctx, token, `tài liệu-${store}-${ctx.dialect}.pdf`, pdf);
    const res = await fetchBytes(ctx, `${file.url}?w=320&format=webp`, { headers: { accept: 'image/avif,image/webp' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(res.bytes)).toBe(sha256(pdf));
    expect(await derivedRows(storedNameOf(file.url))).toEqual([]);
  });

  it('fit=cover crops around the focal point: at the right the crop is blue, at the left red; the centre without one', async () => {
    // 1600×600: the square crop is 600 wide, all red at the left edge, all blue at the right one, half and half between.
    const file = await upload('tiêu điểm.jpg', await redBlue(1600, 600));
    const square = `${file.url}?w=256&h=256&fit=cover&format=png`;
    const centre = await colours((await image(square)).bytes);
    expect(Math.abs(centre.red - centre.blue)).toBeLessThan(40); // half and half
    await ctx.db.updateTable('files').set({ focalX: 0.9, focalY: 0.5 }).where('id', '=', file.id).execute();
    const right = await colours((await image(square)).bytes);
    expect(right.blue).toBeGreaterThan(240);
    expect(right.red).toBeLessThan(15);
    await ctx.db.updateTable('files').set({ focalX: 0.05, focalY: 0.2 }).where('id', '=', file.id).execute();
    const left = await colours((await image(square)).bytes);
    expect(left.red).toBeGreaterThan(240);
    expect(left.blue).toBeLessThan(15);
    // A width alone keeps the whole picture: the focal point does not matter, nor make another derivative.
    await image(`${file.url}?w=320`);
    expect((await derivedRows(storedNameOf(file.url))).map((r) => r.variant).sort()).toEqual(['w256-h256-cover-fx0.05-fy0.2-q80.png', 'w256-h256-cover-fx0.5-fy0.5-q80.png', 'w256-h256-cover-fx0.9-fy0.5-q80.png', 'w320-cover-q80.jpeg']);
  });

  it('a derivative is served as an original is: a year of immutable caching, ETag and 304, Range, nosniff, named for its format', async () => {
    const url = `${photo.url}?w=640&format=webp`;
    const first = await image(url);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-length')).toBe(String(first.bytes.length));
    expect(first.headers.get('content-disposition')).toMatch(/inline; filename.*\.webp/);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const original = await fetchBytes(ctx, photo.url);
    expect(original.headers.get('etag')).not.toBe(etag);
    const again = await fetchBytes(ctx, url, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    const range = await fetchBytes(ctx, url, { headers: { range: 'bytes=10-109' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 10-109/${first.bytes.length}`);
    expect(range.bytes.equals(first.bytes.subarray(10, 110))).toBe(true);
  });

  it('answered again, a derivative is the same answer (bytes, ETag), and follows its file at once: renamed, named anew; deleted, gone', async () => {
    const file = await upload('lại.jpg', photoBytes);
    const url = `${file.url}?w=320&format=webp`;
    const first = await image(url);
    const again = await image(url);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    for (const header of ['etag', 'last-modified', 'cache-control', 'content-type', 'content-length', 'content-disposition', 'x-content-type-options']) {
      expect(again.headers.get(header), header).toBe(first.headers.get(header));
    }
    expect((await fetchBytes(ctx, url, { headers: { 'if-none-match': `"x", ${first.headers.get('etag')}` } })).status).toBe(304);
    expect((await fetchBytes(ctx, url, { headers: { 'if-modified-since': first.headers.get('last-modified')! } })).status).toBe(304);
    expect((await fetchBytes(ctx, url, { headers: { 'if-none-match': '"another"' } })).status).toBe(200);

    const renamed = await ctx.authed('PUT', `/api/Files/${file.id}`, { name: `đổi tên-${store}.jpg`, concurrencyStamp: file.concurrencyStamp });
    expect(renamed.status, renamed.text).toBe(200);
    expect(decodeURIComponent((await image(url)).headers.get('content-disposition')!)).toContain(`đổi tên-${store}.webp`);

    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
    expect((await fetchBytes(ctx, url)).status).toBe(404);
  });

  it('made once: twenty requests at once → one row, one stored object, the same bytes for all', async () => {
    const file = await upload('cùng lúc.jpg', photoBytes);
    const url = `${file.url}?w=960&format=webp`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetchBytes(ctx, url)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => sha256(a.bytes))).size).toBe(1);
    const rows = await derivedRows(storedNameOf(file.url));
    expect(rows.map((r) => [r.variant, r.state, Number(r.size)])).toEqual([['w960-cover-q80.webp', 'ready', answers[0].bytes.length]]);
    expect(await derivedObjects(storedNameOf(file.url))).toHaveLength(1);
  });

  it('a claim left by an instance that died while making it is taken over after two minutes', async () => {
    const file = await upload('bỏ dở.jpg', photoBytes);
    const storedName = storedNameOf(file.url);
    const claimedAt = new Date(ctx.clock.now().getTime() - 3 * 60_000).toISOString();
    await ctx.db.insertInto('file_derivatives').values({ storedName, variant: 'w320-cover-q80.jpeg', state: 'making', claimedAt, size: null, contentType: null }).execute();
    const res = await image(`${file.url}?w=320`);
    expect(res.meta.width).toBe(320);
    expect((await derivedRows(storedName)).map((r) => r.state)).toEqual(['ready']);
  });

  it('removed with the original: its delete takes the derivatives and their rows; a restore makes them again; the purge leaves nothing', async () => {
    const file = await upload('xoá.jpg', photoBytes);
    const storedName = storedNameOf(file.url);
    await image(`${file.url}?w=320`);
    await image(`${file.url}?preset=thumb`);
    expect(await derivedObjects(storedName)).toHaveLength(2);
    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
    expect(await derivedObjects(storedName)).toEqual([]);
    expect(await derivedRows(storedName)).toEqual([]);
    expect((await fetchBytes(ctx, `${file.url}?w=320`)).status).toBe(404);

    const website = (await ctx.db.selectFrom('websites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const trash = (await ctx.authed('GET', `/api/Trash/${website}?pageSize=1000`)).body.data as any[];
    const item = trash.find((t) => t.resource === 'file' && t.recordId === String(file.id));
    expect((await ctx.authed('POST', `/api/Trash/restore/${website}/${item.id}`, {}, EN)).status).toBe(200);
    expect((await image(`${file.url}?w=320`)).meta.width).toBe(320);
    expect(await derivedObjects(storedName)).toHaveLength(1);

    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
    try {
      ctx.clock.advance(91 * 86_400_000);
      await purgeTrash(ctx.app);
    } finally {
      ctx.clock.reset();
    }
    expect(await derivedObjects(storedName)).toEqual([]);
    expect(await derivedRows(storedName)).toEqual([]);
  });

  it('a person\'s erase of a file (its bytes, wherever they are) takes its derivatives too', async () => {
    const file = await upload('xoá dữ liệu.jpg', photoBytes);
    const storedName = storedNameOf(file.url);
    await image(`${file.url}?w=320`);
    expect(await derivedObjects(storedName)).toHaveLength(1);
    expect(await removeFileBytes(ctx.app, [file.url])).toEqual([storedName]);
    expect(await derivedObjects(storedName)).toEqual([]);
    expect(await derivedRows(storedName)).toEqual([]);
  });

  it('making a derivative is no change of content: the delivery API\'s change number stays', async () => {
    const file = await upload('không đổi.jpg', photoBytes);
    const changeNumber = async () => String((await ctx.db.selectFrom('data_changes' as any).select('n' as any).executeTakeFirstOrThrow() as any).n);
    const before = await changeNumber();
    await image(`${file.url}?w=480`);
    expect(await changeNumber()).toBe(before);
  });

  if (store === 's3') {
    it('two instances on one database and one bucket: twenty requests spread over both make the derivative once', { timeout: 60_000 }, async (test) => {
      if (ctx.dialect !== 'postgres') return test.skip(); // one process serves a SQLite file
      const other = await otherInstance(ctx, { files: { s3: s3.settings } }, 'images');
      try {
        const file = await upload('hai máy.jpg', photoBytes);
        const url = `${file.url}?w=1280&format=avif`;
        const answers = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            if (i % 2) return fetchBytes(ctx, url);
            const res = await other.app.inject({ method: 'GET', url });
            return { status: res.statusCode, bytes: res.rawPayload };
          }),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
        expect(new Set(answers.map((a) => sha256(a.bytes))).size).toBe(1);
        const rows = await derivedRows(storedNameOf(file.url));
        expect(rows.map((r) => [r.variant, r.state])).toEqual([['w1280-cover-q80.avif', 'ready']]);
        expect(await derivedObjects(storedNameOf(file.url))).toEqual([`derived/${storedNameOf(file.url)}/w1280-cover-q80.avif`]);

        // Deleted and restored through this instance: the other, which remembered the derivative as made, makes it again.
        expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
        expect((await other.app.inject({ method: 'GET', url })).statusCode).toBe(404);
        const website = (await ctx.db.selectFrom('websites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
        const trash = (await ctx.authed('GET', `/api/Trash/${website}?pageSize=1000`)).body.data as any[];
        const item = trash.find((t) => t.resource === 'file' && t.recordId === String(file.id));
        expect((await ctx.authed('POST', `/api/Trash/restore/${website}/${item.id}`, {}, EN)).status).toBe(200);
        const again = await other.app.inject({ method: 'GET', url });
        expect(again.statusCode).toBe(200);
        expect((await sharp(again.rawPayload).metadata()).format).toBe('heif');
        expect((await derivedRows(storedNameOf(file.url))).map((r) => r.state)).toEqual(['ready']);
      } finally {
        await other.close();
      }
    });
  }
}

describeEachDatabase('images: derivatives on disk', (ctx) => imageSuite(ctx, 'disk'));
describeEachDatabase('images: derivatives on S3', (ctx) => imageSuite(ctx, 's3'), { app: { files: { s3: s3.settings } } });
