// "Adding a simple resource is one definition": definitions the server has never seen (field types the
// Info-website resources don't use: decimals, tags, text enums, dates, references; a query-string website;
// grandchildren) get a table, routes, validation and scoping with no server code.
import { beforeAll, expect, it } from 'vitest';
import { defineResource, isActiveField, orderField, type ResourceDef } from '../../shared/resources/define';
import { demoWebsites, describeEachDatabase, tr } from './harness';

const l = (vi: string, en: string) => ({ vi, en });

const demoService = defineResource({
  name: 'demoService',
  label: l('Dịch vụ', 'Service'),
  table: 'demo_services',
  scope: 'website',
  api: {
    list: { path: 'DemoServices/{website}', paged: true },
    get: 'DemoServices/{website}/{id}',
    create: 'DemoServices?websiteId={website}',
    update: 'DemoServices/{website}/{id}',
    remove: 'DemoServices/{website}/{id}',
  },
  fields: [
    { name: 'title', type: 'text', perLanguage: true, required: true, list: true, search: true, label: l('Tiêu đề', 'Title') },
    { name: 'content', type: 'richText', perLanguage: true, label: l('Nội dung', 'Content') },
    { name: 'unitPrice', type: 'number', decimal: true, min: 0, list: true, label: l('Đơn giá', 'Unit price') },
    { name: 'tags', type: 'tags', tagObjects: true, label: l('Thẻ', 'Tags') },
    { name: 'kind', type: 'enum', options: [{ value: 'spa', label: l('Spa', 'Spa') }, { value: 'clinic', label: l('Khám', 'Clinic') }], required: true, list: true, label: l('Loại', 'Kind') },
    { name: 'startDate', type: 'date', label: l('Ngày bắt đầu', 'Start date') },
    { name: 'serviceGroupId', type: 'reference', reference: { lookup: 'api:x', valueField: 'id', labelField: 'name' }, label: l('Nhóm', 'Group') },
    { name: 'isHot', type: 'boolean', default: false, list: true, label: l('Nổi bật', 'Hot') },
    { name: 'secret', type: 'text', hidden: true, label: l('Bí mật', 'Secret') },
    orderField(),
    isActiveField(),
  ],
  children: [{ resource: 'demoTitle', embedAs: 'titles' }],
  concurrency: true,
});

const demoTitle = defineResource({
  name: 'demoTitle',
  label: l('Tiêu đề', 'Title'),
  table: 'demo_titles',
  scope: 'website',
  parent: { resource: 'demoService', keyField: 'serviceId' },
  api: {
    list: { path: 'DemoServices/title/get-all/{website}/{serviceId}', paged: false },
    create: 'DemoServices/title/{website}/{serviceId}',
    update: 'DemoServices/title/{website}/{serviceId}/{id}',
    remove: 'DemoServices/title/{website}/{serviceId}/{id}',
  },
  fields: [{ name: 'title', type: 'text', required: true, list: true, label: l('Tiêu đề', 'Title') }, orderField()],
  concurrency: true,
});

const demoItem = defineResource({
  name: 'demoItem',
  label: l('Mục', 'Item'),
  table: 'demo_items',
  scope: 'website',
  parent: { resource: 'demoTitle', keyField: 'titleId' },
  api: {
    list: { path: 'DemoServices/item/get-all/{website}/{serviceId}/{titleId}', paged: false },
    get: 'DemoServices/item/{website}/{serviceId}/{titleId}/{id}',
    create: 'DemoServices/item/{website}/{serviceId}/{titleId}',
    remove: 'DemoServices/item/{website}/{serviceId}/{titleId}/{id}',
  },
  fields: [{ name: 'name', type: 'text', perLanguage: true, required: true, list: true, label: l('Tên', 'Name') }, isActiveField()],
  concurrency: true,
});

/** Spec part 2 has calls without the website: `GET Advertisements/title/{id}`. */
const demoAd = defineResource({
  name: 'demoAd',
  label: l('Tiêu đề màn hình chờ', 'Waiting-screen title'),
  table: 'demo_ads',
  scope: 'website',
  api: {
    list: { path: 'DemoAds/title/get-all/{website}', paged: false },
    get: 'DemoAds/title/{id}',
    create: 'DemoAds/title',
    update: 'DemoAds/title/{website}/{id}',
  },
  fields: [{ name: 'area', type: 'number', required: true, list: true, label: l('Khu', 'Area') }],
  concurrency: true,
});

// Handed to buildApp beside the registry: the app's resource module serves them like its own.
const defs: Record<string, ResourceDef> = { demoService, demoTitle, demoItem, demoAd };

describeEachDatabase(
  'a new definition',
  (ctx) => {
    let clinic = 0;
    let spa = 0;
    beforeAll(async () => {
      ({ clinic, spa } = await demoWebsites(ctx));
    });

    it('gets a table with typed columns', async () => {
      const table = (await ctx.db.introspection.getTables()).find((t) => t.name === 'demo_services')!;
      const type = (name: string) => table.columns.find((c) => c.name === name)?.dataType.toLowerCase();
      expect(type('unitPrice')).toMatch(/double|float8/);
      expect(type('order')).toMatch(/int/);
      expect(type('isHot')).toMatch(/bool/);
      expect(type('title')).toBe('text');
      expect(type('websiteId')).toMatch(/int/);
      expect(type('serviceGroupId')).toMatch(/int/);
      expect(type('searchText')).toBe('text');
    });

    it('creates (website from the query), reads, lists, updates and deletes with every field type', async () => {
      const bad = await ctx.authed('POST', `/api/DemoServices?websiteId=${clinic}`, { title: tr('Gội đầu'), unitPrice: -1, kind: 'x', tags: [1], startDate: 'not a date', serviceGroupId: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['unitPrice', 'tags', 'kind', 'startDate', 'serviceGroupId']);
      expect((await ctx.authed('POST', '/api/DemoServices', { title: tr('x'), kind: 'spa' })).status).toBe(400);

      const created = await ctx.authed('POST', `/api/DemoServices?websiteId=${spa}`, {
        title: tr('Gội đầu dưỡng sinh', 'Herbal hair wash'), unitPrice: 149000.5, tags: [{ name: 'thư giãn' }, 'spa'], kind: 'spa',
        startDate: '2026-05-01', serviceGroupId: '7', isHot: true, secret: 'ignored',
      });
      expect(created.status, created.text).toBe(200);
      const rec = created.body.data;
      expect(rec).toMatchObject({ websiteId: spa, unitPrice: 149000.5, tags: [{ name: 'thư giãn' }, { name: 'spa' }], kind: 'spa', startDate: '2026-05-01', serviceGroupId: 7, isHot: true, order: 0, isActive: true });
      expect(rec).not.toHaveProperty('secret');
      expect((await ctx.authed('GET', `/api/DemoServices/${spa}?keyword=goi%20dau`)).body.totalRows).toBe(1);
      expect((await ctx.authed('GET', `/api/DemoServices/${spa}?kind=spa&isHot=true`)).body.totalRows).toBe(1);
      expect((await ctx.authed('GET', `/api/DemoServices/${spa}?kind=clinic`)).body.totalRows).toBe(0);
      expect((await ctx.authed('GET', `/api/DemoServices/${clinic}/${rec.id}`)).status).toBe(404);

      const upd = await ctx.authed('PUT', `/api/DemoServices/${spa}/${rec.id}`, { unitPrice: 0, tags: [], concurrencyStamp: rec.concurrencyStamp });
      expect(upd.body.data).toMatchObject({ unitPrice: 0, tags: [], kind: 'spa' });

      // Children and grandchildren: every ancestor is checked against the path.
      const title = await ctx.authed('POST', `/api/DemoServices/title/${spa}/${rec.id}`, { title: 'Quy trình' });
      expect(title.body.data).toMatchObject({ serviceId: rec.id, title: 'Quy trình' });
      const titleId = title.body.data.id;
      const other = (await ctx.authed('POST', `/api/DemoServices?websiteId=${spa}`, { title: tr('Khác'), kind: 'clinic' })).body.data;
      const item = await ctx.authed('POST', `/api/DemoServices/item/${spa}/${rec.id}/${titleId}`, { name: tr('Bước 1', 'Step 1') });
      expect(item.status).toBe(200);
      const itemId = item.body.data.id;
      expect((await ctx.authed('GET', `/api/DemoServices/item/${spa}/${rec.id}/${titleId}/${itemId}`)).body.data.titleId).toBe(titleId);
      expect((await ctx.authed('GET', `/api/DemoServices/item/${spa}/${other.id}/${titleId}/${itemId}`)).status).toBe(404);
      expect((await ctx.authed('POST', `/api/DemoServices/item/${spa}/${other.id}/${titleId}`, { name: tr('x') })).status).toBe(404);
      expect((await ctx.authed('GET', `/api/DemoServices/item/get-all/${spa}/${rec.id}/${titleId}`)).body).toHaveLength(1);
      expect((await ctx.authed('GET', `/api/DemoServices/${spa}/${rec.id}`)).body.data.titles).toEqual([expect.objectContaining({ id: titleId })]);

      // Deleting the service deletes its titles and their items.
      expect((await ctx.authed('DELETE', `/api/DemoServices/${spa}/${rec.id}`)).status).toBe(200);
      expect(await ctx.db.selectFrom('demo_items' as 'websites').select('id').where('titleId' as 'id', '=', titleId).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('demo_titles' as 'websites').select('id').where('serviceId' as 'id', '=', rec.id).execute()).toEqual([]);
    });

    it('finds the website in the query or in the record when the path has none', async () => {
      expect((await ctx.authed('POST', '/api/DemoAds/title', { area: 1 })).status).toBe(400);
      const created = await ctx.authed('POST', `/api/DemoAds/title?websiteId=${spa}`, { area: 3 });
      expect(created.body.data).toMatchObject({ websiteId: spa, area: 3 });
      const got = await ctx.authed('GET', `/api/DemoAds/title/${created.body.data.id}`);
      expect(got.body.data).toMatchObject({ websiteId: spa, area: 3 });
      expect((await ctx.authed('GET', '/api/DemoAds/title/999999')).status).toBe(404);
      expect((await ctx.authed('GET', `/api/DemoAds/title/get-all/${clinic}`)).body).toEqual([]);
      // Still only for the website's staff.
      const site = (await ctx.authed('POST', '/api/Websites', { name: tr('Riêng') })).body.data;
      const mine = (await ctx.authed('POST', `/api/DemoAds/title?websiteId=${site.id}`, { area: 1 })).body.data;
      const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
      expect((await ctx.request('GET', `/api/DemoAds/title/${mine.id}`, { token: lan })).status).toBe(403);
      expect((await ctx.request('GET', `/api/DemoAds/title/${created.body.data.id}`, { token: lan })).status).toBe(200);
      await ctx.authed('DELETE', `/api/Websites/${site.id}`);
    });

    it('adds a field to an existing table at the next start, keeping the rows', async () => {
      const rec = (await ctx.authed('POST', `/api/DemoServices?websiteId=${clinic}`, { title: tr('Giữ lại'), kind: 'clinic' })).body.data;
      const withField = { ...demoService, fields: [...demoService.fields, { name: 'videoUrl', type: 'url' as const, label: l('Video', 'Video') }] };
      await ctx.restart({ resources: { defs: { ...defs, demoService: withField } } });
      const got = await ctx.authed('GET', `/api/DemoServices/${clinic}/${rec.id}`);
      expect(got.body.data).toMatchObject({ id: rec.id, videoUrl: null, concurrencyStamp: rec.concurrencyStamp });
      const upd = await ctx.authed('PUT', `/api/DemoServices/${clinic}/${rec.id}`, { videoUrl: 'https://v.example/1', concurrencyStamp: rec.concurrencyStamp });
      expect(upd.body.data.videoUrl).toBe('https://v.example/1');
    });
  },
  { app: { resources: { defs } } },
);
