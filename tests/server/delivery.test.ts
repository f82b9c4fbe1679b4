// The public delivery API (/content/{website}/{lang}/{area}[/{key}], docs/api.md "Delivery API"): website and
// language resolution, published-only areas, never-public resources, HTTP caching (ETag, 304, Cache-Control),
// compression, CORS per website, the rate limit and the OpenAPI document.
import zlib from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../server/delivery/areas';
import type { ContentArea } from '../../server/resources/index';
import { uploadFile } from './files-helpers';
import { rawGet } from './raw-get';
import { demoWebsites, describeEachDatabase, EN, tr, type ServerTestContext } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==', 'base64');
/** Vietnamese only (a website with one language, before English is added). */
const vi = (text: string) => JSON.stringify({ 'vi-VN': text });

/** A tiny area with an epoch: the latest "start" (a fixed list of times) that has passed on the app's clock. */
const STARTS = [Date.UTC(2020, 0, 1), Date.UTC(2100, 0, 1)];
let reads = 0;
const probeArea: ContentArea = {
  path: 'probe',
  summary: 'A test area',
  async list(ctx) {
    reads++;
    return { data: STARTS.filter((t) => t <= ctx.now.getTime()).map((t) => ({ start: new Date(t).toISOString(), lang: ctx.lang, defaultLang: ctx.defaultLang, q: ctx.query.q ?? null })) };
  },
  async one(ctx, key) {
    reads++;
    return key === 'known' ? { key, websiteId: ctx.websiteId } : undefined;
  },
  async epoch(ctx) {
    const passed = STARTS.filter((t) => t <= ctx.now.getTime());
    return passed.length ? String(Math.max(...passed)) : null;
  },
  schema: { item: { type: 'object' }, query: [{ name: 'q', description: 'a test parameter', type: 'string' }], key: 'key' },
};

async function newSite(ctx: ServerTestContext) {
  const res = await ctx.authed('POST', '/api/Websites', { name: tr('Nha khoa', 'Dental'), isActive: true });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number; concurrencyStamp: string };
}

describeEachDatabase(
  'delivery',
  (ctx) => {
    it('answers an area of an active website in a language it has, and 404 with the envelope for everything else', async () => {
      const { clinic } = await demoWebsites(ctx);
      const list = await ctx.request('GET', `/content/${clinic}/en-US/probe?q=x&other=y`);
      expect(list.status, list.text).toBe(200);
      expect(list.body).toEqual({ data: [{ start: '2020-01-01T00:00:00.000Z', lang: 'en-US', defaultLang: 'vi-VN', q: 'x' }] });
      // The language id case-insensitively, answered as stored.
      expect((await ctx.request('GET', `/content/${clinic}/EN-us/probe`)).body.data[0].lang).toBe('en-US');
      const one = await ctx.request('GET', `/content/${clinic}/vi-VN/probe/known`);
      expect(one.body).toEqual({ data: { key: 'known', websiteId: clinic } });
      expect((await ctx.request('HEAD', `/content/${clinic}/vi-VN/probe`)).status).toBe(200);

      const site = await newSite(ctx);
      await ctx.authed('POST', `/api/Websites/${site.id}/languages`, { languageId: 'vi-VN', isActive: true, isDefault: true });
      await ctx.authed('POST', `/api/Websites/${site.id}/languages`, { languageId: 'en-US', isActive: false });
      expect((await ctx.request('GET', `/content/${site.id}/vi-VN/probe`)).status).toBe(200);
      const fresh = (await ctx.authed('GET', `/api/Websites/${site.id}`)).body.data;
      expect((await ctx.authed('PUT', `/api/Websites/${site.id}`, { isActive: false, concurrencyStamp: fresh.concurrencyStamp })).status).toBe(200);

      for (const path of [
        `/content/999999/vi-VN/probe`, // unknown website
        `/content/abc/vi-VN/probe`,
        `/content/${site.id}/vi-VN/probe`, // inactive website
        `/content/${clinic}/fr-FR/probe`, // a language the website does not have
        `/content/${clinic}/vi-VN/nothing`, // unknown area
        `/content/${clinic}/vi-VN/probe/unknown`, // a key `one` does not find
        `/content/${clinic}/vi-VN/probe/known/more`,
      ]) {
        const res = await ctx.request('GET', path, EN);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ code: 404, Message: 'The requested address was not found', message: 'The requested address was not found', requestId: expect.any(String) });
      }
      // A language the website has, inactive.
      const other = await newSite(ctx);
      await ctx.authed('POST', `/api/Websites/${other.id}/languages`, { languageId: 'vi-VN', isActive: true, isDefault: true });
      await ctx.authed('POST', `/api/Websites/${other.id}/languages`, { languageId: 'en-US', isActive: false });
      expect((await ctx.request('GET', `/content/${other.id}/en-US/probe`)).status).toBe(404);
      expect((await ctx.request('GET', `/content/${other.id}/vi-VN/probe`)).status).toBe(200);
      // GET and HEAD only.
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        expect((await ctx.request(method, `/content/${clinic}/vi-VN/probe`, { json: {} })).status, method).toBe(404);
      }
    });

    it('tags every answer, answers 304 to the current tag without reading, and moves the tag with a write or a passed epoch', async () => {
      const { clinic } = await demoWebsites(ctx);
      const url = `/content/${clinic}/vi-VN/probe`;
      const first = await ctx.request('GET', url);
      const tag = first.headers.get('etag')!;
      expect(tag).toMatch(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      // Same tag again, from memory: the area is not read.
      const before = reads;
      const again = await ctx.request('GET', url);
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.body).toEqual(first.body);
      expect(reads).toBe(before);
      const revalidated = await ctx.request('GET', url, { headers: { 'if-none-match': tag } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers.get('etag')).toBe(tag);
      expect(reads).toBe(before);
      // Another query, another tag.
      expect((await ctx.request('GET', `${url}?q=1`)).headers.get('etag')).not.toBe(tag);
      // A staff save anywhere moves the change number, so the tag.
      await newSite(ctx);
      const afterWrite = await ctx.request('GET', url, { headers: { 'if-none-match': tag } });
      expect(afterWrite.status).toBe(200);
      const tag2 = afterWrite.headers.get('etag')!;
      expect(tag2).not.toBe(tag);
      // The clock passes the next start: the epoch, so the tag and the answer, change without a write.
      ctx.clock.set(Date.UTC(2100, 0, 1, 0, 0, 5));
      const later = await ctx.request('GET', url, { headers: { 'if-none-match': tag2 } });
      expect(later.status).toBe(200);
      expect(later.body.data).toHaveLength(2);
    });

    it('limits requests per client address: 429 with the envelope and Retry-After past the limit', async () => {
      const { clinic } = await demoWebsites(ctx);
      await ctx.restart({ delivery: { extraAreas: [probeArea], max: 3, timeWindow: 60_000, maxAge: 5, staleWhileRevalidate: 30 } });
      // On PostgreSQL the counts are the database's (shared by every instance) and outlive a restart: start from none.
      await ctx.db.deleteFrom('rate_limits').execute();
      try {
        const url = `/content/${clinic}/vi-VN/probe`;
        const first = await ctx.request('GET', url);
        // The caching is configurable too.
        expect(first.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=30');
        await ctx.request('GET', url, { headers: { 'if-none-match': first.headers.get('etag')! } });
        await ctx.request('GET', url);
        const over = await ctx.request('GET', url, EN);
        expect(over.status).toBe(429);
        expect(over.body).toMatchObject({ code: 429, message: expect.stringMatching(/^Too many requests, please try again in \d+ seconds$/) });
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
        // The console's API is not counted.
        expect((await ctx.authed('GET', '/api/Websites/get-all')).status).toBe(200);
      } finally {
        await ctx.restart({ delivery: { extraAreas: [probeArea] } });
      }
    });

    describe('the areas of the definitions', () => {
      let w = 0;
      const ids: Record<string, number> = {};
      const post = async (path: string, body: Record<string, unknown>) => {
        const res = await ctx.authed('POST', path, body);
        expect(res.status, `${path}: ${res.text}`).toBe(200);
        return res.body.data as { id: number; concurrencyStamp: string } & Record<string, unknown>;
      };
      const put = async (path: string, changes: Record<string, unknown>) => {
        const current = (await ctx.authed('GET', path)).body.data;
        const res = await ctx.authed('PUT', path, { ...current, ...changes });
        expect(res.status, `${path}: ${res.text}`).toBe(200);
      };
      const get = (path: string, lang = 'vi-VN') => ctx.request('GET', `/content/${w}/${lang}/${path}`);

      // A website in Vietnamese only, its content written, then English added: nothing has English text yet.
      beforeAll(async () => {
        w = (await newSite(ctx)).id;
        await post(`/api/Websites/${w}/languages`, { languageId: 'vi-VN', isActive: true, isDefault: true });
        const token = (await ctx.signIn()).access_token;
        const png = (await uploadFile(ctx, token, 'delivery.png', PNG)).url;

        ids.banner = (await post(`/api/Banners?websiteId=${w}`, { name: vi('Khuyến mãi'), description: vi('Giảm giá'), type: 2, position: 1, order: 2, isActive: true })).id;
        ids.banner2 = (await post(`/api/Banners?websiteId=${w}`, { name: vi('Đầu trang'), type: 1, position: 3, order: 1, isActive: true })).id;
        ids.bannerOff = (await post(`/api/Banners?websiteId=${w}`, { name: vi('Cũ'), type: 1, position: 1, order: 0, isActive: false })).id;
        const item = (name: string, order: number, isActive: boolean) =>
          post(`/api/Banners/item/${w}/${ids.banner}`, { name: vi(name), images: png, imagesMobile: png, order, isActive });
        ids.item1 = (await item('Ảnh một', 1, true)).id;
        ids.itemOff = (await item('Ảnh tắt', 0, false)).id;
        ids.item0 = (await item('Ảnh đầu', 0, true)).id;

        ids.group = (await post(`/api/FAQGroups/${w}`, { name: vi('Đặt lịch'), seoLink: 'dat-lich', code: 'BOOK', order: 0, isActive: true })).id;
        ids.groupOff = (await post(`/api/FAQGroups/${w}`, { name: vi('Ẩn'), seoLink: 'an', order: 1, isActive: false })).id;
        ids.faq = (await post(`/api/FAQs/${w}`, { question: vi('Đặt lịch thế nào?'), answer: vi('<p>Gọi điện</p>'), faqGroupId: ids.group, order: 0, isActive: true })).id;
        ids.faqOff = (await post(`/api/FAQs/${w}`, { question: vi('Câu ẩn?'), answer: vi('Ẩn'), faqGroupId: ids.group, order: 1, isActive: false })).id;
        ids.faq2 = (await post(`/api/FAQs/${w}`, { question: vi('Câu nhóm ẩn?'), answer: vi('Có'), faqGroupId: ids.groupOff, order: 2, isActive: true })).id;

        ids.partner = (await post(`/api/Partners/${w}`, { name: vi('Bệnh viện A'), order: 0, isActive: true })).id;
        ids.partnerChild = (await post(`/api/Partners/${w}`, { name: vi('Khoa A1'), parentId: ids.partner, order: 0, isActive: true })).id;
        ids.partnerChildOff = (await post(`/api/Partners/${w}`, { name: vi('Khoa A2'), parentId: ids.partner, order: 1, isActive: false })).id;
        ids.partnerOff = (await post(`/api/Partners/${w}`, { name: vi('Đối tác cũ'), order: 1, isActive: false })).id;
        ids.partnerUnder = (await post(`/api/Partners/${w}`, { name: vi('Dưới đối tác cũ'), parentId: ids.partnerOff, order: 0, isActive: true })).id;

        ids.album = (await post(`/api/Albums/${w}`, { name: vi('Khai trương'), type: 0, seoLink: 'khai-truong', order: 0, isActive: true })).id;
        ids.photo = (await post(`/api/Albums/photo/${w}/${ids.album}`, { title: vi('Cắt băng'), url: png, order: 0, isActive: true })).id;
        ids.photoOff = (await post(`/api/Albums/photo/${w}/${ids.album}`, { title: vi('Ảnh mờ'), url: png, order: 1, isActive: false })).id;
        ids.videoAlbum = (await post(`/api/Albums/${w}`, { name: vi('Video'), type: 1, seoLink: 'video', order: 1, isActive: true })).id;
        ids.video = (await post(`/api/Albums/video/${w}/${ids.videoAlbum}`, { title: vi('Giới thiệu'), type: 1, videoLinkId: 'dQw4w9WgXcQ', order: 0, isActive: true })).id;
        ids.albumOff = (await post(`/api/Albums/${w}`, { name: vi('Nháp'), type: 0, seoLink: 'nhap', order: 2, isActive: false })).id;

        ids.job = (await post(`/api/Jobs/${w}`, { name: vi('Điều dưỡng'), seoLink: 'dieu-duong', salaryRange: '10 triệu', order: 0, isActive: true })).id;
        ids.jobOff = (await post(`/api/Jobs/${w}`, { name: vi('Bác sĩ'), seoLink: 'bac-si', salaryRange: '30 triệu', order: 1, isActive: false })).id;
        // Active, under a job switched off: not public either.
        ids.jobUnderOff = (await post(`/api/Jobs/${w}`, { name: vi('Bác sĩ nội trú'), seoLink: 'bac-si-noi-tru', salaryRange: '20 triệu', parentId: ids.jobOff, order: 2, isActive: true })).id;
        // An application to the job: a person's data, never public.
        const applied = await ctx.request('POST', `/public/${w}/applications`, { json: { fullName: 'Nguyễn Văn Ứng', phoneNumber: '0901234567', email: 'ung@example.com', jobIds: [ids.job] } });
        expect(applied.status, applied.text).toBe(201);

        ids.category = (await post(`/api/Categorys/${w}`, { name: vi('Tin tức'), seoLink: 'tin-tuc', order: 0, isActive: true })).id;
        ids.subcategory = (await post(`/api/Categorys/${w}`, { name: vi('Sự kiện'), seoLink: 'su-kien', parentId: ids.category, order: 0, isActive: true })).id;
        ids.categoryOff = (await post(`/api/Categorys/${w}`, { name: vi('Ẩn'), seoLink: 'an', order: 1, isActive: false })).id;

        ids.testimonial = (await post(`/api/CustomerFeedbacks/${w}`, { name: vi('Chị Lan'), position: vi('Giáo viên'), content: vi('Rất hài lòng'), seoLink: 'chi-lan', rate: 5, phoneNumber: '0912345678', order: 0, isActive: true })).id;
        ids.testimonialOff = (await post(`/api/CustomerFeedbacks/${w}`, { name: vi('Anh Nam'), position: vi('Kỹ sư'), seoLink: 'anh-nam', order: 1, isActive: false })).id;
        // Visitors' feedback: never public.
        expect((await ctx.request('POST', `/public/${w}/feedback`, { json: { title: 'Góp ý', fullName: 'Trần Thị Góp', email: 'gop@example.com', phoneNumber: '0987654321', content: 'Phòng chờ nóng' } })).status).toBe(201);

        ids.screen = (await post(`/api/Advertisements/title/${w}`, { title: vi('Sảnh tầng 2'), floor: 2, area: 1, background: png })).id;
        ids.screen2 = (await post(`/api/Advertisements/title/${w}`, { title: vi('Sảnh tầng 3'), floor: 3, area: 1 })).id;
        ids.file1 = (await post(`/api/Advertisements/file/${w}`, { type: 0, url: png, order: 1, floor: 2, area: 1 })).id;
        ids.file0 = (await post(`/api/Advertisements/file/${w}`, { type: 0, url: png, order: 0, floor: 2, area: 1 })).id;
        ids.fileElsewhere = (await post(`/api/Advertisements/file/${w}`, { type: 0, url: png, order: 0, floor: 3, area: 1 })).id;

        await post(`/api/Websites/${w}/languages`, { languageId: 'en-US', isActive: true });
      });

      it('banners: active ones in order with their active items in order, per-language fields as plain text', async () => {
        const res = await get('banners');
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.map((b: { id: number }) => b.id)).toEqual([ids.banner2, ids.banner]);
        const banner = res.body.data[1];
        expect(banner).toMatchObject({ id: ids.banner, name: 'Khuyến mãi', description: 'Giảm giá', type: 2, position: 1, order: 2 });
        expect(banner.items.map((i: { id: number; name: string }) => [i.id, i.name])).toEqual([[ids.item0, 'Ảnh đầu'], [ids.item1, 'Ảnh một']]);
        expect(Object.keys(banner.items[0]).sort()).toEqual(['alt', 'description', 'id', 'images', 'imagesInfo', 'imagesMobile', 'imagesMobileInfo', 'name', 'order', 'url']);
        expect(banner).not.toHaveProperty('isActive');
        expect((await get('banners?position=3')).body.data.map((b: { id: number }) => b.id)).toEqual([ids.banner2]);
        expect((await get(`banners/${ids.banner}`)).body.data.items).toHaveLength(2);
        expect((await get(`banners/${ids.bannerOff}`)).status).toBe(404);
      });

      it('lists a record in a language only when its title has text in it; other fields fall back to the default language', async () => {
        // English added after the content: nothing has an English name, so nothing is listed in English.
        expect((await get('banners', 'en-US')).body.data).toEqual([]);
        expect((await get('partners', 'en-US')).body.data).toEqual([]);
        // The banner gets an English name only: listed, its description in Vietnamese (the default language).
        await put(`/api/Banners/${w}/${ids.banner}`, { name: tr('Khuyến mãi', 'Promotion') });
        const en = await get('banners', 'en-US');
        expect(en.body.data).toHaveLength(1);
        expect(en.body.data[0]).toMatchObject({ id: ids.banner, name: 'Promotion', description: 'Giảm giá' });
        // Its items have no English name: none listed in English.
        expect(en.body.data[0].items).toEqual([]);
        expect((await get(`banners/${ids.banner2}`, 'en-US')).status).toBe(404);
        // Vietnamese unchanged.
        expect((await get('banners')).body.data.map((b: { name: string }) => b.name)).toEqual(['Đầu trang', 'Khuyến mãi']);
      });

      it('FAQs by group, and the groups with their FAQs', async () => {
        const faqs = (await get('faqs')).body.data;
        // faq2's group is inactive: a child of an inactive parent is never public (issue 38).
        expect(faqs.map((f: { id: number }) => f.id)).toEqual([ids.faq]);
        expect((await get(`faqs?faqGroupId=${ids.groupOff}`)).body.data).toEqual([]);
        expect(faqs[0]).toMatchObject({ question: 'Đặt lịch thế nào?', answer: '<p>Gọi điện</p>', faqGroupId: ids.group });
        expect((await get(`faqs?faqGroupId=${ids.group}`)).body.data.map((f: { id: number }) => f.id)).toEqual([ids.faq]);
        expect((await get('faqs?faqGroupId=abc')).body.data).toEqual([]);
        const groups = (await get('faq-groups')).body.data;
        expect(groups.map((g: { id: number }) => g.id)).toEqual([ids.group]);
        expect(groups[0].faqs.map((f: { id: number }) => f.id)).toEqual([ids.faq]);
        expect((await get('faq-groups/dat-lich')).body.data).toMatchObject({ id: ids.group, code: 'BOOK' });
        expect((await get('faq-groups/an')).status).toBe(404);
      });

      it('partners and categories as trees: nothing under an unpublished parent', async () => {
        const partners = (await get('partners')).body.data;
        expect(partners).toEqual([
          expect.objectContaining({ id: ids.partner, name: 'Bệnh viện A', children: [expect.objectContaining({ id: ids.partnerChild, name: 'Khoa A1', children: [] })] }),
        ]);
        const categories = (await get('categories')).body.data;
        expect(categories.map((c: { id: number }) => c.id)).toEqual([ids.category]);
        expect(categories[0].children.map((c: { seoLink: string }) => c.seoLink)).toEqual(['su-kien']);
        expect((await get('categories/su-kien')).body.data).toMatchObject({ id: ids.subcategory, name: 'Sự kiện', tags: [] });
        expect((await get('categories/an')).status).toBe(404);
      });

      it('albums with their active photos and videos; jobs; testimonials without phone numbers; waiting screens by floor and area', async () => {
        const albums = (await get('albums')).body.data;
        expect(albums.map((a: { id: number }) => a.id)).toEqual([ids.album, ids.videoAlbum]);
        expect(albums[0].photos.map((p: { id: number }) => p.id)).toEqual([ids.photo]);
        expect(albums[1].videos).toEqual([expect.objectContaining({ id: ids.video, title: 'Giới thiệu', videoLinkId: 'dQw4w9WgXcQ' })]);
        expect((await get('albums/khai-truong')).body.data.photos).toHaveLength(1);
        expect((await get('albums/nhap')).status).toBe(404);

        const jobs = (await get('jobs')).body.data;
        expect(jobs.map((j: { id: number }) => j.id)).toEqual([ids.job]);
        expect((await get('jobs/dieu-duong')).body.data).toMatchObject({ name: 'Điều dưỡng', salaryRange: '10 triệu' });
        expect((await get('jobs/bac-si')).status).toBe(404);
        expect((await get('jobs/bac-si-noi-tru')).status).toBe(404);

        const testimonials = (await get('customer-feedback')).body.data;
        expect(testimonials).toEqual([expect.objectContaining({ id: ids.testimonial, name: 'Chị Lan', position: 'Giáo viên', rate: 5 })]);
        expect(testimonials[0]).not.toHaveProperty('phoneNumber');

        const screens = (await get('waiting-screens')).body.data;
        expect(screens.map((s: { id: number }) => s.id)).toEqual([ids.screen, ids.screen2]);
        expect(screens[0].files.map((f: { id: number }) => f.id)).toEqual([ids.file0, ids.file1]);
        const one = (await get('waiting-screens?floor=3&area=1')).body.data;
        expect(one.map((s: { id: number }) => s.id)).toEqual([ids.screen2]);
        expect(one[0].files.map((f: { id: number }) => f.id)).toEqual([ids.fileElsewhere]);
      });

      it('never serves a person\'s data nor the console\'s records', async () => {
        const texts: string[] = [];
        for (const path of ['bookings', 'feedback', 'feedbacks', 'applications', 'recruitments', 'collaborators', 'referrals', 'patients', 'payments', 'users', 'files', 'folders', 'questions', 'settings-history', 'websites']) {
          const res = await get(path);
          expect(res.status, path).toBe(404);
        }
        for (const path of ['banners', 'faqs', 'faq-groups', 'partners', 'albums', 'jobs', 'categories', 'customer-feedback', 'waiting-screens']) texts.push((await get(path)).text);
        const all = texts.join('\n');
        for (const secret of ['Nguyễn Văn Ứng', '0901234567', 'Trần Thị Góp', 'Phòng chờ nóng', '0912345678', '0987654321']) expect(all).not.toContain(secret);
      });

      it('describes every area in /content/openapi.json, and every answer matches its schema', async () => {
        const res = await ctx.request('GET', '/content/openapi.json');
        expect(res.status).toBe(200);
        const doc = res.body;
        expect(doc.openapi).toBe('3.1.0');
        for (const area of areas) expect(Object.keys(doc.paths), area.path).toContain(`/content/{website}/{lang}/${area.path}`);
        const ajv = new Ajv2020({ strict: false, allErrors: true });
        ajv.addSchema(doc, 'openapi.json');
        const check = (path: string, status: string, body: unknown) => {
          const answer = doc.paths[path]?.get?.responses?.[status];
          expect(answer, `${path} ${status}`).toBeDefined();
          // An answer shared by every path (404, 429) is a reference to the components.
          const pointer = answer.$ref ? `openapi.json${answer.$ref}` : `openapi.json#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/${status}`;
          const validate = ajv.compile({ $ref: `${pointer}/content/application~1json/schema` });
          expect(validate(body), `${path} ${JSON.stringify(validate.errors)}`).toBe(true);
        };
        for (const area of areas) {
          for (const lang of ['vi-VN', 'en-US']) {
            const list = await get(area.path, lang);
            expect(list.status, area.path).toBe(200);
            check(`/content/{website}/{lang}/${area.path}`, '200', list.body);
          }
          if (area.one && area.schema.key) {
            const first = (await get(area.path)).body.data?.[0];
            if (first && first[area.schema.key] !== undefined) {
              const one = await get(`${area.path}/${encodeURIComponent(first[area.schema.key])}`);
              expect(one.status, `${area.path}/${first[area.schema.key]}`).toBe(200);
              check(`/content/{website}/{lang}/${area.path}/{${area.schema.key}}`, '200', one.body);
            }
          }
        }
        const missing = await get('jobs/none');
        check('/content/{website}/{lang}/jobs/{seoLink}', '404', missing.body);
        // The document itself is cached like the answers.
        const again = await ctx.request('GET', '/content/openapi.json', { headers: { 'if-none-match': res.headers.get('etag')! } });
        expect(again.status).toBe(304);
      });

      it('a staff save changes the tag and the answer', async () => {
        const first = await get('jobs');
        const tag = first.headers.get('etag')!;
        await put(`/api/Jobs/${w}/${ids.job}`, { name: tr('Điều dưỡng', 'Nurse'), salaryRange: '12 triệu' });
        const after = await ctx.request('GET', `/content/${w}/vi-VN/jobs`, { headers: { 'if-none-match': tag } });
        expect(after.status).toBe(200);
        expect(after.headers.get('etag')).not.toBe(tag);
        expect(after.body.data[0].salaryRange).toBe('12 triệu');
      });

      it('compresses an answer above 1 KB as asked, once, with Vary: Accept-Encoding', async () => {
        for (let i = 0; i < 6; i++) await post(`/api/FAQs/${w}`, { question: tr(`Câu hỏi số ${i}?`), answer: tr(`<p>${'Trả lời dài. '.repeat(20)}</p>`), faqGroupId: ids.group, order: 10 + i, isActive: true });
        const path = `/content/${w}/vi-VN/faqs`;
        const plain = await rawGet(ctx.baseUrl, path);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.bytes.length).toBeGreaterThan(1024);
        const gz = await rawGet(ctx.baseUrl, path, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gz.headers.vary).toContain('Accept-Encoding');
        expect(gz.headers.etag).toBe(plain.headers.etag);
        expect(zlib.gunzipSync(gz.bytes).equals(plain.bytes)).toBe(true);
        const br = await rawGet(ctx.baseUrl, path, { 'accept-encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
        expect((await rawGet(ctx.baseUrl, path, { 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();
      });

      it('CORS: any origin until the website lists its own; then only those, with Vary: Origin', async () => {
        const path = `/content/${w}/vi-VN/jobs`;
        const any = await ctx.request('GET', path, { headers: { origin: 'https://elsewhere.example' } });
        expect(any.headers.get('access-control-allow-origin')).toBe('*');
        // The setting is checked: one http(s) origin a line.
        const current = (await ctx.authed('GET', `/api/Websites/${w}`)).body.data;
        const bad = await ctx.authed('PUT', `/api/Websites/${w}`, { ...current, contentOrigins: 'https://www.example.com\nnot an origin' }, EN);
        expect(bad.status).toBe(400);
        expect(bad.text).toContain('Origins allowed to read the content has the wrong format');
        await put(`/api/Websites/${w}`, { contentOrigins: 'https://www.example.com\nhttp://localhost:3000/' });
        const listed = await ctx.request('GET', path, { headers: { origin: 'https://www.example.com' } });
        expect(listed.headers.get('access-control-allow-origin')).toBe('https://www.example.com');
        expect(listed.headers.get('vary')).toContain('Origin');
        expect((await ctx.request('GET', path, { headers: { origin: 'http://localhost:3000' } })).headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
        const other = await ctx.request('GET', path, { headers: { origin: 'https://elsewhere.example' } });
        expect(other.status).toBe(200);
        expect(other.headers.get('access-control-allow-origin')).toBeNull();
        expect(other.headers.get('vary')).toContain('Origin');
        // A script sending If-None-Match itself is asked about first (a preflight): GET and HEAD with that header.
        const preflight = await ctx.request('OPTIONS', path, { headers: { origin: 'https://www.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' } });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
        expect(preflight.headers.get('access-control-allow-headers')).toContain('If-None-Match');
        expect(listed.headers.get('access-control-expose-headers')).toBe('ETag');
        await put(`/api/Websites/${w}`, { contentOrigins: '' });
        expect((await ctx.request('GET', path, { headers: { origin: 'https://elsewhere.example' } })).headers.get('access-control-allow-origin')).toBe('*');
      });
    });
  },
  { app: { delivery: { extraAreas: [probeArea] } } },
);
