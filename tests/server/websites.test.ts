// /api/Websites: websites, their languages and staff; the default rules and membership.
import { expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr, type ServerTestContext } from './harness';

const ids = demoWebsites;

async function userId(ctx: ServerTestContext, userName: string) {
  return (await ctx.db.selectFrom('users').select('id').where('userName', '=', userName).executeTakeFirstOrThrow()).id;
}

/** A new website (admin is its staff), not default. */
async function newSite(ctx: ServerTestContext, name = 'Nha khoa', en = 'Dental') {
  const res = await ctx.authed('POST', '/api/Websites', { name: tr(name, en), phoneNumber: '0901', address: tr('Hà Nội', 'Hanoi'), isActive: true });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number; concurrencyStamp: string; isDefault: boolean };
}

describeEachDatabase('websites', (ctx) => {
  it('gets one website with its languages, and pages the list with a keyword', async () => {
    const { clinic } = await ids(ctx);
    const one = await ctx.authed('GET', `/api/Websites/${clinic}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ code: 1, data: { id: clinic, isDefault: true, isActive: true, concurrencyStamp: expect.any(String) } });
    expect(JSON.parse(one.body.data.name)).toEqual({ 'vi-VN': 'Phòng khám Sitedesk', 'en-US': 'Sitedesk Clinic' });
    expect(one.body.data.websiteLanguages).toEqual([
      { languageId: 'vi-VN', name: 'Tiếng Việt', isActive: true, isDefault: true },
      { languageId: 'en-US', name: 'English', isActive: true, isDefault: false },
    ]);

    const page = await ctx.authed('GET', '/api/Websites?page=1&pageSize=1');
    expect(page.body.totalRows).toBeGreaterThanOrEqual(2);
    expect(page.body.data).toHaveLength(1);
    // Diacritics and case folded: "phong kham" finds "Phòng khám", "LE LOI" the spa's address.
    const found = await ctx.authed('GET', `/api/Websites?keyword=${encodeURIComponent('phong KHAM')}`);
    expect(found.body.data.map((w: { id: number }) => w.id)).toEqual([clinic]);
    const byAddress = await ctx.authed('GET', '/api/Websites?keyword=le%20loi');
    expect(byAddress.body.totalRows).toBe(1);
    // Paths match case-insensitively.
    expect((await ctx.authed('GET', `/api/websites/${clinic}`)).status).toBe(200);
  });

  it('creates a website (the creator becomes staff), validates it in both languages, updates and deletes it', async () => {
    const missing = await ctx.authed('POST', '/api/Websites', { name: tr('') });
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe('Tên website (Tiếng Việt) là trường bắt buộc');
    expect(missing.body.errors).toEqual([{ field: 'name', languageId: 'vi-VN', message: 'Tên website (Tiếng Việt) là trường bắt buộc' }]);
    const missingEn = await ctx.authed('POST', '/api/Websites', {}, EN);
    expect(missingEn.body.Message).toBe('Website name (Tiếng Việt) is required');

    const created = await ctx.authed('POST', '/api/Websites', { name: tr('Nha khoa Sitedesk', 'Sitedesk Dental'), phoneNumber: '0909', note: tr('Ghi chú') });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 1, message: 'Thêm mới thành công' });
    const site = created.body.data;
    expect(site).toMatchObject({ id: expect.any(Number), concurrencyStamp: expect.any(String), isDefault: false, isActive: true, phoneNumber: '0909' });
    const staff = await ctx.authed('GET', `/api/Websites/user/get-all/${site.id}`);
    // The creator is its staff, with the role a membership gets by default (issue 39: Staff).
    expect(staff.body).toEqual([{ userId: await userId(ctx, 'admin'), fullName: 'Quản trị viên', userName: 'admin', roleId: 1, roleName: { 'vi-VN': 'Nhân viên', 'en-US': 'Staff' } }]);
    expect((await ctx.authed('GET', '/api/Websites/get-all')).body.map((w: { id: number }) => w.id)).toContain(site.id);

    // Update: now with the site's languages (none yet → vi-VN).
    const upd = await ctx.authed('PUT', `/api/Websites/${site.id}`, { ...site, phoneNumber: '0911', address: tr('Đà Nẵng') }, EN);
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Updated successfully');
    expect(upd.body.data.phoneNumber).toBe('0911');
    expect(upd.body.data.concurrencyStamp).not.toBe(site.concurrencyStamp);
    // A partial body keeps what it does not name.
    expect(JSON.parse(upd.body.data.note)['vi-VN']).toBe('Ghi chú');

    const del = await ctx.authed('DELETE', `/api/Websites/${site.id}`);
    expect(del.body).toEqual({ code: 1, message: 'Xoá thành công' });
    expect((await ctx.authed('GET', `/api/Websites/${site.id}`)).status).toBe(404);
  });

  it('refuses a stale or missing concurrencyStamp and answers the current record', async () => {
    const site = await newSite(ctx);
    const first = await ctx.authed('PUT', `/api/Websites/${site.id}`, { name: tr('Tên mới'), concurrencyStamp: site.concurrencyStamp });
    expect(first.status).toBe(200);
    const stale = await ctx.authed('PUT', `/api/Websites/${site.id}`, { name: tr('Tên cũ'), concurrencyStamp: site.concurrencyStamp }, EN);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe('The record was changed by someone else since you opened it');
    expect(stale.body.data).toMatchObject({ id: site.id, concurrencyStamp: first.body.data.concurrencyStamp });
    expect(JSON.parse(stale.body.data.name)['vi-VN']).toBe('Tên mới');
    const none = await ctx.authed('PUT', `/api/Websites/${site.id}`, { name: tr('x') });
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('concurrencyStamp');
    const now = await ctx.authed('GET', `/api/Websites/${site.id}`);
    expect(JSON.parse(now.body.data.name)['vi-VN']).toBe('Tên mới');
    await ctx.authed('DELETE', `/api/Websites/${site.id}`);
  });

  it('keeps exactly one default website', async () => {
    const { clinic } = await ids(ctx);
    const site = await newSite(ctx);
    // Un-defaulting or deleting the default is refused.
    const clinicRec = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
    const undefault = await ctx.authed('PUT', `/api/Websites/${clinic}`, { isDefault: false, concurrencyStamp: clinicRec.concurrencyStamp });
    expect(undefault.status).toBe(400);
    expect(undefault.body.Message).toMatch(/mặc định/);
    expect((await ctx.authed('DELETE', `/api/Websites/${clinic}`)).status).toBe(400);

    // Making another one default clears the previous default.
    const made = await ctx.authed('PUT', `/api/Websites/${site.id}`, { isDefault: true, concurrencyStamp: site.concurrencyStamp });
    expect(made.status).toBe(200);
    const defaults = await ctx.db.selectFrom('websites').select('id').where('isDefault', '=', true).execute();
    expect(defaults).toEqual([{ id: site.id }]);
    expect((await ctx.authed('GET', '/api/Websites/get-all')).body[0].id).toBe(site.id);

    // Back to the clinic, then the new site can go.
    const again = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
    expect((await ctx.authed('PUT', `/api/Websites/${clinic}`, { isDefault: true, concurrencyStamp: again.concurrencyStamp })).status).toBe(200);
    expect((await ctx.authed('DELETE', `/api/Websites/${site.id}`)).status).toBe(200);
    expect(await ctx.db.selectFrom('websites').select('id').where('isDefault', '=', true).execute()).toEqual([{ id: clinic }]);
  });

  it('deleting a website deletes its content, languages and staff', async () => {
    const site = await newSite(ctx);
    await ctx.authed('POST', `/api/Websites/${site.id}/languages`, { languageId: 'vi-VN' });
    const sn = await ctx.authed('POST', `/api/SocialNetworks/${site.id}`, { name: tr('Facebook') });
    expect(sn.status).toBe(200);
    const bc = await ctx.authed('POST', `/api/BranchContacts/${site.id}`, { name: tr('Chi nhánh'), workTime: tr('8h'), website: 'https://x.vn' });
    const item = await ctx.authed('POST', `/api/BranchContacts/detail/${site.id}/${bc.body.data.id}`, { contactType: 1, contactValue: '0901' });
    expect(item.status).toBe(200);
    await ctx.authed('POST', `/api/Settings/settings/${site.id}`, { hotline: '1900' });

    expect((await ctx.authed('DELETE', `/api/Websites/${site.id}`)).status).toBe(200);
    for (const table of ['social_networks', 'branch_contacts', 'branch_contact_items', 'settings', 'website_languages', 'website_users'] as const) {
      const rows = await ctx.db.selectFrom(table as 'website_users').select('websiteId').where('websiteId', '=', site.id).execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('manages the languages of a website: one default, no duplicates, only known languages', async () => {
    const site = await newSite(ctx);
    const base = `/api/Websites/${site.id}/languages`;
    const missing = await ctx.authed('POST', base, {});
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe('Ngôn ngữ là trường bắt buộc');
    expect((await ctx.authed('POST', base, {}, EN)).body.Message).toBe('Language is required');
    const unknown = await ctx.authed('POST', base, { languageId: 'fr-FR' });
    expect(unknown.status).toBe(400);

    // The first language becomes the default even when not asked.
    const vi = await ctx.authed('POST', base, { languageId: 'en-US', isActive: true, isDefault: false });
    expect(vi.status).toBe(200);
    expect(vi.body.data).toEqual({ languageId: 'en-US', name: 'English', isActive: true, isDefault: true });
    expect((await ctx.authed('POST', base, { languageId: 'en-US' })).status).toBe(409);
    const second = await ctx.authed('POST', base, { languageId: 'vi-VN', isDefault: true });
    expect(second.body.data.isDefault).toBe(true);
    const list = await ctx.authed('GET', base);
    expect(list.body).toEqual([
      { languageId: 'vi-VN', name: 'Tiếng Việt', isActive: true, isDefault: true },
      { languageId: 'en-US', name: 'English', isActive: true, isDefault: false },
    ]);

    // Un-defaulting or deleting the default is refused; making the other default clears it.
    expect((await ctx.authed('PUT', `${base}/vi-VN`, { isDefault: false })).status).toBe(400);
    expect((await ctx.authed('DELETE', `${base}/vi-VN`)).status).toBe(400);
    const swap = await ctx.authed('PUT', `${base}/en-US`, { isDefault: true, isActive: true });
    expect(swap.body.data).toMatchObject({ languageId: 'en-US', isDefault: true });
    const off = await ctx.authed('PUT', `${base}/vi-VN`, { isActive: false });
    expect(off.body.data).toEqual({ languageId: 'vi-VN', name: 'Tiếng Việt', isActive: false, isDefault: false });
    expect((await ctx.authed('PUT', `${base}/vi-VN`, { isActive: 'no' })).status).toBe(400);
    expect((await ctx.authed('DELETE', `${base}/vi-VN`)).body.code).toBe(1);
    expect((await ctx.authed('DELETE', `${base}/vi-VN`)).status).toBe(404);
    expect((await ctx.authed('PUT', `${base}/fr-FR`, { isActive: true })).status).toBe(404);
    expect((await ctx.authed('GET', base)).body.map((l: { languageId: string }) => l.languageId)).toEqual(['en-US']);

    // Per-language fields of this website are now required in its languages only.
    const upd = await ctx.authed('PUT', `/api/Websites/${site.id}`, { name: tr('', 'Dental'), concurrencyStamp: site.concurrencyStamp });
    expect(upd.status).toBe(200);
    await ctx.authed('DELETE', `/api/Websites/${site.id}`);
  });

  it('manages staff; only staff may use a website', async () => {
    const site = await newSite(ctx);
    const lan = await userId(ctx, 'lan.nguyen');
    const admin = await userId(ctx, 'admin');
    const lanToken = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    const asLan = (method: string, p: string, json?: unknown) => ctx.request(method, p, { token: lanToken, json });

    // Not staff yet: 403 with a message on the website and its content; not in her lists.
    const forbidden = await asLan('GET', `/api/Websites/${site.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.Message).toBe('Bạn không phải nhân viên của website này');
    expect((await asLan('GET', `/api/SocialNetworks/${site.id}`)).status).toBe(403);
    expect((await asLan('POST', `/api/Websites/user/${site.id}/${lan}`)).status).toBe(403);
    expect((await asLan('GET', '/api/Websites/get-all')).body.map((w: { id: number }) => w.id)).not.toContain(site.id);
    expect((await asLan('GET', '/api/Websites?pageSize=100')).body.data.map((w: { id: number }) => w.id)).not.toContain(site.id);
    // Unknown website: 404.
    expect((await asLan('GET', '/api/SocialNetworks/999999')).status).toBe(404);

    const added = await ctx.authed('POST', `/api/Websites/user/${site.id}/${lan}`);
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual({ userId: lan, fullName: 'Nguyễn Thị Lan', userName: 'lan.nguyen', roleId: 1, roleName: { 'vi-VN': 'Nhân viên', 'en-US': 'Staff' } });
    expect((await ctx.authed('POST', `/api/Websites/user/${site.id}/${lan}`)).status).toBe(409);
    expect((await ctx.authed('POST', `/api/Websites/user/${site.id}/999999`)).status).toBe(404);
    expect((await ctx.authed('POST', `/api/Websites/user/${site.id}/abc`)).status).toBe(400);
    expect((await asLan('GET', `/api/SocialNetworks/${site.id}`)).status).toBe(200);
    const staff = await ctx.authed('GET', `/api/Websites/user/get-all/${site.id}`);
    expect(staff.body.map((s: { userName: string }) => s.userName)).toEqual(['lan.nguyen', 'admin']);

    // Staff manage content, not staff: Lan cannot remove the administrator (shared/roles.ts).
    const notAdmin = await asLan('DELETE', `/api/Websites/user/${site.id}/${admin}`);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.Message).toBe('Chỉ quản trị viên được thực hiện thao tác này');
    expect((await asLan('DELETE', `/api/Websites/${site.id}`)).status).toBe(403);
    // The administrator removes Lan; the last member can't be removed.
    expect((await ctx.authed('DELETE', `/api/Websites/user/${site.id}/${lan}`)).status).toBe(200);
    expect((await asLan('GET', `/api/Websites/${site.id}`)).status).toBe(403);
    // Who is staff is kept per change number (server/db/changes.ts): the removal is seen at once, and so is a
    // change written straight into the database, not through the routes.
    expect((await asLan('GET', `/api/SocialNetworks/${site.id}`)).status).toBe(403);
    await ctx.db.insertInto('website_users').values({ websiteId: site.id, userId: lan, createdAt: new Date().toISOString() }).execute();
    expect((await asLan('GET', `/api/SocialNetworks/${site.id}`)).status).toBe(200);
    await ctx.db.deleteFrom('website_users').where('websiteId', '=', site.id).where('userId', '=', lan).execute();
    expect((await asLan('GET', `/api/SocialNetworks/${site.id}`)).status).toBe(403);
    const last = await ctx.authed('DELETE', `/api/Websites/user/${site.id}/${admin}`);
    expect(last.status).toBe(400);
    expect(last.body.Message).toMatch(/cuối cùng/);
    expect((await ctx.authed('DELETE', `/api/Websites/user/${site.id}/${lan}`)).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/Websites/${site.id}`)).status).toBe(200);
  });

  it('answers 4xx, never 500, to garbage', async () => {
    const { clinic } = await ids(ctx);
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/Websites/abc'],
      ['GET', '/api/Websites/-1'],
      ['GET', '/api/Websites/99999999999999999999'],
      ['PUT', `/api/Websites/${clinic}`, [1, 2]],
      ['PUT', `/api/Websites/${clinic}`, 'text'],
      ['PUT', `/api/Websites/${clinic}`, { name: 42, concurrencyStamp: 'x' }],
      ['POST', '/api/Websites', { name: '{"vi-VN":' }],
      ['POST', '/api/Websites', { name: { 'vi-VN': 5 } }],
      ['POST', '/api/Websites', { name: tr('a'), isActive: 'yes' }],
      ['POST', '/api/Websites', { name: tr('x'.repeat(300)) }],
      ['GET', '/api/Websites?page=abc'],
      ['GET', '/api/Websites?page=0'],
      ['GET', '/api/Websites?pageSize=-5'],
      ['POST', `/api/Websites/${clinic}/languages`, { languageId: { a: 1 } }],
      ['POST', `/api/Websites/${clinic}/languages`, { languageId: 'x'.repeat(5000) }],
      ['PUT', `/api/Websites/abc/languages/vi-VN`, {}],
      ['GET', '/api/Websites/user/get-all/abc'],
      ['DELETE', '/api/Websites/user/1/abc'],
    ];
    for (const [method, p, json] of cases) {
      const res = await ctx.authed(method, p, json);
      expect(res.status, `${method} ${p} ${JSON.stringify(json)}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${p}`).toBeLessThan(500);
      expect(res.body.Message, `${method} ${p}`).toEqual(expect.any(String));
    }
    // A plain (non-JSON) name is taken as the text of every language.
    const plain = await ctx.authed('POST', '/api/Websites', { name: 'Plain' });
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body.data.name)).toEqual({ 'vi-VN': 'Plain' });
    await ctx.authed('DELETE', `/api/Websites/${plain.body.data.id}`);
  });
});
