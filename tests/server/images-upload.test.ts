// Images at upload (issue 41): a phone photo loses its EXIF (GPS included) and XMP, upright, measured, with a
// placeholder — through the editor's Files/uploads and chunked uploads, on disk and on the S3 double, on SQLite and
// PostgreSQL; what is not an image, or has nothing to remove, keeps its bytes; a copy keeps the values; files stored
// before are treated the same way by the backfill, once even when two runs race, never bringing back a deleted file's
// bytes; PUT Files/{id} takes a focal point and alt texts (checked, merged by language, in the history).
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { filesEngine } from '../../server/files/engine';
import { backfillImages } from '../../server/files/images/backfill';
import { stripStored } from '../../server/files/images/strip';
import { pdfBytes, pngBytes } from './file-bytes';
import { CHUNK, fetchBytes, sha256, uploadFile } from './files-helpers';
import { demoWebsites, describeEachDatabase, EN, type ServerTestContext } from './harness';
import { startS3Double } from './s3-double';

const s3 = await startS3Double('sitedesk-images');
afterAll(() => s3.close());

/**
 * A phone photo as cameras write it: `width`×`height` pixels stored sideways with EXIF orientation 6 (shown rotated a
 * quarter turn: `height`×`width`), the camera's make and a GPS position in its EXIF, an XMP packet. `noise` makes the
 * JPEG large (random pixels do not compress).
 */
async function phonePhoto(width = 300, height = 200, noise = false): Promise<Buffer> {
  const pixels = noise
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return pixels
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 45/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '106/1 40/1 12/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The EXIF GPS pointer (tag 0x8825) in either byte order. */
const hasGps = (exif: Buffer | undefined) => Boolean(exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))));

const storedNameOf = (url: string) => url.split('/')[2];

function editorUpload(ctx: ServerTestContext, token: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([bytes]), name);
  return ctx.request('POST', '/api/Files/uploads', { body: form, token });
}

function imageSuite(ctx: ServerTestContext, store: 'disk' | 's3') {
  let token: string;
  let photo: Buffer;

  beforeAll(async () => {
    token = (await ctx.signIn()).access_token;
    photo = await phonePhoto();
    // What the test starts from: the camera's metadata is there.
    const meta = await sharp(photo).metadata();
    expect(meta.orientation).toBe(6);
    expect(hasGps(meta.exif)).toBe(true);
    expect(meta.xmp).toBeDefined();
  });

  /** What a visitor's browser receives at the file's public address, and what sharp reads in it. */
  async function served(url: string) {
    const res = await fetchBytes(ctx, url);
    expect(res.status).toBe(200);
    return { bytes: res.bytes, meta: await sharp(res.bytes).metadata() };
  }

  const row = (id: number) => ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The stripped photo as served: no EXIF (no GPS), no XMP, no orientation tag; upright: 200×300; still a JPEG. */
  async function expectStripped(file: { id: number; url: string; size: number; width: number; height: number; placeholder: string }) {
    const { bytes, meta } = await served(file.url);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect([file.width, file.height]).toEqual([200, 300]);
    expect(file.size).toBe(bytes.length);
    expect(Buffer.from(file.placeholder, 'base64').length).toBeGreaterThan(5);
    expect((await row(file.id)).imageState).toBe(1);
  }

  it(`strips and measures a photo sent to Files/uploads (${store})`, async () => {
    const res = await editorUpload(ctx, token, `ảnh-điện-thoại-${store}.jpg`, photo);
    expect(res.status, res.text).toBe(200);
    await expectStripped(res.body.data[0]);
  });

  it(`strips and measures a photo sent in chunks, several of them (${store})`, async () => {
    const large = await phonePhoto(2600, 1100, true);
    expect(large.length).toBeGreaterThan(CHUNK); // two chunks at least
    const file = (await uploadFile(ctx, token, `ảnh-lớn-${store}.jpg`, large)) as any;
    const { meta } = await served(file.url);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1100, 2600]);
    expect([file.width, file.height]).toEqual([1100, 2600]);
    expect(file.placeholder).toBeTruthy();
    const small = (await uploadFile(ctx, token, `ảnh-nhỏ-${store}.jpg`, photo)) as any;
    await expectStripped(small);
  });

  it(`keeps the bytes of what is not an image, and of an image with nothing to remove (${store})`, async () => {
    const pdf = pdfBytes(5000);
    const doc = (await uploadFile(ctx, token, `bảng-giá-${store}.pdf`, pdf)) as any;
    expect(sha256((await fetchBytes(ctx, doc.url)).bytes)).toBe(sha256(pdf));
    expect([doc.width, doc.height, doc.placeholder]).toEqual([null, null, null]);
    expect((await row(doc.id)).imageState).toBe(2);

    const png = pngBytes(3000); // 1×1, no metadata
    const clean = (await editorUpload(ctx, token, `chấm-${store}.png`, png)).body.data[0];
    expect(sha256((await fetchBytes(ctx, clean.url)).bytes)).toBe(sha256(png));
    expect([clean.width, clean.height, clean.size]).toEqual([1, 1, png.length]);
    expect((await row(clean.id)).imageState).toBe(1);
  });

  it(`leaves a visitor's CV sent with an application as it came (${store})`, async () => {
    const { clinic } = await demoWebsites(ctx);
    const cv = pdfBytes(4000);
    const data = new FormData();
    data.append('fullName', `Ứng Viên Ảnh ${store}`);
    data.append('phoneNumber', '0912000333');
    data.append('cv', new Blob([cv], { type: 'application/pdf' }), 'hồ sơ.pdf');
    const sent = await ctx.request('POST', `/public/${clinic}/applications`, { body: data, ...EN });
    expect(sent.status, sent.text).toBe(201);
    const file = await ctx.db.selectFrom('files').selectAll().where('name', 'like', 'CV-%').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(file).toMatchObject({ imageState: 2, width: null, placeholder: null, size: cv.length });
    expect(sha256((await fetchBytes(ctx, file.url)).bytes)).toBe(sha256(cv));
  });

  it(`PUT Files/{id} sets a focal point and alt texts, checked, merged by language, in the history; a copy keeps them (${store})`, async () => {
    const file = (await editorUpload(ctx, token, `tiêu-điểm-${store}.jpg`, photo)).body.data[0];
    const put = (body: Record<string, unknown>, stamp: string) => ctx.request('PUT', `/api/Files/${file.id}`, { json: { concurrencyStamp: stamp, ...body }, token, ...EN });

    for (const [body, field] of [
      [{ focalX: 1.5 }, 'focalX'],
      [{ focalY: -0.1 }, 'focalY'],
      [{ focalX: 'x' }, 'focalX'],
      [{ alt: 'a photo' }, 'alt'],
      [{ alt: ['a photo'] }, 'alt'],
      [{ alt: { 'en-US': 'x'.repeat(501) } }, 'alt.en-US'],
      [{ alt: { 'not a language': 'x' } }, 'alt'],
    ] as const) {
      const res = await put(body, file.concurrencyStamp);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.Message).toContain(field);
    }
    expect(await row(file.id)).toMatchObject({ focalX: null, focalY: null, alt: null, concurrencyStamp: file.concurrencyStamp });

    const first = await put({ focalX: 0.8, focalY: 0.25, alt: { 'vi-VN': 'Phòng khám', 'en-US': 'The clinic' } }, file.concurrencyStamp);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ focalX: 0.8, focalY: 0.25, alt: { 'vi-VN': 'Phòng khám', 'en-US': 'The clinic' }, width: 200, height: 300 });
    // Another website's language: the others keep theirs; '' removes one.
    const second = await put({ alt: { 'en-US': '', fr: 'La clinique' } }, first.body.data.concurrencyStamp);
    expect(second.body.data.alt).toEqual({ 'vi-VN': 'Phòng khám', fr: 'La clinique' });
    // The console's rename sends the name alone: the focal point and alt texts stay.
    const renamed = await put({ name: `đổi-tên-${store}.jpg` }, second.body.data.concurrencyStamp);
    expect(renamed.body.data).toMatchObject({ focalX: 0.8, focalY: 0.25, alt: { 'vi-VN': 'Phòng khám', fr: 'La clinique' } });
    // null: back to the centre.
    const centred = await put({ focalX: null, focalY: null }, renamed.body.data.concurrencyStamp);
    expect(centred.body.data).toMatchObject({ focalX: null, focalY: null });
    // A stale stamp is refused as for any change.
    expect((await put({ focalX: 0.1 }, first.body.data.concurrencyStamp)).status).toBe(409);

    const entries = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'file').where('recordId', '=', String(file.id)).orderBy('id').execute();
    expect(entries.map((e) => e.operation)).toEqual(['create', 'update', 'update', 'update', 'update']);
    const changes = JSON.parse(entries[1].changes) as { field: string; after: unknown }[];
    expect(changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'focalX', after: 0.8 }), expect.objectContaining({ field: 'focalY', after: 0.25 })]));
    expect(changes.some((c) => c.field.startsWith('alt'))).toBe(true);

    const set = await put({ focalX: 0.1, focalY: 0.9 }, centred.body.data.concurrencyStamp);
    const copy = await ctx.request('POST', `/api/Files/copy/${file.id}`, { json: {}, token });
    expect(copy.status, copy.text).toBe(200);
    const { width, height, placeholder, focalX, focalY, alt } = set.body.data;
    expect(copy.body.data).toMatchObject({ width, height, placeholder, focalX, focalY, alt });
    expect((await row(copy.body.data.id)).imageState).toBe(1);
  });

  it(`a file deleted then restored from the trash keeps its focal point, alt texts, size and placeholder (${store})`, async () => {
    const file = (await editorUpload(ctx, token, `thùng-rác-${store}.jpg`, photo)).body.data[0];
    const set = await ctx.request('PUT', `/api/Files/${file.id}`, {
      json: { concurrencyStamp: file.concurrencyStamp, focalX: 0.3, focalY: 0.75, alt: { 'vi-VN': 'Quầy lễ tân', 'en-US': 'The front desk' } },
      token,
      ...EN,
    });
    expect(set.status, set.text).toBe(200);
    const before = (await ctx.request('GET', `/api/Files/by-url?url=${encodeURIComponent(file.url)}`, { token })).body.data;
    expect(before).toMatchObject({ focalX: 0.3, focalY: 0.75, alt: { 'vi-VN': 'Quầy lễ tân', 'en-US': 'The front desk' }, width: 200, height: 300 });
    expect(before.placeholder).toBeTruthy();

    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
    const website = (await demoWebsites(ctx)).clinic;
    const trash = (await ctx.authed('GET', `/api/Trash/${website}?pageSize=1000`)).body.data as { id: number; resource: string; recordId: string }[];
    const item = trash.find((t) => t.resource === 'file' && t.recordId === String(file.id))!;
    const restored = await ctx.authed('POST', `/api/Trash/restore/${website}/${item.id}`, {}, EN);
    expect(restored.status, restored.text).toBe(200);

    const after = (await ctx.request('GET', `/api/Files/by-url?url=${encodeURIComponent(file.url)}`, { token })).body.data;
    const { focalX, focalY, alt, width, height, placeholder, name, url } = before;
    expect(after).toMatchObject({ focalX, focalY, alt, width, height, placeholder, name, url });
    expect((await served(file.url)).meta.width).toBe(200);
  });

  it(`the backfill strips and measures files stored before, once when two runs race, by the system (${store})`, async () => {
    const { store: files } = filesEngine(ctx.app);
    // Files as an earlier version stored them: the camera's bytes as sent, not looked at (imageState 0).
    const earlier = async (name: string, bytes: Buffer) => {
      const file = (await editorUpload(ctx, token, name, bytes)).body.data[0];
      await files.replaceBytes(storedNameOf(file.url), bytes);
      await ctx.db.updateTable('files').set({ imageState: 0, width: null, height: null, placeholder: null, size: bytes.length }).where('id', '=', file.id).execute();
      return file.id as number;
    };
    const photos = [await earlier(`cũ-1-${store}.jpg`, photo), await earlier(`cũ-2-${store}.jpg`, photo), await earlier(`cũ-3-${store}.jpg`, photo)];
    const doc = await earlier(`cũ-${store}.pdf`, pdfBytes(2000));
    expect(hasGps((await served((await row(photos[0])).url)).meta.exif)).toBe(true);

    const settled = await Promise.all([backfillImages(ctx.app), backfillImages(ctx.app)]);
    expect(settled[0] + settled[1]).toBe(4);
    for (const id of photos) {
      const file = await row(id);
      await expectStripped({ ...file, width: file.width!, height: file.height!, placeholder: file.placeholder!, size: Number(file.size) });
      const entries = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'file').where('recordId', '=', String(id)).orderBy('id').execute();
      expect(entries.map((e) => [e.operation, e.actorKind])).toEqual([
        ['create', 'user'],
        ['update', 'system'],
      ]);
    }
    expect(await row(doc)).toMatchObject({ imageState: 2, width: null });
    expect(await backfillImages(ctx.app)).toBe(0);
  });

  it(`the backfill leaves a file deleted meanwhile alone: its bytes do not come back (${store})`, async () => {
    const { store: files, catalog } = filesEngine(ctx.app);
    const file = (await editorUpload(ctx, token, `xoá-giữa-chừng-${store}.jpg`, photo)).body.data[0];
    const storedName = storedNameOf(file.url);
    await files.replaceBytes(storedName, photo);
    await ctx.db.updateTable('files').set({ imageState: 0, size: photo.length }).where('id', '=', file.id).execute();
    const stripped = await stripStored(files, { storedName, size: photo.length }, 'image/jpeg');
    expect(stripped.bytes).toBeDefined();
    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
    expect(await catalog.settleImage(file.id, storedName, stripped)).toBe(false);
    expect((await fetchBytes(ctx, file.url)).status).toBe(404);
    if (store === 's3') expect(await s3.keys(`files/${storedName}`)).toEqual([]);
    else expect(existsSync(path.join(ctx.dataDir, 'files', storedName))).toBe(false);
  });
}

describeEachDatabase('images at upload, on disk', (ctx) => imageSuite(ctx, 'disk'));
describeEachDatabase('images at upload, on S3', (ctx) => imageSuite(ctx, 's3'), { app: { files: { s3: s3.settings } } });
