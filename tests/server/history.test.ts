// History and audit (docs/api.md "History and audit", issue 29): one entry per committed write, in its transaction,
// with the changes per field and language; none for a no-op save, a 409 or a 400; append-only in the database; a
// record's history for the website's staff and the audit for administrators; sign-ins. On both databases.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, tr } from './harness';
import { createNews, newsBody } from './news-helpers';

describeEachDatabase('history', (ctx) => {
  let clinic = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });

  const entriesOf = async (resource: string, id: number | string) =>
    (await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', resource).where('recordId', '=', String(id)).orderBy('id').execute()).map((e) => ({
      ...e,
      changes: JSON.parse(e.changes) as { field: string; language: string | null; before: unknown; after: unknown }[],
      state: e.state === null ? null : (JSON.parse(e.state) as { record: Record<string, unknown>; children?: Record<string, unknown[]> }),
    }));

  async function banner(name = 'Khuyến mãi') {
    const res = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr(name, 'Sale'), description: tr('Giảm giá', 'Discount'), type: 2, position: 1, order: 2, isActive: true });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number; concurrencyStamp: string } & Record<string, unknown>;
  }
  const put = (b: Record<string, unknown>, changes: Record<string, unknown>) => ctx.authed('PUT', `/api/Banners/${clinic}/${b.id}`, { ...b, ...changes });

  describe('entries', () => {
    it('records a create, then each edit with its changes per language, and nothing for a no-op save', async () => {
      const b = await banner();
      let res = await put(b, { name: tr('Khuyến mãi hè', 'Sale') });
      expect(res.status, res.text).toBe(200);
      res = await put(res.body.data, { name: tr('Khuyến mãi hè', 'Summer sale'), description: tr('Giảm giá', 'Big discount'), order: 5 });
      expect(res.status, res.text).toBe(200);
      // A save that changes nothing: the stamp moves, no entry.
      res = await put(res.body.data, {});
      expect(res.status, res.text).toBe(200);

      const entries = await entriesOf('banner', b.id);
      expect(entries.map((e) => e.operation)).toEqual(['create', 'update', 'update']);
      expect(entries.every((e) => e.websiteId === clinic && e.actorKind === 'user' && e.actorName && e.actorId)).toBe(true);
      expect(entries[0].changes).toContainEqual({ field: 'name', language: 'vi-VN', before: null, after: 'Khuyến mãi' });
      expect(entries[1].changes).toEqual([{ field: 'name', language: 'vi-VN', before: 'Khuyến mãi', after: 'Khuyến mãi hè' }]);
      expect(entries[2].changes).toEqual(
        expect.arrayContaining([
          { field: 'name', language: 'en-US', before: 'Sale', after: 'Summer sale' },
          { field: 'description', language: 'en-US', before: 'Discount', after: 'Big discount' },
          { field: 'order', language: null, before: 2, after: 5 },
        ]),
      );
      expect(entries[2].changes).toHaveLength(3);
      // The state: the record as it was right after the write (what a restore sends back).
      expect(entries[2].state!.record).toMatchObject({ id: b.id, name: tr('Khuyến mãi hè', 'Summer sale'), order: 5 });
    });

    it('writes nothing for a stale stamp (409) or a refused save (400): the entry rolls back with the write', async () => {
      const b = await banner();
      const before = (await entriesOf('banner', b.id)).length;
      let res = await put(b, { name: tr('Một', 'One') });
      expect(res.status).toBe(200);
      res = await put(b, { name: tr('Hai', 'Two') }); // the first stamp: stale
      expect(res.status).toBe(409);
      res = await put(res.body.data, { name: tr('', '') }); // a required name: 400
      expect(res.status).toBe(400);
      expect((await entriesOf('banner', b.id)).length).toBe(before + 1);
    });

    it('of 50 racing updates with one stamp, exactly one is written and leaves exactly one entry', async () => {
      const b = await banner();
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => put(b, { order: 100 + i })));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const updates = (await entriesOf('banner', b.id)).filter((e) => e.operation === 'update');
      expect(updates).toHaveLength(1);
      const won = answers.find((r) => r.status === 200)!.body.data.order;
      expect(updates[0].changes).toEqual([{ field: 'order', language: null, before: 2, after: won }]);
    });

    it('keeps what a delete took: the record as it was and its children', async () => {
      const b = await banner('Xoá tôi');
      const item = await ctx.authed('POST', `/api/Banners/item/${clinic}/${b.id}`, { name: tr('Ảnh', 'Image'), images: '/files/a.jpg', imagesMobile: '/files/a-m.jpg', order: 1, isActive: true });
      expect(item.status, item.text).toBe(200);
      const res = await ctx.authed('DELETE', `/api/Banners/${clinic}/${b.id}`);
      expect(res.status, res.text).toBe(200);
      const [entry] = (await entriesOf('banner', b.id)).filter((e) => e.operation === 'delete');
      expect(entry.state!.record).toMatchObject({ id: b.id, name: tr('Xoá tôi', 'Sale'), type: 2 });
      expect(entry.state!.children!.bannerItem).toEqual([expect.objectContaining({ id: item.body.data.id, bannerId: b.id, images: '/files/a.jpg' })]);
      expect(entry.changes).toContainEqual({ field: 'name', language: 'vi-VN', before: 'Xoá tôi', after: null });
    });

    it('records news edits per language from its translations, and a review decision by its name', async () => {
      const news = await createNews(ctx, clinic, 'false');
      const edited = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/false`, { ...newsBody(), newsTranslations: [{ ...news.newsTranslations[0] }, { ...news.newsTranslations[1], title: 'A new English title' }], concurrencyStamp: news.concurrencyStamp });
      expect(edited.status, edited.text).toBe(200);
      const entries = await entriesOf('news', news.id);
      expect(entries.map((e) => e.operation)).toEqual(['create', 'update']);
      expect(entries[1].changes).toContainEqual({ field: 'title', language: 'en-US', before: news.newsTranslations[1].title, after: 'A new English title' });
      expect(entries[1].changes.some((c) => c.field === 'title' && c.language === 'vi-VN')).toBe(false);
      // Submit, then a reviewer approves: the move's name.
      const submitted = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/true`, { ...edited.body.data, concurrencyStamp: edited.body.data.concurrencyStamp });
      expect(submitted.status, submitted.text).toBe(200);
      const approved = await ctx.reviewer('PUT', `/api/News/status/${clinic}/${news.id}`, { status: 2 });
      expect(approved.status, approved.text).toBe(200);
      const last = (await entriesOf('news', news.id)).at(-1)!;
      expect(last.operation).toBe('approve');
      expect(last.changes[0]).toMatchObject({ field: 'approvedStatus', language: null, after: 2 });
    });
  });

  describe('append-only', () => {
    it('refuses an UPDATE or a DELETE sent straight to the database', async () => {
      await banner();
      await expect(sql`update history_entries set operation = 'x'`.execute(ctx.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from history_entries`.execute(ctx.db)).rejects.toThrow(/append-only/);
      const count = await ctx.db.selectFrom('history_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(0);
    });
  });
});
