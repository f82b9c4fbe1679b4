// The public delivery API (/content/{website}/{lang}/{area}[/{key}], docs/api.md "Delivery API"): website and
// language resolution, published-only areas, never-public resources, HTTP caching (ETag, 304, Cache-Control),
// compression, CORS per website, the rate limit and the OpenAPI document.
import { expect, it } from 'vitest';
import type { ContentArea } from '../../server/resources/index';
import { demoWebsites, describeEachDatabase, EN, tr, type ServerTestContext } from './harness';

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
        expect(res.body, path).toEqual({ code: 404, Message: 'The requested address was not found', message: 'The requested address was not found' });
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
  },
  { app: { delivery: { extraAreas: [probeArea] } } },
);
