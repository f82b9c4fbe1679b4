// Service groups and the career, level and job-type categories (spec part 2: listCategorys/{website}/{type}, types
// 0–3): every call on both databases, the section-5 rules in both interface languages, stale stamps, and records
// that never cross a website or a type.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

describeEachDatabase('list categories', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  it.each([0, 1, 2, 3])('type %i: creates, lists, reads, updates and deletes; get-all for the pickers', async (type) => {
    const base = `/api/listCategorys/${clinic}/${type}`;
    const seoLink = `loai-${type}-${Date.now().toString(36)}`;
    const created = await ctx.authed('POST', base, { name: tr('Mới', 'New'), title: tr('Tiêu đề'), content: tr('<p>Nội dung</p>'), seoLink, order: 3, isActive: true, thumbnail: '/files/a.png', alt: 'a' });
    expect(created.status, created.text).toBe(200);
    const rec = created.body.data;
    expect(rec).toMatchObject({ id: expect.any(Number), websiteId: clinic, seoLink, order: 3, isActive: true, concurrencyStamp: expect.any(String) });

    const list = await ctx.authed('GET', `${base}?page=1&pageSize=100`);
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(rec.id);
    expect(list.body.totalRows).toBe(list.body.data.length);
    const all = await ctx.authed('GET', `/api/ListCategorys/get-all/${clinic}/${type}`);
    expect(all.status, all.text).toBe(200);
    const allRows = Array.isArray(all.body) ? all.body : all.body.data;
    expect(allRows.map((r: { id: number }) => r.id)).toContain(rec.id);

    const got = await ctx.authed('GET', `${base}/${rec.id}`);
    expect(JSON.parse(got.body.data.content)['vi-VN']).toBe('<p>Nội dung</p>');
    const updated = await ctx.authed('PUT', `${base}/${rec.id}`, { ...rec, name: tr('Đổi', 'Changed') });
    expect(updated.status, updated.text).toBe(200);
    const stale = await ctx.authed('PUT', `${base}/${rec.id}`, { ...rec, name: tr('Cũ') });
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.body.data.name)['vi-VN']).toBe('Đổi');

    expect((await ctx.authed('DELETE', `${base}/${rec.id}`)).status).toBe(200);
    expect((await ctx.authed('GET', `${base}/${rec.id}`)).status).toBe(404);
  });

  it('requires the name in every language, the SEO link and the order, in the interface language', async () => {
    const vi = await ctx.authed('POST', `/api/listCategorys/${clinic}/1`, { name: tr('Có', ''), order: null });
    expect(vi.status).toBe(400);
    expect(vi.body.errors.map((e: { message: string }) => e.message)).toEqual(['Tên (English) là trường bắt buộc', 'Đường dẫn SEO là trường bắt buộc', 'Thứ tự là trường bắt buộc']);
    const en = await ctx.authed('POST', `/api/listCategorys/${clinic}/2`, { name: tr('Có'), seoLink: 'x', order: -1 }, EN);
    expect(en.body.Message).toBe('Order must be in the right format');
    const nothing = await ctx.authed('GET', `/api/listCategorys/${clinic}/1?page=1&pageSize=100&keyword=Có`);
    expect(nothing.body.totalRows).toBe(0);
  });

  it('keeps the SEO link unique per website and list; never reaches a record through another website or type', async () => {
    const seoLink = `rieng-${Date.now().toString(36)}`;
    const career = (await ctx.authed('POST', `/api/listCategorys/${clinic}/1`, { name: tr('Riêng'), seoLink, order: 0 })).body.data;
    const twice = await ctx.authed('POST', `/api/listCategorys/${clinic}/1`, { name: tr('Trùng'), seoLink, order: 0 });
    expect(twice.status).toBe(409);
    // Another list or another website may use the same link.
    expect((await ctx.authed('POST', `/api/listCategorys/${clinic}/2`, { name: tr('Cấp'), seoLink, order: 0 })).status).toBe(200);
    expect((await ctx.authed('POST', `/api/listCategorys/${spa}/1`, { name: tr('Spa'), seoLink, order: 0 })).status).toBe(200);

    for (const path of [`/api/listCategorys/${spa}/1/${career.id}`, `/api/listCategorys/${clinic}/2/${career.id}`]) {
      // A level with the same id may exist; what must not happen is reaching this career.
      const got = await ctx.authed('GET', path);
      if (got.status === 200) expect(got.body.data.seoLink === seoLink && JSON.parse(got.body.data.name)['vi-VN'] === 'Riêng').toBe(false);
      else expect(got.status).toBe(404);
    }
    expect((await ctx.authed('PUT', `/api/listCategorys/${spa}/1/${career.id}`, { ...career, name: tr('Chiếm') })).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/listCategorys/${spa}/1/${career.id}`)).status).toBe(404);
    const still = (await ctx.authed('GET', `/api/listCategorys/${clinic}/1/${career.id}`)).body.data;
    expect(JSON.parse(still.name)['vi-VN']).toBe('Riêng');
  });
});
