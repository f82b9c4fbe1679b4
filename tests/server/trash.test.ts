// The trash (docs/api.md "History and audit", issue 29): a delete puts the record in its website's trash with its
// title and who deleted it; a restore puts it back under its old id with its translations and children and leaves a
// `restore` entry; a unique value taken since → 409 naming the field; the retention period set by administrators, the
// purge with the app's clock; files come back in their folder with their bytes until the purge. On both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';
import { createNews } from './news-helpers';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { purgeTrash } from '../../server/history/trash';
import { fetchBytes, uploadFile } from './files-helpers';
import { pngBytes } from './file-bytes';

describeEachDatabase('trash', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  interface TrashItem {
    id: number;
    resource: string;
    recordId: string;
    title: string;
    time: string;
    actor: { id: number | null; fullName: string | null; kind: string };
  }
  const trash = async (website = clinic, query = '') => {
    const res = await ctx.authed('GET', `/api/Trash/${website}?pageSize=1000${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as { data: TrashItem[]; totalRows: number };
  };
  const inTrash = async (resource: string, id: number | string, website = clinic) => (await trash(website)).data.find((t) => t.resource === resource && t.recordId === String(id));
  const restore = (entryId: number, website = clinic) => ctx.authed('POST', `/api/Trash/restore/${website}/${entryId}`, {}, EN);

  async function bannerWithItems() {
    let res = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Khuyến mãi mùa hè', 'Summer sale'), description: tr('Giảm giá', 'Discount'), type: 2, position: 1, order: 2, isActive: true });
    expect(res.status, res.text).toBe(200);
    const banner = res.body.data as { id: number };
    for (const n of [1, 2]) {
      res = await ctx.authed('POST', `/api/Banners/item/${clinic}/${banner.id}`, { name: tr(`Ảnh ${n}`, `Picture ${n}`), images: `/files/b${n}.jpg`, imagesMobile: `/files/b${n}m.jpg`, order: n, isActive: true });
      expect(res.status, res.text).toBe(200);
    }
    return banner;
  }

  describe('records', () => {
    it('a deleted banner is in the trash with its title and who deleted it; restored: same id, items back, a restore entry', async () => {
      const banner = await bannerWithItems();
      const before = (await ctx.authed('GET', `/api/Banners/${clinic}/${banner.id}`)).body.data;
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${banner.id}`)).status).toBe(200);
      expect((await ctx.authed('GET', `/api/Banners/${clinic}/${banner.id}`)).status).toBe(404);

      const item = await inTrash('banner', banner.id);
      expect(item).toMatchObject({ title: 'Khuyến mãi mùa hè', actor: { kind: 'user' } });
      expect(item!.actor.fullName).toBeTruthy();
      // Filtered by the API segment or the definition's name; newest first; not in the other website's trash.
      expect((await trash(clinic, '&resource=Banners')).data[0]).toMatchObject({ id: item!.id, recordId: String(banner.id) });
      expect((await trash(clinic, '&resource=newsCategory')).data.some((t) => t.id === item!.id)).toBe(false);
      expect((await trash(spa)).data.some((t) => t.id === item!.id)).toBe(false);

      const res = await restore(item!.id);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ id: banner.id, name: before.name, description: before.description, order: 2 });
      const back = (await ctx.authed('GET', `/api/Banners/${clinic}/${banner.id}`)).body.data;
      expect(back.bannerItems.map((i: { id: number; name: string }) => [i.id, i.name])).toEqual(before.bannerItems.map((i: { id: number; name: string }) => [i.id, i.name]));
      expect(await inTrash('banner', banner.id)).toBeUndefined();
      const entries = await ctx.db.selectFrom('history_entries').select(['operation']).where('resource', '=', 'banner').where('recordId', '=', String(banner.id)).orderBy('id').execute();
      expect(entries.map((e) => e.operation).slice(-2)).toEqual(['delete', 'restore']);
      // A second restore, an unknown entry: not in the trash.
      expect((await restore(item!.id)).status).toBe(404);
      expect((await restore(999_999_999)).status).toBe(404);
      // Later inserts go on (the id sequence is untouched by the explicit id).
      const next = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Mới'), type: 2, position: 1, order: 1, isActive: true });
      expect(next.status, next.text).toBe(200);
      expect(next.body.data.id).toBeGreaterThan(banner.id);
    });

    it('a deleted news item comes back with its translations, categories and tags', async () => {
      const cat = await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr('Tim mạch trash'), seoLink: `tim-mach-trash-${ctx.dialect}`, order: 0, isActive: true });
      expect(cat.status, cat.text).toBe(200);
      const news = await createNews(ctx, clinic, 'false', { categorys: [cat.body.data.id] });
      const before = (await ctx.authed('GET', `/api/News/detail/${clinic}/${news.id}`)).body.data;
      expect(before.categorys).toEqual([cat.body.data.id]);
      expect(before.subjectTags).toHaveLength(2);
      expect(before.newsTranslations).toHaveLength(2);
      expect((await ctx.authed('DELETE', `/api/News/${clinic}/${news.id}`)).status).toBe(200);
      const item = await inTrash('news', news.id);
      expect(item!.title).toBe(before.newsTranslations.find((t: { languageId: string }) => t.languageId === 'vi-VN').title);

      // Another member of the staff puts it back.
      const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
      const res = await ctx.request('POST', `/api/Trash/restore/${clinic}/${item!.id}`, { token: lan, json: {} });
      expect(res.status, res.text).toBe(200);
      const back = (await ctx.authed('GET', `/api/News/detail/${clinic}/${news.id}`)).body.data;
      expect(back.id).toBe(news.id);
      expect(back.newsTranslations).toEqual(before.newsTranslations);
      expect(back.categorys).toEqual(before.categorys);
      expect(back.subjectTags).toEqual(before.subjectTags);
      expect(back.featureImage).toBe(before.featureImage);
      // Who made it and when, as they were; a draft (a restore never publishes).
      expect(back).toMatchObject({ creatorId: before.creatorId, creatorFullName: before.creatorFullName, createTime: before.createTime, approvedStatus: 0 });
    });

    it('a deleted service comes back with its FAQs and tags (its children and related rows), as a draft', async () => {
      const made = await ctx.authed('POST', `/api/Services/${clinic}?type=1`, {
        title: tr('Khám tim trash', 'Heart check'),
        description: tr('Mô tả'),
        content: tr('<p>Nội dung</p>'),
        seoLink: `kham-tim-trash-${ctx.dialect}`,
        image: '/files/tim.png',
        unitPrice: 450000,
        tags: [{ name: 'tim mạch' }],
      });
      expect(made.status, made.text).toBe(200);
      const id = made.body.data.id as number;
      const faq = await ctx.authed('POST', `/api/Services/faq/${clinic}/${id}`, { question: tr('Hỏi'), answer: tr('<p>Đáp</p>'), image: '/files/a.png' });
      expect(faq.status, faq.text).toBe(200);
      expect((await ctx.authed('DELETE', `/api/Services/${clinic}/${id}`)).status).toBe(200);
      const item = await inTrash('service', id);
      expect(item!.title).toBe('Khám tim trash');
      const res = await restore(item!.id);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ id, seoLink: `kham-tim-trash-${ctx.dialect}`, unitPrice: 450000, tags: [{ name: 'tim mạch' }], approvedStatus: 0 });
      const faqs = (await ctx.authed('GET', `/api/Services/faq/get-all/${clinic}/${id}`)).body as { id: number }[];
      expect(faqs.map((f) => f.id)).toEqual([faq.body.data.id]);
    });

    it('a deleted question comes back with its tags', async () => {
      const asked = await ctx.authed('POST', `/api/QAExperts/${clinic}`, { fullName: 'Phạm Dũng', title: tr('Hỏi về tim mạch trash', ''), subjectTags: [{ name: 'tim' }] });
      expect(asked.status, asked.text).toBe(200);
      const id = asked.body.data.id as number;
      const before = (await ctx.authed('GET', `/api/QAExperts/${clinic}/${id}`)).body.data;
      expect(before.subjectTags).toEqual([expect.objectContaining({ name: 'tim' })]);
      expect((await ctx.authed('DELETE', `/api/QAExperts/${clinic}/${id}`)).status).toBe(200);
      const item = await inTrash('qaExpert', id);
      expect(item!.title).toBe('Hỏi về tim mạch trash');
      const res = await restore(item!.id);
      expect(res.status, res.text).toBe(200);
      const back = (await ctx.authed('GET', `/api/QAExperts/${clinic}/${id}`)).body.data;
      expect(back).toMatchObject({ id, fullName: 'Phạm Dũng', title: before.title, subjectTags: before.subjectTags });
    });

    it('a child whose parent was deleted since: 409 until the parent is back; two restores at once: one wins', async () => {
      const banner = await bannerWithItems();
      const items = (await ctx.authed('GET', `/api/Banners/item/${clinic}/${banner.id}`)).body as { id: number }[];
      expect((await ctx.authed('DELETE', `/api/Banners/item/${clinic}/${banner.id}/${items[0].id}`)).status).toBe(200);
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${banner.id}`)).status).toBe(200);
      const lone = await inTrash('bannerItem', items[0].id);
      const parent = await inTrash('banner', banner.id);
      const refused = await restore(lone!.id);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toMatchObject({ field: 'bannerId', Message: expect.stringMatching(/restore that first/) });

      const answers = await Promise.all([restore(parent!.id), restore(parent!.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
      const res = await restore(lone!.id);
      expect(res.status, res.text).toBe(200);
      const back = (await ctx.authed('GET', `/api/Banners/item/${clinic}/${banner.id}`)).body as { id: number }[];
      expect(back.map((i) => i.id).sort((a, b) => a - b)).toEqual(items.map((i) => i.id).sort((a, b) => a - b));
    });

    it('a unique value taken since: 409 naming the field, nothing written, still in the trash', async () => {
      const seoLink = `trung-lap-${ctx.dialect}`;
      const first = await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr('Một'), seoLink, order: 0, isActive: true });
      expect((await ctx.authed('DELETE', `/api/categorys/${clinic}/${first.body.data.id}`)).status).toBe(200);
      const second = await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr('Hai'), seoLink, order: 0, isActive: true });
      expect(second.status, second.text).toBe(200);
      const item = await inTrash('newsCategory', first.body.data.id);
      const count = async () => Number((await ctx.db.selectFrom('history_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const entries = await count();
      const res = await restore(item!.id);
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ field: 'seoLink' });
      expect(res.body.Message).toMatch(/SEO link/);
      expect(await count()).toBe(entries);
      expect(await inTrash('newsCategory', first.body.data.id)).toBeDefined();
      expect((await ctx.authed('GET', `/api/Categorys/${clinic}/${first.body.data.id}`)).status).toBe(404);
    });

    it("another website's entry: 404; staff without the create right: 403; staff of the website see its trash", async () => {
      const hook = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: 'https://example.com/trash-hook', isActive: false });
      expect(hook.status, hook.text).toBe(200);
      expect((await ctx.authed('DELETE', `/api/Webhooks/${clinic}/${hook.body.data.id}`)).status).toBe(200);
      const item = await inTrash('webhook', hook.body.data.id);
      expect(item).toBeDefined();
      expect((await restore(item!.id, spa)).status).toBe(404);
      const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
      const staffList = await ctx.request('GET', `/api/Trash/${clinic}?pageSize=1000`, { token: lan });
      expect(staffList.status, staffList.text).toBe(200);
      // A webhook is read by administrators only: not in the staff's list.
      expect((staffList.body.data as TrashItem[]).some((t) => t.id === item!.id)).toBe(false);
      const res = await ctx.request('POST', `/api/Trash/restore/${clinic}/${item!.id}`, { token: lan, json: {} });
      expect(res.status, res.text).toBe(403);
      expect(await inTrash('webhook', hook.body.data.id)).toBeDefined();
    });
  });

  describe('files and folders', () => {
    const folder = async (name: string, parentId: number | null = 0) => {
      const res = await ctx.authed('POST', '/api/Folders', { name, parentId });
      expect(res.status, res.text).toBe(200);
      return res.body.data as { id: number };
    };
    const listing = async (id: number) => (await ctx.authed('GET', `/api/folders/current-directory/${id}?page=1&pageSize=10000`)).body;
    /** Every stored file's bytes on disk, wherever they are (in place or kept for the trash). */
    const onDisk = (storedName: string) => ['files', 'trash'].some((dir) => existsSync(path.join(ctx.dataDir, dir)) && readdirSync(path.join(ctx.dataDir, dir)).includes(storedName));

    it('a deleted file is in every website\'s trash, comes back in its folder and downloads byte-identical; purged: its bytes are gone', async () => {
      const token = (await ctx.signIn()).access_token;
      const home = await folder(`Thùng rác ${ctx.dialect}`);
      const bytes = pngBytes(800);
      const file = await uploadFile(ctx, token, 'anh-xoa.png', bytes, home.id);
      const storedName = file.url.split('/')[2];
      expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
      // Not served any more, but its bytes kept.
      expect((await fetchBytes(ctx, file.url)).status).toBe(404);
      expect(existsSync(path.join(ctx.dataDir, 'files', storedName))).toBe(false);
      expect(onDisk(storedName)).toBe(true);
      const item = await inTrash('file', file.id);
      expect(item).toMatchObject({ title: 'anh-xoa.png' });
      expect(await inTrash('file', file.id, spa)).toMatchObject({ id: item!.id });

      const res = await restore(item!.id, spa);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ id: file.id, folderId: home.id, url: file.url, name: 'anh-xoa.png' });
      expect((await listing(home.id)).files.data.map((f: { id: number }) => f.id)).toEqual([file.id]);
      const served = await fetchBytes(ctx, file.url);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(bytes)).toBe(true);
      expect(await inTrash('file', file.id)).toBeUndefined();

      // Deleted again, then purged: the bytes are gone, the restore finds nothing.
      expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
      const again = await inTrash('file', file.id);
      try {
        ctx.clock.advance(91 * 86_400_000);
        await purgeTrash(ctx.app);
      } finally {
        ctx.clock.reset();
      }
      expect(onDisk(storedName)).toBe(false);
      expect((await restore(again!.id)).status).toBe(404);
    });

    it('a deleted folder comes back with its subfolders and files; a name taken since: 409 naming it', async () => {
      const token = (await ctx.signIn()).access_token;
      const top = await folder(`Hồ sơ ${ctx.dialect}`);
      const sub = await folder('Con', top.id);
      const bytes = pngBytes(600);
      const file = await uploadFile(ctx, token, 'trong.png', bytes, sub.id);
      expect((await ctx.authed('DELETE', `/api/Folders/${top.id}?recursive=true`)).status).toBe(200);
      const item = await inTrash('folder', top.id);
      expect(item!.title).toBe(`Hồ sơ ${ctx.dialect}`);
      // Another folder took the name meanwhile.
      const taken = await folder(`Hồ sơ ${ctx.dialect}`);
      const refused = await restore(item!.id);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toMatchObject({ field: 'name' });
      expect(await inTrash('folder', top.id)).toBeDefined();
      expect((await ctx.authed('DELETE', `/api/Folders/${taken.id}`)).status).toBe(200);

      const res = await restore(item!.id);
      expect(res.status, res.text).toBe(200);
      expect((await listing(top.id)).folders.map((f: { id: number }) => f.id)).toEqual([sub.id]);
      const served = await fetchBytes(ctx, file.url);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(bytes)).toBe(true);
    });
  });

  describe('retention', () => {
    it('is 90 days by default, set by administrators only, 1..3650', async () => {
      expect((await ctx.authed('GET', '/api/Trash/settings')).body).toEqual({ retentionDays: 90 });
      for (const bad of [0, 3651, 1.5, '30', null]) {
        const res = await ctx.authed('PUT', '/api/Trash/settings', { retentionDays: bad }, EN);
        expect(res.status, String(bad)).toBe(400);
        expect(res.body).toMatchObject({ field: 'retentionDays', Message: expect.stringMatching(/1 to 3650/) });
      }
      const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
      expect((await ctx.request('PUT', '/api/Trash/settings', { token: lan, json: { retentionDays: 5 } })).status).toBe(403);
      expect((await ctx.request('GET', '/api/Trash/settings', { token: lan })).body).toEqual({ retentionDays: 90 });
      const res = await ctx.authed('PUT', '/api/Trash/settings', { retentionDays: 30 });
      expect(res.status, res.text).toBe(200);
      expect((await ctx.authed('GET', '/api/Trash/settings')).body).toEqual({ retentionDays: 30 });
    });

    it('names what a shorter retention would purge, purges it when saved, and the change is an audit entry (issue 42)', async () => {
      const banner = await bannerWithItems();
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${banner.id}`)).status).toBe(200);
      try {
        ctx.clock.advance(10 * 86_400_000);
        for (const bad of ['0', '3651', 'x']) {
          const res = await ctx.authed('GET', `/api/Trash/settings/purge?retentionDays=${bad}`, undefined, EN);
          expect(res.status, bad).toBe(400);
          expect(res.body).toMatchObject({ field: 'retentionDays', Message: expect.stringMatching(/1 to 3650/) });
        }
        const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
        expect((await ctx.request('GET', '/api/Trash/settings/purge?retentionDays=5', { token: lan })).status).toBe(403);
        const asked = await ctx.authed('GET', '/api/Trash/settings/purge?retentionDays=5');
        expect(asked.status, asked.text).toBe(200);
        expect(asked.body.retentionDays).toBe(5);
        expect(asked.body.areas).toContainEqual({ resource: 'banner', count: expect.any(Number) });
        expect(asked.body.total).toBeGreaterThanOrEqual(1);
        // Nothing is older than 30 days: that retention would purge nothing.
        expect((await ctx.authed('GET', '/api/Trash/settings/purge?retentionDays=30')).body).toMatchObject({ total: 0, areas: [] });
        expect(await inTrash('banner', banner.id)).toBeDefined();

        const saved = await ctx.authed('PUT', '/api/Trash/settings', { retentionDays: 5 });
        expect(saved.status, saved.text).toBe(200);
        // What the confirmation named is gone at once.
        expect(await inTrash('banner', banner.id)).toBeUndefined();
        const audit = await ctx.db
          .selectFrom('history_entries')
          .selectAll()
          .where('resource', '=', 'trashRetention')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        expect(audit).toMatchObject({ operation: 'update' });
        expect(JSON.parse(String(audit!.changes))).toContainEqual(expect.objectContaining({ field: 'retentionDays', after: 5 }));
        // The same value again is no change: no second entry.
        await ctx.authed('PUT', '/api/Trash/settings', { retentionDays: 5 });
        const entries = await ctx.db.selectFrom('history_entries').select('id').where('resource', '=', 'trashRetention').where('id', '>=', Number(audit!.id)).execute();
        expect(entries).toHaveLength(1);
      } finally {
        ctx.clock.reset();
        await ctx.authed('PUT', '/api/Trash/settings', { retentionDays: 90 });
      }
    });

    it('the purge removes what is older than the retention period; the history entries stay', async () => {
      await ctx.authed('PUT', '/api/Trash/settings', { retentionDays: 30 });
      const banner = await bannerWithItems();
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${banner.id}`)).status).toBe(200);
      const item = await inTrash('banner', banner.id);
      await purgeTrash(ctx.app);
      expect(await inTrash('banner', banner.id)).toBeDefined();
      try {
        ctx.clock.advance(31 * 86_400_000);
        expect(await purgeTrash(ctx.app)).toBeGreaterThan(0);
      } finally {
        ctx.clock.reset();
      }
      expect(await inTrash('banner', banner.id)).toBeUndefined();
      expect((await restore(item!.id)).status).toBe(404);
      const entry = await ctx.db.selectFrom('history_entries').select('id').where('id', '=', item!.id).executeTakeFirst();
      expect(entry).toBeDefined();
      await ctx.authed('PUT', '/api/Trash/settings', { retentionDays: 90 });
    });

    it('the server purges at start', async () => {
      const banner = await bannerWithItems();
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${banner.id}`)).status).toBe(200);
      expect(await inTrash('banner', banner.id)).toBeDefined();
      try {
        ctx.clock.advance(91 * 86_400_000);
        await ctx.restart();
        expect(await ctx.db.selectFrom('trash').select('entryId').where('recordId', '=', String(banner.id)).where('resource', '=', 'banner').executeTakeFirst()).toBeUndefined();
      } finally {
        ctx.clock.reset();
      }
    });
  });
});
