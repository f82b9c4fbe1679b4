// Resources with children through the generic engine: branch contacts (items, images) and hard contents
// (details): every call of the spec, validation, scoping of children to parent and website, cascading delete.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

describeEachDatabase('resources with children', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  const branch = (websiteId = clinic, name = 'Chi nhánh Quận 1') =>
    ctx.authed('POST', `/api/BranchContacts/${websiteId}`, { name: tr(name, 'District 1 branch'), workTime: tr('<p>8h - 17h</p>'), website: 'https://q1.example.vn', isOffice: true });

  it('branch contacts: every call, with the spec validation', async () => {
    const invalid = await ctx.authed('POST', `/api/BranchContacts/${clinic}`, { name: tr('Có tên', 'Named'), workTime: tr('<p></p>', '<p>ok</p>') });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Thời gian làm việc (Tiếng Việt) là trường bắt buộc',
      'Website là trường bắt buộc',
    ]);
    const invalidEn = await ctx.authed('POST', `/api/BranchContacts/${clinic}`, {}, EN);
    expect(invalidEn.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Name (Tiếng Việt) is required',
      'Name (English) is required',
      'Work time (Tiếng Việt) is required',
      'Work time (English) is required',
      'Website is required',
    ]);

    const created = await branch();
    expect(created.status, created.text).toBe(200);
    const bc = created.body.data;
    expect(bc).toMatchObject({ isOffice: true, isDefault: false, isActive: true, order: 0, website: 'https://q1.example.vn' });
    const list = await ctx.authed('GET', `/api/BranchContacts/${clinic}`);
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(bc.id);
    const upd = await ctx.authed('PUT', `/api/BranchContacts/${clinic}/${bc.id}`, { ...bc, googleMap: '<iframe></iframe>', order: 3 });
    expect(upd.body.data).toMatchObject({ googleMap: '<iframe></iframe>', order: 3 });
    expect((await ctx.authed('GET', `/api/BranchContacts/${clinic}/${bc.id}`)).body.data.order).toBe(3);
    expect((await ctx.authed('DELETE', `/api/BranchContacts/${clinic}/${bc.id}`)).body.code).toBe(1);
  });

  it('branch contact items and images: every call, validation, scoped to their branch and website', async () => {
    const bc = (await branch()).body.data;
    const other = (await branch(clinic, 'Chi nhánh khác')).body.data;
    const items = `/api/BranchContacts/detail/${clinic}/${bc.id}`;
    const images = `/api/BranchContacts/image/${clinic}/${bc.id}`;

    const badItem = await ctx.authed('POST', items, { contactType: 7 });
    expect(badItem.status).toBe(400);
    expect(badItem.body.errors.map((e: { field: string }) => e.field)).toEqual(['contactType', 'contactValue']);
    expect((await ctx.authed('POST', items, {}, EN)).body.errors.map((e: { message: string }) => e.message)).toEqual(['Contact type is required', 'Value is required']);
    const item = await ctx.authed('POST', items, { contactType: 0, contactValue: 'lienhe@example.vn' });
    expect(item.body.data).toMatchObject({ branchContactId: bc.id, websiteId: clinic, contactType: 0, contactValue: 'lienhe@example.vn' });
    await ctx.authed('POST', items, { contactType: 3, contactValue: 'KvK 1234' });
    const allItems = await ctx.authed('GET', `/api/BranchContacts/detail/get-all/${clinic}/${bc.id}`);
    expect(allItems.body.map((i: { contactType: number }) => i.contactType)).toEqual([0, 3]);
    const itemId = item.body.data.id;
    expect((await ctx.authed('GET', `${items}/${itemId}`)).body.data.contactValue).toBe('lienhe@example.vn');
    const updItem = await ctx.authed('PUT', `${items}/${itemId}`, { contactType: 1, contactValue: '0901 234 567', concurrencyStamp: item.body.data.concurrencyStamp });
    expect(updItem.body.data).toMatchObject({ contactType: 1, contactValue: '0901 234 567' });

    const badImage = await ctx.authed('POST', images, { order: -2 });
    expect(badImage.body.errors.map((e: { message: string }) => e.message)).toEqual(['Hình ảnh là trường bắt buộc', 'Thứ tự phải đúng định dạng']);
    const image = await ctx.authed('POST', images, { images: '/files/a.jpg', alt: 'Mặt tiền', url: '/q1', order: 1 });
    expect(image.status).toBe(200);
    const allImages = await ctx.authed('GET', `/api/BranchContacts/image/get-all/${clinic}/${bc.id}`);
    expect(allImages.body).toEqual([expect.objectContaining({ images: '/files/a.jpg', alt: 'Mặt tiền', order: 1 })]);
    const imgId = image.body.data.id;
    const updImage = await ctx.authed('PUT', `${images}/${imgId}`, { images: '/files/b.jpg', concurrencyStamp: image.body.data.concurrencyStamp });
    expect(updImage.body.data).toMatchObject({ images: '/files/b.jpg', alt: 'Mặt tiền' });

    // Through another branch, another website, or a branch of another website: 404, nothing changes.
    expect((await ctx.authed('GET', `/api/BranchContacts/detail/${clinic}/${other.id}/${itemId}`)).status).toBe(404);
    expect((await ctx.authed('GET', `/api/BranchContacts/detail/${spa}/${bc.id}/${itemId}`)).status).toBe(404);
    expect((await ctx.authed('GET', `/api/BranchContacts/detail/get-all/${spa}/${bc.id}`)).status).toBe(404);
    expect((await ctx.authed('POST', `/api/BranchContacts/detail/${spa}/${bc.id}`, { contactType: 0, contactValue: 'x' })).status).toBe(404);
    expect((await ctx.authed('PUT', `/api/BranchContacts/detail/${clinic}/${other.id}/${itemId}`, { contactType: 2, contactValue: 'x', concurrencyStamp: updItem.body.data.concurrencyStamp })).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/BranchContacts/image/${spa}/${bc.id}/${imgId}`)).status).toBe(404);
    expect((await ctx.authed('GET', `/api/BranchContacts/detail/get-all/${clinic}/999999`)).status).toBe(404);
    expect((await ctx.authed('GET', `${items}/${itemId}`)).body.data.contactValue).toBe('0901 234 567');

    // Delete one item; then the branch takes its items and images with it.
    expect((await ctx.authed('DELETE', `${items}/${itemId}`)).body.code).toBe(1);
    expect((await ctx.authed('GET', `/api/BranchContacts/detail/get-all/${clinic}/${bc.id}`)).body).toHaveLength(1);
    expect((await ctx.authed('DELETE', `/api/BranchContacts/${clinic}/${bc.id}`)).status).toBe(200);
    const left = await ctx.db.selectFrom('branch_contact_items' as 'websites').select('id').where('branchContactId' as 'id', '=', bc.id).execute();
    expect(left).toEqual([]);
    const leftImages = await ctx.db.selectFrom('branch_contact_images' as 'websites').select('id').where('branchContactId' as 'id', '=', bc.id).execute();
    expect(leftImages).toEqual([]);
    expect((await ctx.authed('GET', `/api/BranchContacts/detail/get-all/${clinic}/${bc.id}`)).status).toBe(404);
    await ctx.authed('DELETE', `/api/BranchContacts/${clinic}/${other.id}`);
  });

  it('hard contents: every call, details embedded in the get, validation, paging up to 10000', async () => {
    expect((await ctx.authed('POST', `/api/HardContents/${clinic}`, { name: tr('', 'x') })).body.Message).toBe('Tên (Tiếng Việt) là trường bắt buộc');
    const hc = await ctx.authed('POST', `/api/HardContents/${clinic}`, {
      name: tr('Giới thiệu', 'About'), code: 'ABOUT', description: tr('<p>Xin chào</p>'), image: '/files/about.png', alt: tr('Ảnh'), url: '/gioi-thieu',
    });
    expect(hc.status, hc.text).toBe(200);
    const id = hc.body.data.id;
    const details = `/api/HardContents/detail/${clinic}/${id}`;

    const badDetail = await ctx.authed('POST', details, { name: tr('Mục', ''), order: -1 }, EN);
    expect(badDetail.body.errors.map((e: { message: string }) => e.message)).toEqual(['Name (English) is required', 'Image is required', 'Order must be in the right format']);
    const d1 = await ctx.authed('POST', details, { name: tr('Mục 2', 'Item 2'), image: '/files/2.png', order: 2 });
    const d2 = await ctx.authed('POST', details, { name: tr('Mục 1', 'Item 1'), image: '/files/1.png', order: 1 });
    expect(d1.body.data).toMatchObject({ hardContentId: id, isActive: true, order: 2 });

    const got = await ctx.authed('GET', `/api/HardContents/${clinic}/${id}`);
    expect(got.body.data).toMatchObject({ code: 'ABOUT', url: '/gioi-thieu' });
    expect(got.body.data.hardContentDetails.map((d: { id: number }) => d.id)).toEqual([d2.body.data.id, d1.body.data.id]);
    expect((await ctx.authed('GET', `/api/HardContents/detail/get-all/${clinic}/${id}`)).body).toHaveLength(2);
    expect((await ctx.authed('GET', `${details}/${d1.body.data.id}`)).body.data.image).toBe('/files/2.png');
    const updDetail = await ctx.authed('PUT', `${details}/${d1.body.data.id}`, { ...d1.body.data, isActive: false });
    expect(updDetail.body.data.isActive).toBe(false);
    expect((await ctx.authed('PUT', `${details}/${d1.body.data.id}`, { ...d1.body.data })).status).toBe(409);
    expect((await ctx.authed('GET', `/api/HardContents/detail/${spa}/${id}/${d1.body.data.id}`)).status).toBe(404);
    expect((await ctx.authed('DELETE', `${details}/${d2.body.data.id}`)).body.code).toBe(1);

    const upd = await ctx.authed('PUT', `/api/HardContents/${clinic}/${id}`, { ...hc.body.data, code: 'ABOUT-US' });
    expect(upd.body.data.code).toBe('ABOUT-US');
    // Search by code or name; the list answers { data, totalRows }.
    expect((await ctx.authed('GET', `/api/HardContents/${clinic}?keyword=about-us`)).body.totalRows).toBe(1);
    expect((await ctx.authed('GET', `/api/HardContents/${clinic}?keyword=gioi%20thieu`)).body.totalRows).toBe(1);

    // Many rows: the default page is 10 (the definition's), a page of 10000 is allowed, more is capped.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      websiteId: clinic, name: tr(`Khối ${i}`), description: '{}', alt: '{}', order: 100 + i, isActive: true,
      concurrencyStamp: `s${i}`, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', searchText: `khoi ${i}`,
    }));
    await ctx.db.insertInto('hard_contents' as 'websites').values(rows as never).execute();
    const first = await ctx.authed('GET', `/api/HardContents/${clinic}`);
    expect(first.body.totalRows).toBe(31);
    expect(first.body.data).toHaveLength(10);
    expect((await ctx.authed('GET', `/api/HardContents/${clinic}?page=1&pageSize=10000`)).body.data).toHaveLength(31);
    expect((await ctx.authed('GET', `/api/HardContents/${clinic}?page=2&pageSize=1000000`)).body.data).toHaveLength(0);
    expect((await ctx.authed('GET', `/api/HardContents/${clinic}?page=4&pageSize=10`)).body.data).toHaveLength(1);

    // Deleting the hard content deletes its details.
    expect((await ctx.authed('DELETE', `/api/HardContents/${clinic}/${id}`)).status).toBe(200);
    const left = await ctx.db.selectFrom('hard_content_details' as 'websites').select('id').where('hardContentId' as 'id', '=', id).execute();
    expect(left).toEqual([]);
    await ctx.db.deleteFrom('hard_contents' as 'websites').where('websiteId' as 'id', '=', clinic).execute();
  });

  it('answers 4xx, never 500, to garbage on child routes', async () => {
    const bc = (await branch()).body.data;
    const cases: [string, string, unknown?][] = [
      ['GET', `/api/BranchContacts/detail/get-all/${clinic}/abc`],
      ['GET', `/api/BranchContacts/detail/${clinic}/${bc.id}/x`],
      ['GET', `/api/BranchContacts/detail/${clinic}/0/1`],
      ['POST', `/api/BranchContacts/detail/${clinic}/${bc.id}`, { contactType: '1', contactValue: 'x' }],
      ['POST', `/api/BranchContacts/detail/${clinic}/${bc.id}`, { contactType: 1, contactValue: 5 }],
      ['POST', `/api/BranchContacts/detail/${clinic}/${bc.id}`, { contactType: 1.5, contactValue: 'x' }],
      ['POST', `/api/BranchContacts/image/${clinic}/${bc.id}`, { images: ['a'] }],
      ['POST', `/api/BranchContacts/${clinic}`, { name: tr('a'), workTime: '{bad', website: 'x' }],
      ['PUT', `/api/BranchContacts/${clinic}/${bc.id}`, { isDefault: 'true', concurrencyStamp: bc.concurrencyStamp }],
      ['GET', `/api/HardContents/detail/get-all/${clinic}/99999999999`],
      ['POST', `/api/HardContents/detail/${clinic}/1e2`, {}],
      ['DELETE', `/api/HardContents/${clinic}/abc`],
      ['GET', `/api/HardContents/${clinic}?pageSize=abc`],
    ];
    for (const [method, p, json] of cases) {
      const res = await ctx.authed(method, p, json);
      expect(res.status, `${method} ${p} ${JSON.stringify(json)}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${p} ${JSON.stringify(json)}: ${res.text}`).toBeLessThan(500);
    }
    await ctx.authed('DELETE', `/api/BranchContacts/${clinic}/${bc.id}`);
  });
});
