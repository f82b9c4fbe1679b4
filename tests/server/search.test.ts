// Find anything (issue 42; docs/api.md "Search"): GET /api/Search/{website}?q=&limit= looks in every definition the user
// may read in the website, folded as the list search folds, ranks exact and prefix titles first, and follows the roles:
// an area the role does not list and a field it hides find nothing. On both databases.
import { beforeAll, expect, it } from 'vitest';
import { createUser } from './account-helpers';
import { uploadFile } from './files-helpers';
import type { Grant, Grants } from '../../shared/permissions';
import { demoWebsitesAndStaff, describeEachDatabase, EN, tr } from './harness';

const ALL: Omit<Grant, 'actions' | 'hiddenFields'> = { list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' };
const NONE: Omit<Grant, 'actions' | 'hiddenFields'> = { list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==', 'base64');

interface Result {
  resource: string;
  id: number;
  title: string;
  subtitle: string;
  route: string;
}

describeEachDatabase('search across definitions', (ctx) => {
  let clinic = 0;
  let spa = 0;
  let n = 0;
  const tag = () => `zq${Date.now().toString(36)}${++n}`;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsitesAndStaff(ctx));
  });

  const search = async (q: string, as = (path: string) => ctx.authed('GET', path), site = clinic, more = '') => {
    const res = await as(`/api/Search/${site}?q=${encodeURIComponent(q)}${more}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data as Result[];
  };
  const booking = async (customerName: string, customerPhone: string) => {
    const res = await ctx.authed('POST', `/api/Bookings/${clinic}`, { customerName, customerPhone, appointmentDate: '2027-03-07' });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number };
  };
  /** A new staff member of the clinic with a new role of `grants`, and how they call the API. */
  const member = async (grants: Grants) => {
    const role = await ctx.authed('POST', '/api/Roles', { name: { 'vi-VN': `Vai trò ${tag()}`, 'en-US': `Role ${tag()}` }, grants });
    expect(role.status, role.text).toBe(200);
    const userName = `search.user${++n}.${ctx.dialect}`;
    const id = await createUser(ctx.db, ctx.clock.now(), { userName, password: 'Staff@123', fullName: `Search User ${n}` });
    expect((await ctx.authed('POST', `/api/Websites/user/${clinic}/${id}`)).status).toBe(200);
    expect((await ctx.authed('PUT', `/api/Websites/user/${clinic}/${id}`, { roleId: role.body.data.id })).status).toBe(200);
    const token = (await ctx.signIn(userName, 'Staff@123')).access_token;
    return (path: string) => ctx.request('GET', path, { token, ...EN });
  };

  it('finds a booking by its phone as typed and by its name folded, news by title in either language, with the record’s route', async () => {
    const name = `Nguyễn Thị Khám ${tag()}`;
    const phone = `09${String(Date.now()).slice(-8)}`;
    const b = await booking(name, phone);
    const typed = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    for (const q of [phone, typed]) {
      const found = await search(q);
      expect(found.filter((r) => r.resource === 'booking')).toEqual([{ resource: 'booking', id: b.id, title: name, subtitle: expect.stringContaining(phone), route: `/booking/${b.id}` }]);
    }
    // "kham" finds "Khám": folded as the list search folds.
    const folded = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    expect((await search(folded)).map((r) => r.id)).toEqual([b.id]);

    const words = tag();
    const news = await ctx.authed('POST', `/api/News/${clinic}/false`, {
      newsTranslations: [
        { languageId: 'vi-VN', title: `Tiêm chủng ${words}`, description: '', content: '<p>x</p>', seoLink: `tiem-${words}` },
        { languageId: 'en-US', title: `Vaccination ${words}`, description: '', content: '<p>x</p>', seoLink: `vaccination-${words}` },
      ],
      isActive: true,
    });
    expect(news.status, news.text).toBe(200);
    const id = news.body.data.id as number;
    // By the English title, answered in the interface's language (Vietnamese by default, English when asked).
    expect(await search(`vaccination ${words}`)).toEqual([{ resource: 'news', id, title: `Tiêm chủng ${words}`, subtitle: expect.any(String), route: `/news/${id}` }]);
    expect((await search(`tiem chung ${words}`, (p) => ctx.authed('GET', p, undefined, EN))).map((r) => [r.resource, r.title])).toEqual([['news', `Vaccination ${words}`]]);
    // Another website's records are not this one's.
    expect(await search(`vaccination ${words}`, undefined, spa)).toEqual([]);
  });

  it('ranks an exact title first, then titles starting with the words, then titles holding them, and keeps to the limit', async () => {
    const t = tag();
    for (const name of [t, `${t} hỏi đáp`, `Nhóm ${t}`]) {
      const res = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr(name), order: 0, isActive: true });
      expect(res.status, res.text).toBe(200);
    }
    // Made exact first: the newest (the containing one) would come first without the ranking.
    expect((await search(t.toUpperCase())).map((r) => r.title)).toEqual([t, `${t} hỏi đáp`, `Nhóm ${t}`]);
    expect((await search(t, undefined, clinic, '&limit=2')).map((r) => r.title)).toEqual([t, `${t} hỏi đáp`]);
    expect(await search('   ')).toEqual([]);
  });

  it('finds nothing in an area the role does not list, nor by a field the role hides, and never shows that field', async () => {
    const name = `Khách Ẩn ${tag()}`;
    const phone = `08${String(Date.now()).slice(-8)}`;
    const b = await booking(name, phone);
    const hidesPhone = await member({ Bookings: { ...ALL, actions: {}, hiddenFields: ['customerPhone'] } });
    expect(await search(phone, hidesPhone)).toEqual([]);
    const byName = await search(name, hidesPhone);
    expect(byName.map((r) => r.id)).toEqual([b.id]);
    expect(byName[0].subtitle).not.toContain(phone);
    const noBookings = await member({ Bookings: { ...NONE, actions: {}, hiddenFields: [] }, FAQs: { ...ALL, actions: {}, hiddenFields: [] } });
    expect(await search(name, noBookings)).toEqual([]);
    expect(await search(phone, noBookings)).toEqual([]);
    // The administrator finds it both ways.
    expect((await search(phone)).map((r) => r.id)).toEqual([b.id]);
  });

  it('finds files by name, folded, with their folder and the file manager opening it there, for every member of any website', async () => {
    const token = (await ctx.signIn()).access_token;
    const t = tag();
    const folder = await ctx.authed('POST', '/api/Folders', { name: `Ảnh khám ${t}` });
    expect(folder.status, folder.text).toBe(200);
    const folderId = folder.body.data.id as number;
    const inFolder = await uploadFile(ctx, token, `Khám sức khỏe ${t}.png`, PNG, folderId);
    const atRoot = await uploadFile(ctx, token, `${t} sơ đồ.png`, PNG);
    const found = { resource: 'files', id: inFolder.id, title: `Khám sức khỏe ${t}.png`, subtitle: `/Ảnh khám ${t}`, route: `/file?folder=${folderId}&file=${inFolder.id}` };
    // "kham" finds "Khám", in any case.
    expect(await search(`kham suc khoe ${t}`)).toEqual([found]);
    expect(await search(`KHÁM SỨC KHỎE ${t}`)).toEqual([found]);
    // Ranked with the rest: the name starting with the words before the one holding them (the newer).
    expect(await search(t)).toEqual([
      { resource: 'files', id: atRoot.id, title: `${t} sơ đồ.png`, subtitle: '/', route: `/file?folder=0&file=${atRoot.id}` },
      found,
    ]);
    // The pattern's own characters are text, not wildcards.
    expect(await search(`kham%${t}`)).toEqual([]);
    // Files belong to the organisation, and the file manager to every signed-in user: any member finds them, in any website.
    const listsNothing = await member({ Bookings: { ...NONE, actions: {}, hiddenFields: [] } });
    expect(await search(`kham suc khoe ${t}`, listsNothing)).toEqual([found]);
    expect(await search(`kham suc khoe ${t}`, undefined, spa)).toEqual([found]);
  });

  it('answers bad parameters with a 400 naming them, an unknown website with a 404', async () => {
    for (const more of ['&limit=0', '&limit=51', '&limit=abc', `&q=${'x'.repeat(101)}`, '&q=a&q=b']) {
      const res = await ctx.authed('GET', `/api/Search/${clinic}?${more.slice(1)}`, undefined, EN);
      expect(res.status, more).toBe(400);
      expect(res.body.Message).toMatch(/^Invalid query parameter (limit|q)$/);
    }
    expect((await ctx.authed('GET', '/api/Search/999999?q=x')).status).toBe(404);
    expect((await ctx.authed('GET', '/api/Search/abc?q=x')).status).toBe(400);
    expect((await ctx.request('GET', `/api/Search/${clinic}?q=x`)).status).toBe(401);
  });
});
