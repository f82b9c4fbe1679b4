// The generic resource engine through its real routes: social networks and settings (Info-website), paging,
// keyword search, concurrency stamps, validation messages, website scoping, bad input.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

describeEachDatabase('resources', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  it('creates, reads, lists, updates and deletes a social network', async () => {
    const created = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, {
      name: tr('Trang Facebook', 'Facebook page'),
      description: tr('Mô tả'),
      url: 'https://facebook.com/x',
      image: '/files/fb.png',
      order: 2,
      ignoredField: 'anything',
    }, EN);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ code: 1, message: 'Added successfully' });
    const rec = created.body.data;
    expect(rec).toMatchObject({ id: expect.any(Number), websiteId: clinic, concurrencyStamp: expect.any(String), order: 2, isActive: true, icon: null, url: 'https://facebook.com/x' });
    expect(rec).not.toHaveProperty('ignoredField');
    expect(JSON.parse(rec.name)).toEqual({ 'vi-VN': 'Trang Facebook', 'en-US': 'Facebook page' });

    const got = await ctx.authed('GET', `/api/SocialNetworks/${clinic}/${rec.id}`);
    expect(got.body).toMatchObject({ code: 1, message: expect.any(String), data: { id: rec.id, concurrencyStamp: rec.concurrencyStamp } });

    const list = await ctx.authed('GET', `/api/SocialNetworks/${clinic}`);
    expect(list.body).toEqual({ data: [expect.objectContaining({ id: rec.id })], totalRows: 1 });

    const upd = await ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { ...rec, order: 0, isActive: false });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ code: 1, message: 'Cập nhật thành công', data: { order: 0, isActive: false } });
    expect(upd.body.data.concurrencyStamp).not.toBe(rec.concurrencyStamp);

    const del = await ctx.authed('DELETE', `/api/SocialNetworks/${clinic}/${rec.id}`, undefined, EN);
    expect(del.body).toEqual({ code: 1, message: 'Deleted successfully' });
    expect((await ctx.authed('GET', `/api/SocialNetworks/${clinic}/${rec.id}`)).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/SocialNetworks/${clinic}/${rec.id}`)).status).toBe(404);
  });

  it('validates with the spec messages in Vietnamese and English', async () => {
    const vi = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Có', ''), order: -1 });
    expect(vi.status).toBe(400);
    expect(vi.body.errors).toEqual([
      { field: 'name', languageId: 'en-US', message: 'Tên (English) là trường bắt buộc' },
      { field: 'order', message: 'Thứ tự phải đúng định dạng' },
    ]);
    expect(vi.body.Message).toBe('Tên (English) là trường bắt buộc; Thứ tự phải đúng định dạng');
    expect(vi.body.field).toBe('name');
    const en = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, {}, EN);
    expect(en.body.errors.map((e: { message: string }) => e.message)).toEqual(['Name (Tiếng Việt) is required', 'Name (English) is required']);
    const fraction = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), order: 1.5 }, EN);
    expect(fraction.body.Message).toBe('Order has the wrong format');
    const nothingWritten = await ctx.authed('GET', `/api/SocialNetworks/${clinic}`);
    expect(nothingWritten.body.totalRows).toBe(0);
  });

  it('pages, orders and searches lists by keyword (case and diacritics folded, inside every language)', async () => {
    const names = [
      ['Zalo Phòng khám', 'Zalo clinic'],
      ['Kênh YouTube', 'YouTube channel'],
      ['Trang Facebook', 'Facebook page'],
      ['Instagram', 'Instagram'],
      ['TikTok 100%_off', 'TikTok'],
    ];
    const made: number[] = [];
    for (const [i, [vi, en]] of names.entries()) {
      const res = await ctx.authed('POST', `/api/SocialNetworks/${spa}`, { name: tr(vi, en), order: names.length - i });
      made.push(res.body.data.id);
    }
    const page1 = await ctx.authed('GET', `/api/SocialNetworks/${spa}?page=1&pageSize=2`);
    expect(page1.body.totalRows).toBe(5);
    // Ordered by `order` ascending (the definition's list.orderBy).
    expect(page1.body.data.map((r: { id: number }) => r.id)).toEqual([made[4], made[3]]);
    const page3 = await ctx.authed('GET', `/api/SocialNetworks/${spa}?page=3&pageSize=2`);
    expect(page3.body.data.map((r: { id: number }) => r.id)).toEqual([made[0]]);
    expect((await ctx.authed('GET', `/api/SocialNetworks/${spa}?page=9&pageSize=2`)).body).toEqual({ data: [], totalRows: 5 });

    const search = async (keyword: string) =>
      (await ctx.authed('GET', `/api/SocialNetworks/${spa}?keyword=${encodeURIComponent(keyword)}`)).body.data.map((r: { id: number }) => r.id);
    expect(await search('phong kham')).toEqual([made[0]]);
    expect(await search('KÊNH')).toEqual([made[1]]);
    expect(await search('channel')).toEqual([made[1]]); // English text
    expect(await search('vi-VN')).toEqual([]); // never the JSON keys
    expect(await search('100%_')).toEqual([made[4]]); // LIKE wildcards are literal
    expect(await search('%')).toEqual([made[4]]);
    expect(await search('  ')).toHaveLength(5);
    expect((await ctx.authed('GET', `/api/SocialNetworks/${spa}?isActive=true&keyword=page`)).body.totalRows).toBe(1);
    expect((await ctx.authed('GET', `/api/SocialNetworks/${spa}?isActive=false`)).body.totalRows).toBe(0);
    // The search text follows updates.
    const rec = (await ctx.authed('GET', `/api/SocialNetworks/${spa}/${made[3]}`)).body.data;
    await ctx.authed('PUT', `/api/SocialNetworks/${spa}/${made[3]}`, { name: tr('Ảnh đẹp'), concurrencyStamp: rec.concurrencyStamp });
    expect(await search('anh dep')).toEqual([made[3]]);
    expect(await search('instagram')).toEqual([]);
    // The other website sees none of them.
    expect((await ctx.authed('GET', `/api/SocialNetworks/${clinic}?keyword=zalo`)).body.totalRows).toBe(0);
    for (const id of made) await ctx.authed('DELETE', `/api/SocialNetworks/${spa}/${id}`);
  });

  it('answers 409 with the current record for a stale stamp and changes nothing; 400 without a stamp', async () => {
    const rec = (await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Một') })).body.data;
    const first = await ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { name: tr('Hai'), concurrencyStamp: rec.concurrencyStamp });
    expect(first.status).toBe(200);

    const stale = await ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { name: tr('Ba'), concurrencyStamp: rec.concurrencyStamp });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 409, Message: 'Bản ghi đã bị người khác thay đổi kể từ khi bạn mở nó' });
    expect(stale.body.data).toMatchObject({ id: rec.id, concurrencyStamp: first.body.data.concurrencyStamp });
    expect(JSON.parse(stale.body.data.name)['vi-VN']).toBe('Hai');
    // Stale and invalid at once: the conflict is what the user needs to know.
    expect((await ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { name: tr(''), concurrencyStamp: 'old' })).status).toBe(409);

    const missing = await ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { name: tr('Bốn') }, EN);
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toMatch(/concurrencyStamp is required/);
    const empty = await ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { name: tr('Bốn'), concurrencyStamp: '' });
    expect(empty.status).toBe(400);

    const now = (await ctx.authed('GET', `/api/SocialNetworks/${clinic}/${rec.id}`)).body.data;
    expect(JSON.parse(now.name)['vi-VN']).toBe('Hai');
    expect(now.concurrencyStamp).toBe(first.body.data.concurrencyStamp);
    await ctx.authed('DELETE', `/api/SocialNetworks/${clinic}/${rec.id}`);
  });

  it('lets exactly one of several simultaneous updates with the same stamp win', async () => {
    const rec = (await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Đua') })).body.data;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { order: n, concurrencyStamp: rec.concurrencyStamp })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data;
    const now = (await ctx.authed('GET', `/api/SocialNetworks/${clinic}/${rec.id}`)).body.data;
    expect(now).toMatchObject({ order: winner.order, concurrencyStamp: winner.concurrencyStamp });
    await ctx.authed('DELETE', `/api/SocialNetworks/${clinic}/${rec.id}`);

    // Two first saves of a singleton at once: one creates it, the other is told it is stale.
    const site = (await ctx.authed('POST', '/api/Websites', { name: tr('Đua') })).body.data;
    const saves = await Promise.all(['1', '2'].map((hotline) => ctx.authed('POST', `/api/Settings/settings/${site.id}`, { hotline })));
    expect(saves.map((a) => a.status).sort()).toEqual([200, 409]);
    await ctx.authed('DELETE', `/api/Websites/${site.id}`);
  });

  it('never reads or changes a record through another website (404)', async () => {
    const rec = (await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Riêng') })).body.data;
    expect((await ctx.authed('GET', `/api/SocialNetworks/${spa}/${rec.id}`)).status).toBe(404);
    const put = await ctx.authed('PUT', `/api/SocialNetworks/${spa}/${rec.id}`, { name: tr('Chiếm'), concurrencyStamp: rec.concurrencyStamp });
    expect(put.status).toBe(404);
    expect(put.body.data).toBeUndefined();
    expect((await ctx.authed('DELETE', `/api/SocialNetworks/${spa}/${rec.id}`)).status).toBe(404);
    const still = (await ctx.authed('GET', `/api/SocialNetworks/${clinic}/${rec.id}`)).body.data;
    expect(still.concurrencyStamp).toBe(rec.concurrencyStamp);
    expect(JSON.parse(still.name)['vi-VN']).toBe('Riêng');
    await ctx.authed('DELETE', `/api/SocialNetworks/${clinic}/${rec.id}`);
  });

  it('gets and saves the settings of a website (upsert with a stamp once saved)', async () => {
    const empty = await ctx.authed('GET', `/api/Settings/settings/${spa}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ websiteId: spa, brand: '{}', hotline: null, concurrencyStamp: null });
    expect(empty.body.data.id).toBeUndefined();

    const first = await ctx.authed('POST', `/api/Settings/settings/${spa}`, { brand: tr('Spa', 'Spa EN'), hotline: '1900 1234', logo: '/files/logo.png' }, EN);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ code: 1, message: 'Updated successfully', data: { hotline: '1900 1234', concurrencyStamp: expect.any(String) } });
    const stamp = first.body.data.concurrencyStamp;

    // Saved on the empty record (no stamp) after someone saved: stale.
    const blind = await ctx.authed('POST', `/api/Settings/settings/${spa}`, { hotline: '1' });
    expect(blind.status).toBe(409);
    expect(blind.body.data).toMatchObject({ hotline: '1900 1234', concurrencyStamp: stamp });
    expect((await ctx.authed('POST', `/api/Settings/settings/${spa}`, { hotline: '1', concurrencyStamp: 5 })).status).toBe(400);
    const second = await ctx.authed('POST', `/api/Settings/settings/${spa}`, { hotline: '1900 9999', concurrencyStamp: stamp });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ hotline: '1900 9999', logo: '/files/logo.png' });
    const stale = await ctx.authed('POST', `/api/Settings/settings/${spa}`, { hotline: '0', concurrencyStamp: stamp });
    expect(stale.status).toBe(409);
    expect(stale.body.data.hotline).toBe('1900 9999');

    const got = await ctx.authed('GET', `/api/settings/SETTINGS/${spa}`);
    expect(got.body.data).toMatchObject({ hotline: '1900 9999', concurrencyStamp: second.body.data.concurrencyStamp });
    expect(JSON.parse(got.body.data.brand)).toEqual({ 'vi-VN': 'Spa', 'en-US': 'Spa EN' });
    // One row per website; the other website still has none.
    expect((await ctx.authed('GET', `/api/Settings/settings/${clinic}`)).body.data.concurrencyStamp).toBeNull();
    const rows = await ctx.db.selectFrom('settings' as 'websites').select('id').where('websiteId' as 'id', '=', spa).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 4xx, never 500, to garbage', async () => {
    const rec = (await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Rác') })).body.data;
    const stamp = rec.concurrencyStamp;
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/SocialNetworks/abc'],
      ['GET', '/api/SocialNetworks/0'],
      ['GET', '/api/SocialNetworks/1e3'],
      ['GET', '/api/SocialNetworks/99999999999'],
      ['GET', `/api/SocialNetworks/${clinic}/abc`],
      ['GET', `/api/SocialNetworks/${clinic}/1.5`],
      ['GET', `/api/SocialNetworks/${clinic}?page=x`],
      ['GET', `/api/SocialNetworks/${clinic}?pageSize=0`],
      ['GET', `/api/SocialNetworks/${clinic}?page=1&page=2`],
      ['GET', `/api/SocialNetworks/${clinic}?isActive=maybe`],
      ['GET', `/api/SocialNetworks/${clinic}?order=abc`],
      ['GET', `/api/SocialNetworks/${clinic}?order=99999999999`],
      ['POST', `/api/SocialNetworks/${clinic}`, [1]],
      ['POST', `/api/SocialNetworks/${clinic}`, 'just text'],
      ['POST', `/api/SocialNetworks/${clinic}`, 12],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: '{"vi-VN": "broken' }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: { 'vi-VN': 1, 'en-US': 'x' } }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), order: 'abc' }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), order: 1e12 }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), order: { n: 1 } }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), isActive: 1 }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), url: ['x'] }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), url: 'u'.repeat(1001) }],
      ['POST', `/api/SocialNetworks/${clinic}`, { name: tr('n'.repeat(251)) }],
      ['PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { name: tr('a'), concurrencyStamp: 5 }],
      ['PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, { name: tr('a'), concurrencyStamp: stamp, image: { x: 1 } }],
      ['PUT', `/api/SocialNetworks/${clinic}/${rec.id}`, null],
      ['DELETE', `/api/SocialNetworks/${clinic}/-3`],
      ['POST', `/api/Settings/settings/${clinic}`, { brand: 7 }],
      ['POST', '/api/Settings/settings/abc', {}],
    ];
    for (const [method, p, json] of cases) {
      const res = await ctx.authed(method, p, json);
      expect(res.status, `${method} ${p} ${JSON.stringify(json)}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${p} ${JSON.stringify(json)}: ${res.text}`).toBeLessThan(500);
      expect(res.body.Message).toEqual(expect.any(String));
    }
    // A huge body is refused as too large, not stored.
    const huge = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('a'), description: tr('x'.repeat(2_000_000)) });
    expect(huge.status).toBe(413);
    const still = (await ctx.authed('GET', `/api/SocialNetworks/${clinic}/${rec.id}`)).body.data;
    expect(still.concurrencyStamp).toBe(stamp);
    expect((await ctx.authed('GET', `/api/SocialNetworks/${clinic}`)).body.totalRows).toBe(1);
    await ctx.authed('DELETE', `/api/SocialNetworks/${clinic}/${rec.id}`);
  });
});
