// The delivery API's hand-written areas of menus, the site and diseases (server/editorial/menus-area.ts,
// server/site-content/site-area.ts, server/editorial/diseases-area.ts): what a public website reads, seeded through the
// staff API. Tree order, inactive records absent, a linked record not published hides its item, fallback to the
// default language, plain text (never the console's JSON), nothing private in `site`, unknown keys 404, and every
// answer valid against the area's schema (the OpenAPI document's).
import Ajv2020 from 'ajv/dist/2020';
import { BUILT_IN_IDS } from '../../shared/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../server/delivery/areas';
import type { ContentArea } from '../../server/resources/index';
import { buildApp } from '../../server/app';
import { describeEachDatabase, tr, type Res } from './harness';
import { newsBody } from './news-helpers';

const json = (map: Record<string, string>) => JSON.stringify(map);
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

/** Item names as an indented outline: the tree's shape and order in one comparable value. */
function outline(items: { name: string; children: unknown[] }[], depth = 0): string[] {
  return items.flatMap((i) => [`${'  '.repeat(depth)}${i.name}`, ...outline(i.children as { name: string; children: unknown[] }[], depth + 1)]);
}

const area = (path: string) => areas.find((a) => a.path === path) as ContentArea;

describeEachDatabase('delivery: menus, site, diseases', (ctx) => {
  let site = 0;

  /** GET /content/{site}/{lang}/{path}[/{key}][?query] as a website reads it: no sign-in. */
  function content(lang: string, path: string, key?: string, query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Res> {
    const qs = new URLSearchParams(query).toString();
    return ctx.request('GET', `/content/${site}/${lang}/${path}${key === undefined ? '' : `/${encodeURIComponent(key)}`}${qs ? `?${qs}` : ''}`, { headers });
  }

  /** The answer is valid against the area's schema (list item or detail), as the OpenAPI document describes it. */
  const ajv = new Ajv2020({ strict: false });
  function expectSchema(path: string, data: unknown, which: 'item' | 'detail' = 'item') {
    const schema = area(path).schema[which]!;
    const validate = ajv.compile(schema);
    const valid = validate(data);
    expect(validate.errors ?? [], JSON.stringify(data).slice(0, 300)).toEqual([]);
    expect(valid).toBe(true);
  }

  const post = async (path: string, body: unknown) => {
    const res = await ctx.authed('POST', path, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number; concurrencyStamp: string } & Record<string, unknown>;
  };

  // A website of its own: Vietnamese (default) first; English comes later, so records made before have no English.
  let onlyVi = { menu: 0, item: 0 };
  beforeAll(async () => {
    site = (await post('/api/Websites', { name: tr('Nha khoa', 'Dental'), phoneNumber: '028 3838 3838', address: tr('1 Lê Lợi', '1 Le Loi'), note: tr('Ghi chú nội bộ', 'Internal note'), isActive: true })).id;
    expect((await ctx.authed('POST', `/api/Websites/${site}/languages`, { languageId: 'vi-VN', isDefault: true, isActive: true })).status).toBe(200);
    const menu = await post(`/api/Menus/${site}`, { name: json({ 'vi-VN': 'Menu cũ' }), position: 0, order: 9 });
    const item = await post(`/api/Menus/item/${site}/${menu.id}`, { name: json({ 'vi-VN': 'Chỉ tiếng Việt' }), objectType: 0, url: '/chi-tieng-viet', order: 9 });
    onlyVi = { menu: menu.id, item: item.id };
    expect((await ctx.authed('POST', `/api/Websites/${site}/languages`, { languageId: 'en-US', isActive: true })).status).toBe(200);
    // The demo reviewer works on it too (decisions on what the admin submits).
    const reviewer = await ctx.db.selectFrom('users').select('id').where('userName', '=', 'minh.tran').executeTakeFirstOrThrow();
    // As this website's reviewer: reviewing is a role on a website (issue 39), a new member is Staff.
    expect((await ctx.authed('POST', `/api/Websites/user/${site}/${reviewer.id}`, { roleId: BUILT_IN_IDS.reviewer })).status).toBe(200);
  });

  describe('menus', () => {
    it('active menus and items in order as a tree; inactive ones hide their subtree; plain text with fallback', async () => {
      const main = await post(`/api/Menus/${site}`, { name: tr('Menu chính', 'Main menu'), description: json({ 'vi-VN': 'Đầu trang' }), position: 0, order: 1 });
      const footer = await post(`/api/Menus/${site}`, { name: tr('Chân trang', 'Footer'), position: 1, order: 2 });
      await post(`/api/Menus/${site}`, { name: tr('Tắt', 'Off'), position: 2, order: 0, isActive: false });
      const item = (menuId: number, vi: string, en: string, extra: Record<string, unknown> = {}) =>
        post(`/api/Menus/item/${site}/${menuId}`, { name: tr(vi, en), objectType: 0, url: `/${en.toLowerCase().replace(/ /g, '-')}`, ...extra });

      // Orders given out of creation order: the answer follows `order`, then the id.
      const about = await item(main.id, 'Giới thiệu', 'About', { order: 2, description: json({ 'vi-VN': 'Về chúng tôi' }) });
      await item(main.id, 'Trang chủ', 'Home', { order: 1, icon: '/files/home.svg' });
      const team = await item(main.id, 'Đội ngũ', 'Team', { parentId: about.id, order: 2 });
      await item(main.id, 'Lịch sử', 'History', { parentId: about.id, order: 1 });
      await item(main.id, 'Bác sĩ', 'Doctors', { parentId: team.id, order: 0 });
      const hidden = await item(main.id, 'Ẩn', 'Hidden', { order: 3, isActive: false });
      await item(main.id, 'Con của mục ẩn', 'Child of hidden', { parentId: hidden.id });
      // A heading without a URL of its own.
      await item(footer.id, 'Chính sách', 'Policies', { url: '' });

      const vi = await content('vi-VN', 'menus');
      expect(vi.status).toBe(200);
      expect(names(vi.body.data)).toEqual(['Menu chính', 'Chân trang', 'Menu cũ']);
      const [viMain] = vi.body.data;
      expect(viMain).toMatchObject({ id: main.id, name: 'Menu chính', description: 'Đầu trang', position: 0 });
      expect(outline(viMain.items)).toEqual(['Trang chủ', 'Giới thiệu', '  Lịch sử', '  Đội ngũ', '    Bác sĩ']);
      expect(viMain.items[0]).toEqual({
        id: expect.any(Number), name: 'Trang chủ', description: '', url: '/home', type: 'custom', objectId: null, seoLink: null,
        icon: '/files/home.svg', images: null, alt: null, metaTitle: '', metaDescription: '', metaKeyword: '', children: [],
        // Not stored images (an address of no file here, none): no Info (delivery-images.test.ts has the stored ones).
        iconInfo: null, imagesInfo: null,
      });
      expect(vi.body.data[1].items[0]).toMatchObject({ name: 'Chính sách', url: null, type: 'custom' });
      for (const m of vi.body.data) expectSchema('menus', m);

      // English: the names in English, the description missing there in Vietnamese; the menu and the item made before
      // the website had English have no English name and are not listed.
      const en = await content('en-US', 'menus');
      expect(names(en.body.data)).toEqual(['Main menu', 'Footer']);
      expect(en.body.data[0].description).toBe('Đầu trang');
      expect(outline(en.body.data[0].items)).toEqual(['Home', 'About', '  History', '  Team', '    Doctors']);
      expect(en.body.data[0].items[1].description).toBe('Về chúng tôi');
      // Never the console's JSON text.
      expect(en.text).not.toContain('vi-VN');
      expect(vi.text).not.toContain('en-US');

      // An item made without English, once it has a child with English: both stay out in English (the subtree goes).
      await item(onlyVi.menu, 'Con', 'Child', { parentId: onlyVi.item });
      const viOld = (await content('vi-VN', 'menus')).body.data.find((m: { id: number }) => m.id === onlyVi.menu);
      expect(outline(viOld.items)).toEqual(['Chỉ tiếng Việt', '  Con']);

      // Switching an item off takes its subtree with it; a menu switched off goes with its items.
      await ctx.authed('PUT', `/api/Menus/item/${site}/${main.id}/${about.id}`, { ...about, isActive: false });
      expect(outline((await content('vi-VN', 'menus')).body.data[0].items)).toEqual(['Trang chủ']);
      await ctx.authed('PUT', `/api/Menus/${site}/${footer.id}`, { ...footer, isActive: false });
      expect(names((await content('vi-VN', 'menus')).body.data)).toEqual(['Menu chính', 'Menu cũ']);
      // ?position= keeps one position.
      expect(names((await content('vi-VN', 'menus', undefined, { position: '0' })).body.data)).toEqual(['Menu chính', 'Menu cũ']);
      expect((await content('vi-VN', 'menus', undefined, { position: '4' })).body.data).toEqual([]);
    });

    it('a linked news item, category or service: its page in {lang} while published, else the item is not listed', async () => {
      const menu = await post(`/api/Menus/${site}`, { name: tr('Liên kết', 'Links'), position: 4, order: 5 });
      const category = await post(`/api/Categorys/${site}`, { name: tr('Tim mạch', 'Cardiology'), seoLink: 'tim-mach', order: 0 });
      // News: approved, started; another one approved but starting in an hour; a third only submitted.
      const now = ctx.clock.now().getTime();
      const news = async (extra: Record<string, unknown>, approve: boolean) => {
        const created = await ctx.authed('POST', `/api/News/${site}/true`, newsBody({ categorys: [category.id], ...extra }));
        expect(created.status, created.text).toBe(200);
        if (approve) expect((await ctx.reviewer('PUT', `/api/News/status/${site}/${created.body.data.id}`, { status: 2 })).status).toBe(200);
        return created.body.data as { id: number; newsTranslations: { languageId: string; seoLink: string }[] };
      };
      const live = await news({ startTime: new Date(now - 3_600_000).toISOString() }, true);
      const later = await news({ startTime: new Date(now + 3_600_000).toISOString() }, true);
      const pending = await news({ startTime: new Date(now - 3_600_000).toISOString() }, false);
      const linkOf = (n: typeof live, lang: string) => n.newsTranslations.find((t) => t.languageId === lang)!.seoLink;

      const link = (vi: string, objectType: number, objectId: number, extra: Record<string, unknown> = {}) =>
        post(`/api/Menus/item/${site}/${menu.id}`, { name: tr(vi, vi + ' EN'), objectType, objectId, ...extra });
      await link('Tin', 2, live.id, { order: 1 });
      const toLater = await link('Sắp tới', 2, later.id, { order: 2 });
      await link('Chờ duyệt', 2, pending.id, { order: 3 });
      await link('Con của tin sắp tới', 0, 0, { parentId: toLater.id, objectId: null, url: '/x' });
      const toCategory = await link('Danh mục', 1, category.id, { order: 4 });
      // Services: one approved, one waiting for review.
      const service = async (seoLink: string, approve: boolean) => {
        const created = await ctx.authed('POST', `/api/Services/${site}?type=1`, { title: tr('Dịch vụ', 'Service'), description: tr('Mô tả'), seoLink, image: '/files/s.png', isActive: true, isApproveFlag: true });
        expect(created.status, created.text).toBe(200);
        if (approve) expect((await ctx.reviewer('PUT', `/api/Services/status/${site}/${created.body.data.id}`, { status: 2 })).status).toBe(200);
        return created.body.data as { id: number };
      };
      await link('Dịch vụ', 5, (await service('kham-rang', true)).id, { order: 5 });
      await link('Dịch vụ chờ duyệt', 5, (await service('tay-trang', false)).id, { order: 6 });
      // The stored seoLink is the copy taken on save (the news' link in the default language).
      expect(toCategory.seoLink).toBe('tim-mach');

      const read = async (lang: string) => (await content(lang, 'menus')).body.data.find((m: { id: number }) => m.id === menu.id);
      const vi = await read('vi-VN');
      expect(vi.items.map((i: { name: string; url: string; type: string; seoLink: string; objectId: number }) => [i.name, i.type, i.url, i.seoLink, i.objectId])).toEqual([
        ['Tin', 'news', `/news/${linkOf(live, 'vi-VN')}`, linkOf(live, 'vi-VN'), live.id],
        ['Danh mục', 'category', '/categories/tim-mach', 'tim-mach', category.id],
        ['Dịch vụ', 'service', '/services/kham-rang', 'kham-rang', expect.any(Number)],
      ]);
      expectSchema('menus', vi);
      // In English the news item's English link.
      expect((await read('en-US')).items[0]).toMatchObject({ name: 'Tin EN', url: `/news/${linkOf(live, 'en-US')}` });

      // A later edit of the news item waiting for review (a new title and link): the menu keeps the approved link.
      const current = (await ctx.authed('GET', `/api/News/detail/${site}/${live.id}`)).body.data;
      const edit = await ctx.authed('PUT', `/api/News/${site}/${live.id}/true`, {
        ...newsBody({ categorys: [category.id] }),
        newsTranslations: live.newsTranslations.map((t) => ({ ...t, seoLink: `${t.seoLink}-sua` })),
        concurrencyStamp: current.concurrencyStamp,
      });
      expect(edit.status, edit.text).toBe(200);
      expect(edit.body.data.approvedStatus).toBe(1);
      expect((await read('vi-VN')).items[0]).toMatchObject({ name: 'Tin', url: `/news/${linkOf(live, 'vi-VN')}` });

      // The scheduled news starts: its item (and the item below it) appears with no write, under a new ETag (a client
      // holding the old one gets the new answer, not a 304).
      const before = await content('vi-VN', 'menus');
      expect((await content('vi-VN', 'menus', undefined, {}, { 'if-none-match': before.headers.get('etag')! })).status).toBe(304);
      ctx.clock.advance(2 * 3_600_000);
      const after = await content('vi-VN', 'menus', undefined, {}, { 'if-none-match': before.headers.get('etag')! });
      expect(after.status).toBe(200);
      expect(outline(after.body.data.find((m: { id: number }) => m.id === menu.id).items)).toEqual(['Tin', 'Sắp tới', '  Con của tin sắp tới', 'Danh mục', 'Dịch vụ']);
      ctx.clock.reset();

      // The category switched off: its item goes.
      await ctx.authed('PUT', `/api/Categorys/${site}/${category.id}`, { ...category, isActive: false });
      expect(names((await read('vi-VN')).items)).toEqual(['Tin', 'Dịch vụ']);
    });

    it('a linked category under a switched-off category is not listed, as its page is not served', async () => {
      const menu = await post(`/api/Menus/${site}`, { name: tr('Cây danh mục', 'Category tree'), position: 4, order: 6 });
      const parent = await post(`/api/Categorys/${site}`, { name: tr('Nhóm cha', 'Parent'), seoLink: 'nhom-cha', order: 0 });
      const child = await post(`/api/Categorys/${site}`, { name: tr('Nhóm con', 'Child'), seoLink: 'nhom-con', parentId: parent.id, order: 0 });
      await post(`/api/Menus/item/${site}/${menu.id}`, { name: tr('Con', 'Child'), objectType: 1, objectId: child.id });
      const read = async () => names((await content('vi-VN', 'menus')).body.data.find((m: { id: number }) => m.id === menu.id).items);
      expect(await read()).toEqual(['Con']);
      expect((await content('vi-VN', 'categories', 'nhom-con')).status).toBe(200);
      expect((await ctx.authed('PUT', `/api/Categorys/${site}/${parent.id}`, { ...parent, isActive: false })).status).toBe(200);
      expect((await content('vi-VN', 'categories', 'nhom-con')).status).toBe(404);
      expect(await read()).toEqual([]);
    });
  });

  describe('site', () => {
    it("the settings a site shows, its languages, branches, social networks and hard contents; nothing private", async () => {
      const saved = await ctx.authed('POST', `/api/Settings/settings/${site}`, {
        brand: tr('Nha khoa Sitedesk', 'Sitedesk Dental'),
        instruction: json({ 'vi-VN': 'Gọi trước khi đến' }),
        metaTitle: tr('Nha khoa', 'Dental'),
        logo: '/files/logo.png',
        hotline: '1900 1234',
        trackingHeader: '<script>gtag()</script>',
        googleAnalytics: 'G-TEST',
        ipBlocking: '203.0.113.7',
        commentNotAllow: 'tu-cam',
      });
      expect(saved.status, saved.text).toBe(200);
      const branch = (vi: string, en: string, order: number, extra: Record<string, unknown> = {}) =>
        post(`/api/BranchContacts/${site}`, { name: tr(vi, en), address: tr(`Địa chỉ ${vi}`, `Address ${en}`), workTime: tr('<p>8:00 – 17:00</p>'), website: 'https://dental.example', order, ...extra });
      const second = await branch('Cơ sở 2', 'Branch 2', 2);
      const first = await branch('Cơ sở 1', 'Branch 1', 1, { isDefault: true, isOffice: true, description: json({ 'vi-VN': 'Trụ sở' }) });
      await branch('Đóng cửa', 'Closed', 0, { isActive: false });
      await post(`/api/BranchContacts/detail/${site}/${first.id}`, { contactType: 1, contactValue: '028 1111 2222' });
      await post(`/api/BranchContacts/detail/${site}/${first.id}`, { contactType: 0, contactValue: 'hello@dental.example' });
      await post(`/api/BranchContacts/image/${site}/${first.id}`, { images: '/files/b2.png', alt: 'Sảnh', order: 2 });
      await post(`/api/BranchContacts/image/${site}/${first.id}`, { images: '/files/b1.png', order: 1 });
      await post(`/api/SocialNetworks/${site}`, { name: tr('YouTube'), url: 'https://youtube.com/@dental', order: 2 });
      await post(`/api/SocialNetworks/${site}`, { name: tr('Facebook'), url: 'https://facebook.com/dental', order: 1 });
      await post(`/api/SocialNetworks/${site}`, { name: tr('Cũ', 'Old'), url: 'https://old.example', order: 0, isActive: false });
      const hours = await post(`/api/HardContents/${site}`, { name: tr('Giờ mở cửa', 'Opening hours'), code: 'hours', description: tr('<p>8–17</p>'), order: 1 });
      await post(`/api/HardContents/${site}`, { name: tr('Ẩn', 'Hidden'), code: 'hidden', order: 0, isActive: false });
      await post(`/api/HardContents/detail/${site}/${hours.id}`, { name: tr('Chủ nhật', 'Sunday'), description: json({ 'vi-VN': 'Nghỉ' }), image: '/files/sun.png', order: 2 });
      await post(`/api/HardContents/detail/${site}/${hours.id}`, { name: tr('Thứ bảy', 'Saturday'), image: '/files/sat.png', order: 1 });
      await post(`/api/HardContents/detail/${site}/${hours.id}`, { name: tr('Lễ', 'Holidays'), image: '/files/x.png', order: 0, isActive: false });

      const en = await content('en-US', 'site');
      expect(en.status).toBe(200);
      const data = en.body.data;
      expectSchema('site', data);
      // Exactly these keys: never IP blocking, the refused words, the website's staff note, nor anything of users.
      expect(Object.keys(data).sort()).toEqual(
        [
          'name', 'phoneNumber', 'address', 'defaultLanguage', 'languages', 'brand', 'instruction', 'metaTitle', 'metaKeyword', 'metaDescription',
          'logo', 'favicon', 'logoMobile', 'logoFooter', 'logoInfo', 'faviconInfo', 'logoMobileInfo', 'logoFooterInfo', 'hotline', 'zaloId', 'fanpage', 'fanPageFacebookId', 'googleMap',
          'googleAnalytics', 'trackingHeader', 'trackingBody', 'branches', 'socialNetworks', 'hardContents',
        ].sort(),
      );
      for (const secret of ['203.0.113.7', 'tu-cam', 'Internal note', 'Ghi chú nội bộ', 'admin', '\\"vi-VN\\"', 'concurrencyStamp']) expect(en.text).not.toContain(secret);
      expect(data).toMatchObject({
        name: 'Dental', phoneNumber: '028 3838 3838', address: '1 Le Loi', defaultLanguage: 'vi-VN',
        brand: 'Sitedesk Dental', instruction: 'Gọi trước khi đến', metaTitle: 'Dental', metaKeyword: '', logo: '/files/logo.png', favicon: null,
        hotline: '1900 1234', trackingHeader: '<script>gtag()</script>', googleAnalytics: 'G-TEST', trackingBody: null,
      });
      expect(data.languages).toEqual([
        { languageId: 'vi-VN', name: 'Tiếng Việt', isDefault: true },
        { languageId: 'en-US', name: 'English', isDefault: false },
      ]);
      expect(data.branches).toEqual([
        {
          id: first.id, name: 'Branch 1', address: 'Address Branch 1', workTime: '<p>8:00 – 17:00</p>', description: 'Trụ sở', logo: null, logoInfo: null, link: null,
          website: 'https://dental.example', googleMap: null, isDefault: true, isOffice: true,
          contacts: [{ type: 'phone', value: '028 1111 2222' }, { type: 'email', value: 'hello@dental.example' }],
          images: [{ image: '/files/b1.png', imageInfo: null, alt: null, url: null }, { image: '/files/b2.png', imageInfo: null, alt: 'Sảnh', url: null }],
        },
        expect.objectContaining({ id: second.id, name: 'Branch 2', contacts: [], images: [] }),
      ]);
      expect(data.socialNetworks.map((n: { name: string; url: string }) => [n.name, n.url])).toEqual([['Facebook', 'https://facebook.com/dental'], ['YouTube', 'https://youtube.com/@dental']]);
      expect(data.hardContents).toEqual([
        {
          id: hours.id, code: 'hours', name: 'Opening hours', description: '<p>8–17</p>', image: null, imageInfo: null, alt: '', url: null,
          items: [
            { id: expect.any(Number), name: 'Saturday', description: '', image: '/files/sat.png', imageInfo: null, alt: '', url: null },
            { id: expect.any(Number), name: 'Sunday', description: 'Nghỉ', image: '/files/sun.png', imageInfo: null, alt: '', url: null },
          ],
        },
      ]);
      expect(names((await content('vi-VN', 'site')).body.data.branches)).toEqual(['Cơ sở 1', 'Cơ sở 2']);
    });
  });

  describe('diseases', () => {
    it('active diseases in A–Z order in {lang}, one by its link with its published news; unknown link 404', async () => {
      const sick = (vi: [string, string, string], en: [string, string, string] | null, extra: Record<string, unknown> = {}) =>
        post(`/api/Sicks/${site}`, {
          image: '/files/sick.png',
          isActive: true,
          sickTranslations: [
            { languageId: 'vi-VN', alphabet: vi[0], name: vi[1], seoLink: vi[2], description: `Mô tả ${vi[1]}`, content: `<p>${vi[1]}</p>` },
            ...(en ? [{ languageId: 'en-US', alphabet: en[0], name: en[1], seoLink: en[2], description: '', content: '' }] : []),
          ],
          ...extra,
        });
      const flu = await sick(['C', 'Cúm', 'cum'], ['F', 'Flu', 'flu']);
      await sick(['Đ', 'Đau đầu', 'dau-dau'], ['H', 'Headache', 'headache'], { isPrioritize: true });
      await sick(['A', 'Áp xe', 'ap-xe'], ['A', 'Abscess', 'abscess']);
      await sick(['B', 'Bỏng', 'bong'], ['B', 'Burn', 'burn'], { isActive: false });
      // A name is not required: one without an English name is not listed in English.
      await sick(['D', 'Dị ứng', 'di-ung'], ['A', '', 'allergy']);

      const vi = await content('vi-VN', 'diseases');
      // The Vietnamese alphabet: A, B, C, D, Đ…
      expect(names(vi.body.data)).toEqual(['Áp xe', 'Cúm', 'Dị ứng', 'Đau đầu']);
      for (const d of vi.body.data) expectSchema('diseases', d);
      const en = await content('en-US', 'diseases');
      expect(en.body.data.map((d: { alphabet: string; name: string; seoLink: string }) => [d.alphabet, d.name, d.seoLink])).toEqual([
        ['A', 'Abscess', 'abscess'],
        ['F', 'Flu', 'flu'],
        ['H', 'Headache', 'headache'],
      ]);
      // The English description is empty: the default language's.
      expect(en.body.data[1]).toEqual({ id: flu.id, alphabet: 'F', name: 'Flu', description: 'Mô tả Cúm', seoLink: 'flu', image: '/files/sick.png', imageInfo: null, url: null, isPrioritize: false });
      expect(names((await content('en-US', 'diseases', undefined, { alphabet: 'H' })).body.data)).toEqual(['Headache']);

      // One by its link in the language, with the news about it that are published there (the default one first).
      const now = ctx.clock.now().getTime();
      const news = async (approve: boolean) => {
        const created = await ctx.authed('POST', `/api/News/${site}/true`, newsBody({ startTime: new Date(now - 60_000).toISOString() }));
        expect(created.status, created.text).toBe(200);
        if (approve) await ctx.reviewer('PUT', `/api/News/status/${site}/${created.body.data.id}`, { status: 2 });
        return created.body.data as { id: number; newsTranslations: { languageId: string; title: string; seoLink: string }[] };
      };
      const other = await news(true);
      const main = await news(true);
      const pending = await news(false);
      // The disease's own list of news, its default one flagged.
      const linked = await ctx.authed('PUT', `/api/Sicks/${site}/${flu.id}`, {
        sickNews: [{ newsId: other.id }, { newsId: pending.id }, { newsId: main.id, isDefault: true }],
        concurrencyStamp: flu.concurrencyStamp,
      });
      expect(linked.status, linked.text).toBe(200);
      const one = await content('en-US', 'diseases', 'flu');
      expect(one.status).toBe(200);
      expectSchema('diseases', one.body.data, 'detail');
      const en2 = (n: typeof main) => n.newsTranslations.find((t) => t.languageId === 'en-US')!;
      expect(one.body.data).toMatchObject({ id: flu.id, name: 'Flu', content: '<p>Cúm</p>' });
      expect(one.body.data.news).toEqual([
        { id: main.id, title: en2(main).title, seoLink: en2(main).seoLink, isDefault: true },
        { id: other.id, title: en2(other).title, seoLink: en2(other).seoLink, isDefault: false },
      ]);
      // Unknown, another language's link, an inactive disease, one without a name in the language: 404.
      for (const [lang, key] of [['en-US', 'nothing'], ['en-US', 'cum'], ['vi-VN', 'bong'], ['en-US', 'allergy']]) {
        const missing = await content(lang, 'diseases', key);
        expect(missing.status, `${lang} ${key}`).toBe(404);
        expect(missing.body).toMatchObject({ code: 404, Message: expect.any(String), message: expect.any(String) });
      }
      // Menus and the site have no records by key.
      expect((await content('vi-VN', 'menus', '1')).status).toBe(404);
      expect((await content('vi-VN', 'site', 'x')).status).toBe(404);
      expect((await content('vi-VN', 'diseases', 'cum')).body.data.name).toBe('Cúm');
    });
  });

  it('the demo (SEED_DEMO=1) fills the three areas for both websites in both languages', async () => {
    const app = await buildApp({ ...(await ctx.freshDatabase()), rendererDir: null, seed: { demo: true, content: true } });
    try {
      const websites = await app.db.selectFrom('websites').select('id').orderBy('id').execute();
      expect(websites.length).toBe(2);
      const read = async (websiteId: number, lang: string, path: string, key?: string) => {
        const res = await app.inject({ method: 'GET', url: `/content/${websiteId}/${lang}/${path}${key === undefined ? '' : `/${encodeURIComponent(key)}`}` });
        expect(res.statusCode, res.body).toBe(200);
        return JSON.parse(res.body).data as unknown;
      };
      for (const { id } of websites) {
        for (const lang of ['vi-VN', 'en-US']) {
          const where = `${id} ${lang}`;
          const menus = (await read(id, lang, 'menus')) as { items: { type: string; children: unknown[] }[] }[];
          expect(menus.length, where).toBe(2);
          for (const m of menus) expectSchema('menus', m);
          const types = (items: { type: string; children: unknown[] }[]): string[] => items.flatMap((i) => [i.type, ...types(i.children as typeof items)]);
          // Custom URLs, categories and a news item, nested.
          expect(new Set(types(menus[0].items)), where).toEqual(new Set(['custom', 'category', 'news']));

          const data = (await read(id, lang, 'site')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
          expectSchema('site', data);
          expect(data.brand && data.logo && data.hotline, where).toBeTruthy();
          expect(data.branches.length, where).toBe(2);
          expect(data.branches.every((b: { contacts: unknown[]; images: unknown[] }) => b.contacts.length && b.images.length), where).toBe(true);
          expect(data.socialNetworks.length, where).toBe(3);
          expect(data.hardContents.length, where).toBe(2);
          expect(data.hardContents.every((h: { items: unknown[] }) => h.items.length), where).toBe(true);

          const diseases = (await read(id, lang, 'diseases')) as { seoLink: string }[];
          expect(diseases.length, where).toBeGreaterThanOrEqual(4);
          const details = (await Promise.all(diseases.map((d) => read(id, lang, 'diseases', d.seoLink)))) as { news: unknown[] }[];
          for (const d of details) expectSchema('diseases', d, 'detail');
          expect(details.some((d) => d.news.length), where).toBe(true);
        }
      }
    } finally {
      await app.close();
    }
  });
});
