// History and audit (docs/api.md "History and audit", issue 29): one entry per committed write, in its transaction,
// with the changes per field and language; none for a no-op save, a 409 or a 400; append-only in the database; a
// record's history for the website's staff and the audit for administrators; sign-ins. On both databases.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';
import { createNews, newsBody } from './news-helpers';
import { uploadFile } from './files-helpers';
import { pngBytes } from './file-bytes';
import { openChanges } from '../../server/privacy/index';

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

  describe('plans', () => {
    it("answers one record's history from its index, newest first with no sort, among many entries", async () => {
      // 20,000 entries of 400 records (the 1,000,000 is the bench's size; the plan is the same from here on).
      const rows = Array.from({ length: 20_000 }, (_, i) => ({
        time: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
        websiteId: clinic,
        resource: i % 2 ? 'planA' : 'planB',
        recordId: String(i % 400),
        operation: 'update',
        actorKind: 'user' as const,
        actorId: 1,
        actorName: 'Quản trị viên',
        clientAddress: '127.0.0.1',
        changes: '[]',
        state: null,
      }));
      for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('history_entries').values(rows.slice(i, i + 500)).execute();
      if (ctx.dialect === 'postgres') await sql`analyze history_entries`.execute(ctx.db);
      const page = sql`select * from history_entries where ${sql.ref('websiteId')} = ${clinic} and resource = 'planA' and ${sql.ref('recordId')} = '7' order by id desc limit 20`;
      if (ctx.dialect === 'sqlite') {
        const plan = (await sql<{ detail: string }>`explain query plan ${page}`.execute(ctx.db)).rows.map((r) => r.detail).join('\n');
        expect(plan).toMatch(/USING INDEX history_entries_record/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      } else {
        const plan = (await sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(ctx.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/Index Scan Backward using history_entries_record/);
        expect(plan).not.toMatch(/Sort/);
      }
      const answer = await ctx.authed('GET', `/api/History/${clinic}/planA/7?pageSize=5`);
      expect(answer.body.totalRows).toBe(50);
      expect(answer.body.data).toHaveLength(5);
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
  describe('routes', () => {
    let lanToken = '';
    beforeAll(async () => {
      lanToken = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    });
    const asLan = (method: string, path: string) => ctx.request(method, path, { token: lanToken, ...EN });

    it("answers a record's history newest first, paged, by the API's path segment in any case", async () => {
      let b = await banner();
      for (const order of [3, 4, 5]) b = (await put(b, { order })).body.data;
      const res = await ctx.authed('GET', `/api/History/${clinic}/Banners/${b.id}?page=1&pageSize=2`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.totalRows).toBe(4);
      expect(res.body.data).toHaveLength(2);
      const [newest, next] = res.body.data;
      expect(newest).toMatchObject({ operation: 'update', actor: { kind: 'user', fullName: expect.any(String), id: expect.any(Number) }, changes: [{ field: 'order', language: null, before: 4, after: 5 }] });
      expect(typeof newest.time).toBe('string');
      expect(newest.id).toBeGreaterThan(next.id);
      const page2 = await ctx.authed('GET', `/api/history/${clinic}/banners/${b.id}?page=2&pageSize=2`);
      expect(page2.body.data.map((e: { operation: string }) => e.operation)).toEqual(['update', 'create']);
      // The website's staff read it; a website that does not exist: 404; another website's record: nothing.
      expect((await asLan('GET', `/api/History/${clinic}/Banners/${b.id}`)).body.totalRows).toBe(4);
      expect((await ctx.authed('GET', `/api/History/999999/Banners/${b.id}`)).status).toBe(404);
      const { spa } = await demoWebsites(ctx);
      expect((await ctx.authed('GET', `/api/History/${spa}/Banners/${b.id}`)).body).toEqual({ data: [], totalRows: 0 });
      expect((await ctx.authed('GET', `/api/History/${clinic}/Banners/${b.id}?pageSize=x`)).status).toBe(400);
    });

    it('answers the audit to administrators only, with its filters', async () => {
      expect((await asLan('GET', '/api/Audit')).status).toBe(403);
      const b = await banner('Kiểm toán');
      await put(b, { order: 9 });
      const all = await ctx.authed('GET', '/api/Audit?pageSize=5');
      expect(all.status, all.text).toBe(200);
      expect(all.body.totalRows).toBeGreaterThan(2);
      expect(all.body.data[0]).toMatchObject({ resource: 'banner', recordId: String(b.id), operation: 'update', websiteId: clinic });
      const adminId = all.body.data[0].actor.id;
      const byFilters = await ctx.authed('GET', `/api/Audit?userId=${adminId}&website=${clinic}&resource=Banners&operation=create&from=2000-01-01&to=2100-01-01`);
      expect(byFilters.body.data.length).toBeGreaterThan(0);
      expect(byFilters.body.data.every((e: { operation: string; resource: string; websiteId: number }) => e.operation === 'create' && e.resource === 'banner' && e.websiteId === clinic)).toBe(true);
      expect((await ctx.authed('GET', '/api/Audit?to=2000-01-01')).body).toEqual({ data: [], totalRows: 0 });
      expect((await ctx.authed('GET', '/api/Audit?from=yesterday')).status).toBe(400);
    });

    it("names each entry's record by its title in the interface language and links the screen that shows it (issue 42)", async () => {
      const b = await banner('Kiểm toán tiêu đề');
      await put(b, { order: 7 });
      const first = async (query: string, headers: Record<string, string> = {}) => (await ctx.authed('GET', `/api/Audit?pageSize=1&${query}`, undefined, { headers })).body.data[0];
      // A top-level record: its name, its editor in its website.
      expect(await first('resource=banner')).toMatchObject({ recordId: String(b.id), title: 'Kiểm toán tiêu đề', route: `/banner/${b.id}?website=${clinic}` });
      expect(await first('resource=banner', { 'x-interface-language': 'en-US' })).toMatchObject({ recordId: String(b.id), title: 'Sale' });
      // A child (a banner's item): its own name, its parent's screen.
      const item = await ctx.authed('POST', `/api/Banners/item/${clinic}/${b.id}`, { name: tr('Ảnh kiểm toán', 'Audit slide'), images: '/files/a.png', imagesMobile: '/files/a.png', order: 1, isActive: true });
      expect(item.status, item.text).toBe(200);
      expect(await first('resource=bannerItem')).toMatchObject({ title: 'Ảnh kiểm toán', route: `/banner/${b.id}?website=${clinic}` });
      // Deleted: still named (as the delete left it), on no screen any more.
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${b.id}`)).status).toBe(200);
      expect(await first('resource=banner&operation=delete')).toMatchObject({ recordId: String(b.id), title: 'Kiểm toán tiêu đề', route: null });
      // A failed sign-in names no record but the account name it was tried with (its record id).
      await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: 'nobody.here', password: 'wrong', client_id: 'sitedesk', client_secret: 'sitedesk-secret' } });
      expect(await first('operation=signInFailed')).toMatchObject({ recordId: 'nobody.here', title: null });
    });

    it('records sign-ins, the failed ones with the account name and the address, outside any rollback', async () => {
      await ctx.signIn('lan.nguyen', 'Staff@123');
      const bad = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: 'Lan.Nguyen', password: 'wrong', client_id: 'sitedesk', client_secret: 'sitedesk-secret' } });
      expect(bad.status).toBe(400);
      const failed = await ctx.authed('GET', '/api/Audit?operation=signInFailed&pageSize=1');
      expect(failed.body.data[0]).toMatchObject({ resource: 'user', recordId: 'lan.nguyen', websiteId: null, actor: { kind: 'public', fullName: 'Lan.Nguyen', clientAddress: expect.any(String) } });
      const ok = await ctx.authed('GET', '/api/Audit?operation=signIn&pageSize=50');
      expect(ok.body.data.some((e: { actor: { fullName: string; kind: string } }) => e.actor.kind === 'user' && e.actor.fullName)).toBe(true);
    });
  });

  describe('actors', () => {
    it('names the public intake (with the address) and the integration key', async () => {
      const phone = `09${String(Date.now() % 1e8).padStart(8, '0')}`;
      const reg = await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Nguyễn Lịch Sử', phoneNumber: phone } });
      expect(reg.status, reg.text).toBe(201);
      const [created] = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'collaborator').where('operation', '=', 'create').orderBy('id', 'desc').limit(1).execute();
      expect(created).toMatchObject({ actorKind: 'public', actorId: null, websiteId: null });
      expect(created.clientAddress).toBeTruthy();
      const id = Number(created.recordId);
      expect((await ctx.authed('PUT', `/api/DoiNhom/status/${id}`, { status: 2 })).status).toBe(200);
      const approve = (await entriesOf('collaborator', id)).at(-1)!;
      expect(approve).toMatchObject({ operation: 'approve', actorKind: 'user' });
      expect(approve.changes[0]).toMatchObject({ field: 'approvedStatus', before: 1, after: 2 });

      const referred = await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: reg.body.data.referralCode, fullName: 'Bệnh Nhân', phoneNumber: phone } });
      expect(referred.status, referred.text).toBe(201);
      const [referral] = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'referral').orderBy('id', 'desc').limit(1).execute();
      expect(referral).toMatchObject({ operation: 'create', actorKind: 'public' });
      const key = (await ctx.authed('POST', '/api/IntegrationKeys', { name: 'HIS lịch sử' })).body.data.key;
      const visit = await ctx.request('POST', '/integration/visits', { json: { referralId: Number(referral.recordId), visitDate: '2026-03-01', amount: 150000 }, headers: { 'x-api-key': key } });
      expect(visit.status, visit.text).toBe(200);
      const done = (await entriesOf('referral', referral.recordId)).at(-1)!;
      expect(done).toMatchObject({ operation: 'update', actorKind: 'integration', actorName: 'HIS lịch sử' });
      expect(done.changes).toEqual(
        expect.arrayContaining([
          { field: 'status', language: null, before: 0, after: 1 },
          { field: 'amount', language: null, before: null, after: 150000 },
        ]),
      );
    });
  });
  describe('hand-written writers', () => {
    it("records a website's staff added and removed, a website deleted, an integration key made and revoked", async () => {
      const site = await ctx.authed('POST', '/api/Websites', { name: tr('Trang lịch sử', 'History site'), isActive: true });
      expect(site.status, site.text).toBe(200);
      const w = site.body.data.id as number;
      const lan = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'lan.nguyen').executeTakeFirstOrThrow()).id;
      expect((await ctx.authed('POST', `/api/Websites/user/${w}/${lan}`)).status).toBe(200);
      expect((await ctx.authed('POST', `/api/Websites/user/${w}/${lan}`)).status).toBe(409);
      expect((await ctx.authed('DELETE', `/api/Websites/user/${w}/${lan}`)).status).toBe(200);
      const languages = `/api/Websites/${w}/languages`;
      expect((await ctx.authed('POST', languages, { languageId: 'vi-VN' })).status).toBe(200);
      expect((await ctx.authed('POST', languages, { languageId: 'en-US', isActive: true })).status).toBe(200);
      expect((await ctx.authed('PUT', `${languages}/en-US`, { isActive: false })).status).toBe(200);
      expect((await ctx.authed('PUT', `${languages}/en-US`, { isActive: false })).status).toBe(200); // no change: no entry
      expect((await ctx.authed('DELETE', `${languages}/en-US`)).status).toBe(200);
      const english = (await entriesOf('websiteLanguage', 'en-US')).filter((e) => e.websiteId === w);
      expect(english.map((e) => e.operation)).toEqual(['create', 'update', 'delete']);
      expect(english[1].changes).toEqual([{ field: 'isActive', language: null, before: true, after: false }]);
      const staff = await entriesOf('websiteUser', lan);
      expect(staff.filter((e) => e.websiteId === w).map((e) => e.operation)).toEqual(['create', 'delete']);
      expect((await ctx.authed('DELETE', `/api/Websites/${w}`)).status).toBe(200);
      const website = await entriesOf('website', w);
      expect(website.map((e) => e.operation)).toEqual(['create', 'delete']);
      expect(website[1].state!.record).toMatchObject({ id: w, name: tr('Trang lịch sử', 'History site') });

      const key = await ctx.authed('POST', '/api/IntegrationKeys', { name: 'Khoá lịch sử' });
      const keyId = key.body.data.id as number;
      expect((await ctx.authed('DELETE', `/api/IntegrationKeys/${keyId}`)).status).toBe(200);
      expect((await ctx.authed('DELETE', `/api/IntegrationKeys/${keyId}`)).status).toBe(200); // revoked already: no entry
      const keys = await entriesOf('integrationKey', keyId);
      expect(keys.map((e) => e.operation)).toEqual(['create', 'revoke']);
      expect(JSON.stringify(keys)).not.toContain(key.body.data.key);
    });

    it("records a referred patient's edit, a feedback opened (once) and a webhook's new secret, keeping no secret", async () => {
      const feedback = await ctx.request('POST', `/public/${clinic}/feedback`, { json: { title: 'Góp ý', fullName: 'Trần Thị Góp', email: 'gop@example.com', phoneNumber: '0987654321', content: 'Phòng chờ nóng' } });
      expect(feedback.status, feedback.text).toBe(201);
      const [created] = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'feedback').orderBy('id', 'desc').limit(1).execute();
      expect(created).toMatchObject({ operation: 'create', actorKind: 'public', websiteId: clinic });
      const id = Number(created.recordId);
      expect((await ctx.authed('PUT', `/api/Feedbacks/read/${clinic}/${id}`)).status).toBe(200);
      expect((await ctx.authed('PUT', `/api/Feedbacks/read/${clinic}/${id}`)).status).toBe(200);
      const read = (await entriesOf('feedback', id)).filter((e) => e.operation === 'read');
      expect(read.map((e) => e.changes)).toEqual([[{ field: 'isView', language: null, before: false, after: true }]]);

      const [referral] = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'referral').where('operation', '=', 'create').orderBy('id', 'desc').limit(1).execute();
      const patient = (await ctx.authed('GET', `/api/DoiNhom/ttbn-detail/${referral.recordId}`)).body.data;
      const edited = await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${referral.recordId}`, { fullName: 'Bệnh Nhân Mới', phoneNumber: patient.phoneNumber, status: patient.status, concurrencyStamp: patient.concurrencyStamp });
      expect(edited.status, edited.text).toBe(200);
      const last = (await entriesOf('referral', referral.recordId)).at(-1)!;
      expect(last).toMatchObject({ operation: 'update', actorKind: 'user' });
      // A patient's name is personal: kept sealed (server/privacy), opened for its readers.
      expect(JSON.stringify(last.changes)).not.toContain('Bệnh Nhân Mới');
      expect(await openChanges(ctx.db, 'referral', referral.recordId, last.changes)).toContainEqual({ field: 'fullName', language: null, before: patient.fullName, after: 'Bệnh Nhân Mới' });

      const hook = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: 'https://example.com/hook', description: 'Lịch sử', isActive: true });
      expect(hook.status, hook.text).toBe(200);
      const rotated = await ctx.authed('POST', `/api/Webhooks/rotate-secret/${clinic}/${hook.body.data.id}`);
      expect(rotated.status, rotated.text).toBe(200);
      const hooks = await entriesOf('webhook', hook.body.data.id);
      expect(hooks.map((e) => e.operation)).toEqual(['create', 'rotateSecret']);
      const text = JSON.stringify(hooks);
      expect(text).not.toContain(hook.body.data.secret);
      expect(text).not.toContain(rotated.body.data.secret);
    });

    it('records folders and files: made, renamed, uploaded, a folder deleted with what it held', async () => {
      const folder = (await ctx.authed('POST', '/api/Folders', { name: 'Lịch sử', parentId: 0 })).body.data;
      const renamed = await ctx.authed('PUT', `/api/Folders/${folder.id}`, { name: 'Lịch sử 2', concurrencyStamp: folder.concurrencyStamp });
      expect(renamed.status, renamed.text).toBe(200);
      expect((await ctx.authed('PUT', `/api/Folders/${folder.id}`, { name: 'Cũ', concurrencyStamp: folder.concurrencyStamp })).status).toBe(409);
      const file = await uploadFile(ctx, (await ctx.signIn()).access_token, 'anh.png', pngBytes(500), folder.id);
      expect((await ctx.authed('DELETE', `/api/Folders/${folder.id}?recursive=true`)).status).toBe(200);
      const entries = await entriesOf('folder', folder.id);
      expect(entries.map((e) => e.operation)).toEqual(['create', 'update', 'delete']);
      expect(entries.every((e) => e.actorKind === 'user' && e.websiteId === null)).toBe(true);
      expect(entries[1].changes).toEqual([{ field: 'name', language: null, before: 'Lịch sử', after: 'Lịch sử 2' }]);
      expect(entries[2].state!.children!.file).toEqual([expect.objectContaining({ id: file.id, folderId: folder.id })]);
      expect((await entriesOf('file', file.id)).map((e) => [e.operation, e.actorKind])).toEqual([['create', 'user']]);
    });
  });
});
