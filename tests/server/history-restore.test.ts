// Restoring a version (docs/api.md "History and audit", issue 29): POST /api/History/restore/{website}/{entryId} with
// the record's current stamp sends the entry's record back through the save its PUT makes — values per language back,
// one new `update` entry; the review workflow (a restored news item is a new edit, a draft), the stamp (409, nothing
// written), access (403), uniqueness (the PUT's 409), the website (404) and what cannot be restored (400). Both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsitesAndStaff, describeEachDatabase, EN, tr } from './harness';
import { createNews, newsBody } from './news-helpers';

describeEachDatabase('history restore', (ctx) => {
  let clinic = 0;
  let spa = 0;
  let lanToken = '';
  beforeAll(async () => {
    ({ clinic, spa, lanToken } = await demoWebsitesAndStaff(ctx));
  });

  type Entry = { id: number; operation: string; changes: { field: string; language: string | null; before: unknown; after: unknown }[] };
  const entriesOf = async (resource: string, id: number | string): Promise<Entry[]> =>
    (await ctx.db.selectFrom('history_entries').select(['id', 'operation', 'changes']).where('resource', '=', resource).where('recordId', '=', String(id)).orderBy('id').execute()).map((e) => ({
      ...e,
      changes: JSON.parse(e.changes) as Entry['changes'],
    }));
  const restore = (site: number, entryId: number, concurrencyStamp: unknown, opts: { headers: Record<string, string> } = EN) => ctx.authed('POST', `/api/History/restore/${site}/${entryId}`, { concurrencyStamp }, opts);

  async function banner() {
    const res = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Khuyến mãi', 'Sale'), description: tr('Giảm giá', 'Discount'), type: 2, position: 1, order: 2, isActive: true });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Record<string, unknown> & { id: number; concurrencyStamp: string };
  }
  const putBanner = async (b: Record<string, unknown>, changes: Record<string, unknown>) => {
    const res = await ctx.authed('PUT', `/api/Banners/${clinic}/${b.id}`, { ...b, ...changes });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Record<string, unknown> & { id: number; concurrencyStamp: string };
  };

  it('gives a banner back the values of its first version, per language, as one new update entry', async () => {
    const b = await banner();
    let now = await putBanner(b, { name: tr('Khuyến mãi hè', 'Sale') });
    now = await putBanner(now, { name: tr('Khuyến mãi hè', 'Summer sale'), description: tr('Giảm giá', 'Big discount'), order: 5 });
    const [created] = await entriesOf('banner', b.id);

    const res = await restore(clinic, created.id, now.concurrencyStamp);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Version restored successfully');
    expect(res.body.data).toMatchObject({ id: b.id, name: tr('Khuyến mãi', 'Sale'), description: tr('Giảm giá', 'Discount'), order: 2 });
    expect(res.body.data.concurrencyStamp).not.toBe(now.concurrencyStamp);
    const detail = await ctx.authed('GET', `/api/Banners/${clinic}/${b.id}`);
    expect(detail.body.data).toMatchObject({ name: tr('Khuyến mãi', 'Sale'), description: tr('Giảm giá', 'Discount'), order: 2 });

    const entries = await entriesOf('banner', b.id);
    expect(entries.map((e) => e.operation)).toEqual(['create', 'update', 'update', 'update']);
    expect(entries[3].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', language: 'vi-VN', before: 'Khuyến mãi hè', after: 'Khuyến mãi' },
        { field: 'name', language: 'en-US', before: 'Summer sale', after: 'Sale' },
        { field: 'description', language: 'en-US', before: 'Big discount', after: 'Discount' },
        { field: 'order', language: null, before: 5, after: 2 },
      ]),
    );
    expect(entries[3].changes).toHaveLength(4);

    // Restoring the version it already shows changes nothing: no entry, the record as it is (its stamp unchanged).
    const again = await restore(clinic, created.id, res.body.data.concurrencyStamp);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.concurrencyStamp).toBe(res.body.data.concurrencyStamp);
    expect(await entriesOf('banner', b.id)).toHaveLength(4);
  });

  it("restores a banner's item (a child: its parent found from the record) and a FAQ's rich text per language", async () => {
    const b = await banner();
    const made = await ctx.authed('POST', `/api/Banners/item/${clinic}/${b.id}`, { name: tr('Ảnh', 'Image'), images: '/files/a.jpg', imagesMobile: '/files/a-m.jpg', order: 1, isActive: true });
    expect(made.status, made.text).toBe(200);
    const edited = await ctx.authed('PUT', `/api/Banners/item/${clinic}/${b.id}/${made.body.data.id}`, { ...made.body.data, name: tr('Ảnh mới', 'New image') });
    expect(edited.status, edited.text).toBe(200);
    const [itemCreated] = await entriesOf('bannerItem', made.body.data.id);
    const item = await restore(clinic, itemCreated.id, edited.body.data.concurrencyStamp);
    expect(item.status, item.text).toBe(200);
    expect(item.body.data).toMatchObject({ bannerId: b.id, name: tr('Ảnh', 'Image') });

    const group = (await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Nhóm lịch sử', 'History group'), order: 0, isActive: true })).body.data;
    const faq = await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('Hỏi 1?', 'Question 1?'), answer: tr('<p>Đáp 1</p>', '<p>Answer 1</p>'), faqGroupId: group.id });
    expect(faq.status, faq.text).toBe(200);
    let now = (await ctx.authed('PUT', `/api/FAQs/${clinic}/${faq.body.data.id}`, { ...faq.body.data, answer: tr('<p>Đáp 2</p>', '<p>Answer 1</p>') })).body.data;
    now = (await ctx.authed('PUT', `/api/FAQs/${clinic}/${faq.body.data.id}`, { ...now, question: tr('Hỏi 3?', 'Question 3?'), answer: tr('<p>Đáp 2</p>', '<p>Answer 3</p>') })).body.data;
    const versions = await entriesOf('faq', faq.body.data.id);
    expect(versions.map((e) => e.operation)).toEqual(['create', 'update', 'update']);

    const res = await restore(clinic, versions[1].id, now.concurrencyStamp);
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.body.data.question)).toEqual({ 'vi-VN': 'Hỏi 1?', 'en-US': 'Question 1?' });
    expect(JSON.parse(res.body.data.answer)).toEqual({ 'vi-VN': '<p>Đáp 2</p>', 'en-US': '<p>Answer 1</p>' });
    const entries = await entriesOf('faq', faq.body.data.id);
    expect(entries).toHaveLength(4);
    expect(entries[3].operation).toBe('update');
    expect(entries[3].changes.map((c) => `${c.field}:${c.language}`).sort()).toEqual(['answer:en-US', 'question:en-US', 'question:vi-VN']);
  });

  it('makes a restored news item a new edit (a draft, never approved by restoring) with its categories, tags and texts', async () => {
    const category = async (word: string) =>
      (await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr(`Mục ${word}`, `Category ${word}`), seoLink: `muc-lich-su-${word}-${ctx.dialect}`, order: 0, isActive: true })).body.data as { id: number };
    const [first, second] = [await category('a'), await category('b')];
    const news = await createNews(ctx, clinic, 'true', { categorys: [first.id], subjectTags: [{ name: 'Tim mạch' }, { name: 'Khám' }] });
    const approved = await ctx.reviewer('PUT', `/api/News/status/${clinic}/${news.id}`, { status: 2 });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data.approvedStatus).toBe(2);

    const other = newsBody();
    const edited = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/false`, {
      ...approved.body.data,
      newsTranslations: other.newsTranslations,
      categorys: [second.id],
      subjectTags: [{ name: 'Da liễu' }],
      isHot: false,
      concurrencyStamp: approved.body.data.concurrencyStamp,
    });
    expect(edited.status, edited.text).toBe(200);
    const before = (await entriesOf('news', news.id)).length;
    const approval = (await entriesOf('news', news.id)).find((e) => e.operation === 'approve')!;

    const res = await restore(clinic, approval.id, edited.body.data.concurrencyStamp);
    expect(res.status, res.text).toBe(200);
    const detail = (await ctx.authed('GET', `/api/News/detail/${clinic}/${news.id}`)).body.data;
    for (const record of [res.body.data, detail]) {
      expect(record.approvedStatus).toBe(0);
      expect(record.categorys).toEqual([first.id]);
      expect(record.subjectTags.map((t: { name: string }) => t.name).sort()).toEqual(['Khám', 'Tim mạch']);
      expect(record.isHot).toBe(true);
      const titles = Object.fromEntries(record.newsTranslations.map((t: { languageId: string; title: string }) => [t.languageId, t.title]));
      expect(titles).toEqual(Object.fromEntries(news.newsTranslations.map((t: { languageId: string; title: string }) => [t.languageId, t.title])));
    }
    const entries = await entriesOf('news', news.id);
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)!.operation).toBe('update');
    // What the public sites show stays the approved version until a reviewer approves again.
    expect(entries.at(-1)!.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'title', language: 'en-US' })]));
  });

  it('makes a restored Q&A answer a draft too (its PUT would ask for review), with its tags', async () => {
    const word = `${ctx.dialect}-${Date.now()}`;
    const added = await ctx.authed('POST', `/api/QAExperts/${clinic}`, {
      title: tr(`Câu hỏi ${word}`, `Question ${word}`),
      answer: tr('<p>Trả lời 1</p>', '<p>Answer 1</p>'),
      seoLink: tr(`tra-loi-${word}`, `answer-${word}`),
      image: '/files/qa.png',
      subjectTags: [{ name: 'Chủ đề 1' }],
      isApproveFlag: true,
    });
    expect(added.status, added.text).toBe(200);
    const approved = await ctx.reviewer('PUT', `/api/QAExperts/status/${clinic}/${added.body.data.id}`, { status: 2 });
    expect(approved.status, approved.text).toBe(200);
    const edited = await ctx.authed('PUT', `/api/QAExperts/${clinic}/${added.body.data.id}`, { ...approved.body.data, answer: tr('<p>Trả lời 2</p>', '<p>Answer 2</p>'), subjectTags: [{ name: 'Chủ đề 2' }], isApproveFlag: false });
    expect(edited.status, edited.text).toBe(200);
    const approval = (await entriesOf('qaExpert', added.body.data.id)).find((e) => e.operation === 'approve')!;
    const res = await restore(clinic, approval.id, edited.body.data.concurrencyStamp);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ approvedStatus: 0, answer: tr('<p>Trả lời 1</p>', '<p>Answer 1</p>'), subjectTags: [{ name: 'Chủ đề 1' }] });
  });

  it("restores a website's settings (a singleton) per language; fields only an administrator may change answer 403 as a save does", async () => {
    const current = (await ctx.authed('GET', `/api/Settings/settings/${clinic}`)).body.data;
    const first = await ctx.authed('POST', `/api/Settings/settings/${clinic}`, { ...current, brand: tr('Phòng khám Một', 'Clinic One'), trackingHeader: '' });
    expect(first.status, first.text).toBe(200);
    const second = await ctx.authed('POST', `/api/Settings/settings/${clinic}`, { ...first.body.data, brand: tr('Phòng khám Hai', 'Clinic Two'), trackingHeader: '<script>gtag()</script>' });
    expect(second.status, second.text).toBe(200);
    const version = (await entriesOf('settings', first.body.data.id)).at(-2)!;
    const count = (await entriesOf('settings', first.body.data.id)).length;

    // Staff who is no administrator: the version would take the tracking code away, which only an administrator may.
    const refused = await ctx.request('POST', `/api/History/restore/${clinic}/${version.id}`, { token: lanToken, json: { concurrencyStamp: second.body.data.concurrencyStamp }, ...EN });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.field).toBe('trackingHeader');
    expect(await entriesOf('settings', first.body.data.id)).toHaveLength(count);

    const res = await restore(clinic, version.id, second.body.data.concurrencyStamp);
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.body.data.brand)).toMatchObject({ 'vi-VN': 'Phòng khám Một', 'en-US': 'Clinic One' });
    expect(res.body.data.trackingHeader ?? '').toBe('');
    const last = (await entriesOf('settings', first.body.data.id)).at(-1)!;
    expect(last.changes.map((c) => `${c.field}:${c.language}`).sort()).toEqual(['brand:en-US', 'brand:vi-VN', 'trackingHeader:null']);
  });

  it('answers 409 with the record as it is for a stale stamp, and writes nothing', async () => {
    const b = await banner();
    const now = await putBanner(b, { order: 7 });
    const [created] = await entriesOf('banner', b.id);
    const res = await restore(clinic, created.id, b.concurrencyStamp);
    expect(res.status, res.text).toBe(409);
    expect(res.body.data).toMatchObject({ id: b.id, order: 7, concurrencyStamp: now.concurrencyStamp });
    expect((await restore(clinic, created.id, undefined)).status).toBe(400);
    expect(await entriesOf('banner', b.id)).toHaveLength(2);
  });

  it("answers 404 for another website's entry or an unknown one, 400 for a delete or what is no save of a record", async () => {
    const b = await banner();
    const [created] = await entriesOf('banner', b.id);
    let res = await restore(spa, created.id, b.concurrencyStamp);
    expect(res.status, res.text).toBe(404);
    expect(res.body.Message).toBe('This version was not found in the history');
    expect((await restore(clinic, 2_000_000_000, b.concurrencyStamp)).status).toBe(404);
    expect((await restore(clinic, 'x' as unknown as number, b.concurrencyStamp)).status).toBe(400);

    expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${b.id}`)).status).toBe(200);
    const deleted = (await entriesOf('banner', b.id)).at(-1)!;
    res = await restore(clinic, deleted.id, b.concurrencyStamp);
    expect(res.status, res.text).toBe(400);
    expect(res.body.Message).toBe('This entry is a delete: restore the record from the Trash');
    // The record is gone: its earlier versions have nothing to go back into (the trash gives it back).
    expect((await restore(clinic, created.id, b.concurrencyStamp)).status).toBe(404);

    // A sign-out: an entry of the account that is no save of a record (sign-ins are records of their own since issue 39).
    const lanSession = await ctx.signIn('lan.nguyen', 'Staff@123');
    await ctx.request('POST', '/auth/connect/revocation', { form: { token: lanSession.refresh_token, client_id: 'sitedesk', client_secret: 'sitedesk-secret' } });
    const [signIn] = await ctx.db.selectFrom('history_entries').select('id').where('operation', '=', 'signOut').orderBy('id', 'desc').limit(1).execute();
    res = await restore(clinic, signIn.id, 'x');
    expect(res.status, res.text).toBe(400);
    expect(res.body.Message).toMatch(/cannot be restored/);
    const vi = await restore(clinic, signIn.id, 'x', { headers: {} });
    expect(vi.body.Message).toMatch(/Không thể khôi phục phiên bản này/);
  });

  it('answers 403 to a user the resource does not let update, and keeps masked secrets out of the save', async () => {
    const hook = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: 'https://example.com/restore', description: 'Một', isActive: true });
    expect(hook.status, hook.text).toBe(200);
    const secret = (await ctx.db.selectFrom('webhooks' as never).select('secret' as never).where('id' as never, '=', hook.body.data.id as never).executeTakeFirstOrThrow()) as { secret: string };
    const edited = await ctx.authed('PUT', `/api/Webhooks/${clinic}/${hook.body.data.id}`, { ...hook.body.data, description: 'Hai' });
    expect(edited.status, edited.text).toBe(200);
    const [created] = await entriesOf('webhook', hook.body.data.id);

    const refused = await ctx.request('POST', `/api/History/restore/${clinic}/${created.id}`, { token: lanToken, json: { concurrencyStamp: edited.body.data.concurrencyStamp }, ...EN });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.Message).toBe('Only an administrator can do this');
    expect(await entriesOf('webhook', hook.body.data.id)).toHaveLength(2);

    const res = await restore(clinic, created.id, edited.body.data.concurrencyStamp);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.description).toBe('Một');
    const after = (await ctx.db.selectFrom('webhooks' as never).select('secret' as never).where('id' as never, '=', hook.body.data.id as never).executeTakeFirstOrThrow()) as { secret: string };
    expect(after.secret).toBe(secret.secret);
  });

  it("answers the PUT's 409 naming the field when a unique value is now another record's, and writes nothing", async () => {
    const link = `album-lich-su-${ctx.dialect}`;
    const a = (await ctx.authed('POST', `/api/Albums/${clinic}`, { name: tr('Album A'), type: 0, seoLink: link })).body.data;
    const moved = await ctx.authed('PUT', `/api/Albums/${clinic}/${a.id}`, { ...a, seoLink: `${link}-2` });
    expect(moved.status, moved.text).toBe(200);
    const b = await ctx.authed('POST', `/api/Albums/${clinic}`, { name: tr('Album B'), type: 0, seoLink: link });
    expect(b.status, b.text).toBe(200);
    const [created] = await entriesOf('album', a.id);

    const res = await restore(clinic, created.id, moved.body.data.concurrencyStamp);
    expect(res.status, res.text).toBe(409);
    expect(res.body.field).toBe('seoLink');
    expect((await ctx.authed('GET', `/api/Albums/${clinic}/${a.id}`)).body.data).toMatchObject({ seoLink: `${link}-2`, concurrencyStamp: moved.body.data.concurrencyStamp });
    expect(await entriesOf('album', a.id)).toHaveLength(2);
  });

  it("restores an organisation's record (a referred patient) through any website its user is staff of, with its own update", async () => {
    const phone = `08${String(Date.now() % 1e8).padStart(8, '0')}`;
    const reg = await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Cộng Tác Khôi Phục', phoneNumber: phone } });
    expect(reg.status, reg.text).toBe(201);
    const member = (await ctx.db.selectFrom('history_entries').select('recordId').where('resource', '=', 'collaborator').where('operation', '=', 'create').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).recordId;
    expect((await ctx.authed('PUT', `/api/DoiNhom/status/${member}`, { status: 2 })).status).toBe(200);
    const referred = await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: reg.body.data.referralCode, fullName: 'Bệnh Nhân Gốc', phoneNumber: phone } });
    expect(referred.status, referred.text).toBe(201);
    const id = (await ctx.db.selectFrom('history_entries').select('recordId').where('resource', '=', 'referral').where('operation', '=', 'create').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).recordId;
    const patient = (await ctx.authed('GET', `/api/DoiNhom/ttbn-detail/${id}`)).body.data;
    const edited = await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${id}`, { fullName: 'Bệnh Nhân Sửa', phoneNumber: patient.phoneNumber, status: 2, description: 'Gọi lại sau', concurrencyStamp: patient.concurrencyStamp });
    expect(edited.status, edited.text).toBe(200);
    const [created] = await entriesOf('referral', id);

    const res = await restore(spa, created.id, edited.body.data.concurrencyStamp);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: 'Bệnh Nhân Gốc', status: 0, description: null });
    const entries = await entriesOf('referral', id);
    // The administrator's opening of the patient's detail is an entry too (who read it, issue 40).
    expect(entries.map((e) => e.operation)).toEqual(['create', 'view', 'update', 'update']);
    // A collaborator has no save of its own (its changes are decisions): nothing to restore it through.
    const approval = (await entriesOf('collaborator', member)).at(-1)!;
    expect(approval.operation).toBe('approve');
    expect((await restore(clinic, approval.id, 'x')).status).toBe(400);
  });

  it("answers 409, never 500, when a restored news item's link is taken by a save at the same moment (a savepoint keeps the restore's transaction alive)", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const a = await createNews(ctx, clinic);
      const link = (a.newsTranslations as { languageId: string; seoLink: string }[]).find((t) => t.languageId === 'en-US')!.seoLink;
      const moved = newsBody();
      const edited = await ctx.authed('PUT', `/api/News/${clinic}/${a.id}/false`, { ...a, newsTranslations: moved.newsTranslations, concurrencyStamp: a.concurrencyStamp });
      expect(edited.status, edited.text).toBe(200);
      const [created] = await entriesOf('news', a.id);
      // Another news item takes the link back at the same moment as the restore asks for it.
      const b = await createNews(ctx, clinic);
      const taking = newsBody();
      taking.newsTranslations[1].seoLink = link;
      const [restored, saved] = await Promise.all([
        restore(clinic, created.id, edited.body.data.concurrencyStamp),
        ctx.authed('PUT', `/api/News/${clinic}/${b.id}/false`, { ...b, newsTranslations: taking.newsTranslations, concurrencyStamp: b.concurrencyStamp }),
      ]);
      statuses.push(restored.status, saved.status);
      // The link is one record's: exactly one of the two got it.
      expect([restored.status, saved.status].sort(), `${restored.text} ${saved.text}`).toEqual([200, 409]);
    }
    expect(statuses).not.toContain(500);
  });
});

describe('restore body', () => {
  it('leaves out what the save sets and the masked secrets', async () => {
    const { restoreBody } = await import('../../server/history/restore');
    expect(restoreBody({ id: 1, websiteId: 2, name: 'x', secret: '••••••', concurrencyStamp: 'old', statusHistory: [], updatedAt: 't' }, 'now')).toEqual({ name: 'x', isApproveFlag: false, concurrencyStamp: 'now' });
  });
});
