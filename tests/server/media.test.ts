// Media (spec part 2): albums with photos and videos, media advertisements, waiting screens and their files, and
// where stored files are used. Files are uploaded through the chunked upload, as the console does.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';
import { uploadFile } from './files-helpers';
import { newsBody } from './news-helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==', 'base64');
const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2000)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41'), Buffer.alloc(500)]);

describeEachDatabase('media', (ctx) => {
  let clinic = 0;
  let spa = 0;
  let token = '';
  const urls = { png: '', mp3: '', mp4: '' };
  const ids = { png: 0, mp3: 0, mp4: 0 };
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
    token = (await ctx.signIn()).access_token;
    for (const [ext, bytes] of [['png', PNG], ['mp3', MP3], ['mp4', MP4]] as const) {
      const file = await uploadFile(ctx, token, `media-test.${ext}`, bytes);
      urls[ext] = file.url;
      ids[ext] = file.id;
    }
  });

  describe('where files are used', () => {
    it('counts a file shown in rich text: a news article (once for its two languages) and a job description', async () => {
      const file = await uploadFile(ctx, token, 'so_do_kham.png', PNG);
      const img = `<p>Sơ đồ:</p><p><img src="${file.url}" alt="Sơ đồ khám"></p>`;
      const body = newsBody();
      for (const t of body.newsTranslations) t.content = img;
      const news = await ctx.authed('POST', `/api/News/${clinic}/false`, body);
      expect(news.status, news.text).toBe(200);
      // The file's name alone, without its address, does not show it.
      const job = await ctx.authed('POST', `/api/Jobs/${clinic}`, {
        name: tr('Điều dưỡng'), seoLink: `dieu-duong-${Date.now()}`, salaryRange: '10 triệu', quantity: 1, order: 0, isActive: true,
        description: tr(img, img), requirement: tr('<p>Xem so_do_kham.png</p>'),
      });
      expect(job.status, job.text).toBe(200);
      const usages = (await ctx.authed('GET', `/api/Files/usages?ids=${file.id},${ids.mp3}`, undefined, EN)).body.data as Record<string, unknown>[];
      const uses = usages.filter((u) => u.fileId === file.id).map(({ resource, id, field, label, websiteId }) => ({ resource, id, field, label, websiteId }));
      expect(uses).toEqual(
        expect.arrayContaining([
          { resource: 'job', id: job.body.data.id, field: 'Description', label: 'Job', websiteId: clinic },
          { resource: 'news', id: news.body.data.id, field: 'Content', label: 'News', websiteId: clinic },
        ]),
      );
      expect(uses).toHaveLength(2);
    });
  });

  describe('albums', () => {
    it('a photo album with photos, a video album with videos; the type stays; deleting keeps the files', async () => {
      const bad = await ctx.authed('POST', `/api/Albums/${clinic}`, { name: tr('', ''), order: -1 }, EN);
      expect(bad.body.errors).toEqual([
        { field: 'name', languageId: 'vi-VN', message: 'Name (Tiếng Việt) is required' },
        { field: 'name', languageId: 'en-US', message: 'Name (English) is required' },
        { field: 'order', message: 'Order must be in the right format' },
      ]);
      const photos = (await ctx.authed('POST', `/api/Albums/${clinic}`, { name: tr('Khai trương', 'Opening'), type: 0, seoLink: 'khai-truong' })).body.data;
      expect(photos).toMatchObject({ type: 0, isActive: true, isHomePage: false });
      // Saving answers the new stamp (the screen stays and keeps editing with it); the type never changes.
      const saved = await ctx.authed('PUT', `/api/Albums/${clinic}/${photos.id}`, { ...photos, type: 1, isHot: true });
      expect(saved.body.data).toMatchObject({ type: 0, isHot: true });
      expect(saved.body.data.concurrencyStamp).not.toBe(photos.concurrencyStamp);
      expect((await ctx.authed('PUT', `/api/Albums/${clinic}/${photos.id}`, { ...photos, isHot: false })).status).toBe(409);

      const badPhoto = await ctx.authed('POST', `/api/Albums/photo/${clinic}/${photos.id}`, { title: tr('Ảnh', 'Photo'), order: -1 }, EN);
      expect(badPhoto.body.errors.map((e: { field: string }) => e.field)).toEqual(['url', 'order']);
      for (const [i, name] of ['Cắt băng', 'Khách mời'].entries()) {
        const p = await ctx.authed('POST', `/api/Albums/photo/${clinic}/${photos.id}`, { title: tr(name, name), url: urls.png, order: 1 - i });
        expect(p.body.data).toMatchObject({ isActive: true, albumId: photos.id });
      }
      const list = await ctx.authed('GET', `/api/Albums/photo/get-all/${clinic}/${photos.id}`);
      expect(list.body.map((p: { title: string }) => JSON.parse(p.title)['vi-VN'])).toEqual(['Khách mời', 'Cắt băng']);
      expect((await ctx.authed('GET', `/api/Albums/photo/get-all/${spa}/${photos.id}`)).status).toBe(404);

      const videos = (await ctx.authed('POST', `/api/Albums/${clinic}`, { name: tr('Video', 'Videos'), type: 1, seoLink: 'video-clinic' })).body.data;
      // An uploaded video is a stored .mp4 (known by its content); a YouTube video needs its id.
      const notMp4 = await ctx.authed('POST', `/api/Albums/video/${clinic}/${videos.id}`, { title: tr('Giới thiệu'), type: 0, url: urls.mp3 }, EN);
      expect([notMp4.status, notMp4.body.Message]).toEqual([400, 'Only .mp3 and .mp4 files of the file manager are accepted']);
      expect((await ctx.authed('POST', `/api/Albums/video/${clinic}/${videos.id}`, { title: tr('Giới thiệu'), type: 0, url: '/files/not-stored.mp4' })).status).toBe(400);
      const noId = await ctx.authed('POST', `/api/Albums/video/${clinic}/${videos.id}`, { title: tr('YouTube'), type: 1 }, EN);
      expect(noId.body.Message).toBe('YouTube video id is required');
      const video = await ctx.authed('POST', `/api/Albums/video/${clinic}/${videos.id}`, { title: tr('Giới thiệu', 'About us'), type: 0, url: urls.mp4, thumbnail: urls.png, isDefault: true });
      expect(video.body.data).toMatchObject({ url: urls.mp4, isDefault: true });
      expect((await ctx.authed('POST', `/api/Albums/video/${clinic}/${videos.id}`, { title: tr('Kênh'), type: 1, videoLinkId: 'dQw4w9WgXcQ' })).status).toBe(200);
      expect((await ctx.authed('GET', `/api/Albums/video/get-all/${clinic}/${videos.id}`)).body).toHaveLength(2);

      // The file manager knows where the files are used.
      const usages = await ctx.authed('GET', `/api/Files/usages?ids=${ids.png},${ids.mp4}`, undefined, EN);
      const photoUses = usages.body.data.filter((u: { resource: string }) => u.resource === 'albumPhoto');
      expect(photoUses).toHaveLength(2);
      expect(photoUses[0]).toMatchObject({ fileId: ids.png, label: 'Photo', field: 'Photo', websiteId: clinic });
      expect(usages.body.data.some((u: { resource: string; fileId: number }) => u.resource === 'albumVideo' && u.fileId === ids.mp4)).toBe(true);
      expect((await ctx.authed('GET', `/api/Files/usages?ids=abc`)).status).toBe(400);

      // Deleting an album deletes its photos in the same transaction, never the files.
      expect((await ctx.authed('DELETE', `/api/Albums/${spa}/${photos.id}`)).status).toBe(404);
      expect((await ctx.authed('DELETE', `/api/Albums/${clinic}/${photos.id}`)).status).toBe(200);
      const left = await ctx.db.selectFrom('album_photos' as never).select('id' as never).where('albumId' as never, '=', photos.id as never).execute();
      expect(left).toEqual([]);
      expect((await ctx.request('GET', urls.png)).status).toBe(200);
      await ctx.authed('DELETE', `/api/Albums/${clinic}/${videos.id}`);
    });
  });

  describe('advertisements and waiting screens', () => {
    it('media advertisements play stored .mp3 and .mp4 files only', async () => {
      const png = await ctx.authed('POST', `/api/Advertisements/${clinic}`, { url: urls.png, type: 0 }, EN);
      expect([png.status, png.body.Message]).toEqual([400, 'Only .mp3 and .mp4 files of the file manager are accepted']);
      const renamed = await ctx.authed('POST', `/api/Advertisements/${clinic}`, { url: urls.png.replace(/\.png$/, '.mp4'), type: 0 });
      expect(renamed.status).toBe(400);
      const music = (await ctx.authed('POST', `/api/Advertisements/${clinic}`, { url: urls.mp3, type: 1 })).body.data;
      const video = (await ctx.authed('POST', `/api/Advertisements/${clinic}`, { url: urls.mp4, type: 0 })).body.data;
      const all = await ctx.authed('GET', `/api/Advertisements/get-all/${clinic}`);
      expect(all.body.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([music.id, video.id]));
      expect((await ctx.authed('GET', `/api/Advertisements/get-all/${clinic}?type=1`)).body.every((a: { type: number }) => a.type === 1)).toBe(true);
      expect((await ctx.authed('PUT', `/api/Advertisements/${spa}/${music.id}`, { ...music })).status).toBe(404);
      expect((await ctx.authed('PUT', `/api/Advertisements/${clinic}/${music.id}`, { ...music, type: 0 })).body.data.type).toBe(0);
      expect((await ctx.authed('DELETE', `/api/Advertisements/${clinic}/${music.id}`)).status).toBe(200);
      expect((await ctx.authed('DELETE', `/api/Advertisements/${clinic}/${video.id}`)).status).toBe(200);
    });

    it('a waiting screen for a floor and area, its title fixed, and the files it plays in order', async () => {
      const bad = await ctx.authed('POST', `/api/Advertisements/title/${clinic}`, { title: tr('Sảnh', 'Lobby') }, EN);
      expect(bad.body.errors).toEqual([
        { field: 'floor', message: 'Floor is required' },
        { field: 'area', message: 'Area is required' },
      ]);
      const screen = (await ctx.authed('POST', `/api/Advertisements/title/${clinic}`, { title: tr('Sảnh chờ tầng 2', 'Floor 2 lobby'), floor: 2, area: 1, background: urls.png })).body.data;
      // GET without the website (spec): the record's own website, which the user must be staff of.
      expect((await ctx.authed('GET', `/api/Advertisements/title/${screen.id}`)).body.data).toMatchObject({ floor: 2, area: 1 });
      const updated = await ctx.authed('PUT', `/api/Advertisements/title/${clinic}/${screen.id}`, { ...screen, title: tr('Đổi tên', 'Renamed'), area: 3 });
      expect(updated.body.data).toMatchObject({ title: screen.title, area: 3 });
      expect((await ctx.authed('PUT', `/api/Advertisements/title/${spa}/${screen.id}`, { ...updated.body.data })).status).toBe(404);

      // Files of floor 2, area 3: an image and a media, in order; a media file must be .mp3/.mp4, an image an image.
      const file = (type: number, url: string, order: number) => ctx.authed('POST', `/api/Advertisements/file/${clinic}`, { type, url, order, floor: 2, area: 3 }, EN);
      expect((await file(1, urls.png, 0)).status).toBe(400);
      expect((await file(0, urls.mp4, 0)).status).toBe(400);
      const media = (await file(1, urls.mp4, 1)).body.data;
      const image = (await file(0, urls.png, 0)).body.data;
      await ctx.authed('POST', `/api/Advertisements/file/${clinic}`, { type: 0, url: urls.png, order: 0, floor: 5, area: 3 });
      const plays = await ctx.authed('GET', `/api/Advertisements/file/get-all/${clinic}?floor=2&area=3`);
      expect(plays.body.map((f: { id: number }) => f.id)).toEqual([image.id, media.id]);
      expect((await ctx.authed('GET', `/api/Advertisements/file/${media.id}`)).body.data).toMatchObject({ type: 1, url: urls.mp4 });
      expect((await ctx.authed('GET', `/api/Advertisements/file/get-all/${clinic}?floor=x`)).status).toBe(400);
      expect((await ctx.authed('DELETE', `/api/Advertisements/file/${spa}/${media.id}`)).status).toBe(404);
      expect((await ctx.authed('DELETE', `/api/Advertisements/title/${clinic}/${screen.id}`)).status).toBe(200);
    });
  });
  describe('video library', () => {
    it('lists every stored .mp4, newest first, found by name; nothing else', async () => {
      const other = await uploadFile(ctx, token, 'Khai trương Spa.mp4', MP4);
      const all = await ctx.authed('GET', '/api/Files/videos?page=1&pageSize=50');
      expect(all.status).toBe(200);
      expect(all.body.data.every((f: { contentType: string }) => f.contentType === 'video/mp4')).toBe(true);
      expect(all.body.data[0]).toMatchObject({ id: other.id, name: 'Khai trương Spa.mp4' });
      expect(all.body.data.map((f: { id: number }) => f.id)).toContain(ids.mp4);
      expect(all.body.data.map((f: { id: number }) => f.id)).not.toContain(ids.mp3);
      // The name, in any case; `%` and `_` are letters, not patterns.
      const found = await ctx.authed('GET', `/api/Files/videos?keyword=${encodeURIComponent('KHAI TRƯƠNG')}`);
      expect(found.body.data.map((f: { id: number }) => f.id)).toEqual([other.id]);
      expect((await ctx.authed('GET', '/api/Files/videos?keyword=%25')).body.totalRows).toBe(0);
      expect((await ctx.authed('GET', '/api/Files/videos?pageSize=0')).status).toBe(400);
      expect((await ctx.request('GET', '/api/Files/videos')).status).toBe(401);
    });
  });
}, { seedDemo: true });
