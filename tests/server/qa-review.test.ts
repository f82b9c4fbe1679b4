// Expert Q&A review: Save + approve names every field still missing and writes nothing then; the answer
// waits in Pending until a decision through PUT QAExperts/status; the filters the dashboard links to. SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, type ServerTestContext } from './harness';

const tr = (vi: string, en: string) => JSON.stringify({ 'vi-VN': vi, 'en-US': en });
let n = 0;

async function ask(ctx: ServerTestContext, site: number) {
  n += 1;
  const res = await ctx.authed('POST', `/api/QAExperts/${site}`, { fullName: 'Đỗ Hà', email: 'ha@example.com', title: tr(`Hỏi lần ${n} ${Date.now()}`, '') });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number; concurrencyStamp: string; title: string; approvedStatus: number; isAnswer: boolean };
}

const fullAnswer = (id: number) => ({
  title: tr(`Câu hỏi ${id}`, `Question ${id}`),
  answer: tr('<p>Trả lời</p>', '<p>Answer</p>'),
  seoLink: tr(`tra-loi-${id}`, `answer-${id}`),
  image: '/files/qa.png',
  subjectTags: [{ name: `Chủ đề ${id}` }],
});

describeEachDatabase('expert Q&A review', (ctx) => {
  it('Save + approve lists every missing field with its language and writes nothing', async () => {
    const site = (await demoWebsites(ctx)).clinic;
    const q = await ask(ctx, site);
    const res = await ctx.authed('PUT', `/api/QAExperts/${site}/${q.id}`, { concurrencyStamp: q.concurrencyStamp, answer: tr('<p> </p>', ''), subjectTags: [{ name: 'Không được lưu' }] });
    expect(res.status).toBe(400);
    const errors = res.body.errors as { field: string; languageId?: string; message: string }[];
    expect(errors.map((e) => [e.field, e.languageId ?? null, e.message])).toEqual(
      expect.arrayContaining([
        ['title', 'en-US', 'Tiêu đề (English) là trường bắt buộc'],
        ['answer', 'vi-VN', 'Câu trả lời (Tiếng Việt) là trường bắt buộc'],
        ['answer', 'en-US', 'Câu trả lời (English) là trường bắt buộc'],
        ['seoLink', 'vi-VN', 'Đường dẫn SEO (Tiếng Việt) là trường bắt buộc'],
        ['seoLink', 'en-US', 'Đường dẫn SEO (English) là trường bắt buộc'],
        ['image', null, 'Ảnh đại diện là trường bắt buộc'],
      ]),
    );
    // The title in Vietnamese is there: not named.
    expect(errors.some((e) => e.field === 'title' && e.languageId === 'vi-VN')).toBe(false);
    // One Message naming them all, for clients that show only that.
    for (const e of errors) expect(res.body.Message).toContain(e.message);

    // In the interface language the console asks for.
    const en = await ctx.authed('PUT', `/api/QAExperts/${site}/${q.id}`, { concurrencyStamp: q.concurrencyStamp }, { headers: { 'x-interface-language': 'en-US' } });
    expect(en.status).toBe(400);
    expect(en.body.errors.map((e: { message: string }) => e.message)).toContain('Feature image is required');

    const after = (await ctx.authed('GET', `/api/QAExperts/${site}/${q.id}`)).body.data;
    expect(after).toMatchObject({ approvedStatus: 0, isAnswer: false, concurrencyStamp: q.concurrencyStamp, subjectTags: [] });
    expect((await ctx.authed('GET', `/api/Tags/get-all/${site}`)).body.map((t: { name: string }) => t.name)).not.toContain('Không được lưu');
  });

  it('staff add a question with its answer (POST with isApproveFlag): the answer’s rules, then pending, listed', async () => {
    const site = (await demoWebsites(ctx)).clinic;
    const count = async () => (await ctx.authed('GET', `/api/QAExperts/${site}?page=1&pageSize=1`)).body.totalRows as number;
    const before = await count();
    const refused = await ctx.authed('POST', `/api/QAExperts/${site}`, { title: tr('Chỉ có tiêu đề', ''), isApproveFlag: true });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string; languageId?: string }) => `${e.field}:${e.languageId ?? ''}`)).toEqual(
      expect.arrayContaining(['title:en-US', 'answer:vi-VN', 'seoLink:vi-VN', 'image:']),
    );
    expect(await count()).toBe(before);
    const stamp = Date.now();
    const added = await ctx.authed('POST', `/api/QAExperts/${site}`, { ...fullAnswer(stamp), content: tr('Hỏi qua điện thoại', 'Asked by phone'), isApproveFlag: true });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data).toMatchObject({ approvedStatus: 1, isAnswer: true, subjectTags: [{ name: `Chủ đề ${stamp}` }], submittedBy: expect.any(Number) });
    expect(await count()).toBe(before + 1);
    expect((await ctx.authed('GET', `/api/QAExperts/${(await demoWebsites(ctx)).spa}/${added.body.data.id}`)).status).toBe(404);
  });

  it('moves Draft → Pending → Approved or Declined through PUT QAExperts/status, for any signed-in staff member', async () => {
    const site = (await demoWebsites(ctx)).clinic;
    const list = async (query: string) => ((await ctx.authed('GET', `/api/QAExperts/${site}?pageSize=1000&${query}`)).body.data as { id: number; approvedStatus: number; isAnswer: boolean }[]);
    const a = await ask(ctx, site);
    const b = await ask(ctx, site);

    // Not answered yet: among the questions without an answer (the dashboard's link), not yet decidable.
    expect((await list('isAnswer=false')).map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    let res = await ctx.reviewer('PUT', `/api/QAExperts/status/${site}/${a.id}`, { status: 2 });
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe('Chỉ có thể duyệt hoặc từ chối khi đang ở trạng thái chờ duyệt');

    // Save + approve: pending, answered.
    for (const q of [a, b]) {
      res = await ctx.authed('PUT', `/api/QAExperts/${site}/${q.id}`, { ...fullAnswer(q.id), concurrencyStamp: q.concurrencyStamp });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ approvedStatus: 1, isAnswer: true });
    }
    const pending = await list('approvedStatus=1');
    expect(pending.every((r) => r.approvedStatus === 1)).toBe(true);
    expect(pending.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await list('isAnswer=false')).map((r) => r.id)).not.toContain(a.id);

    // Not by a staff member who may not review; approved by one who may (staff, not an administrator).
    const lan = await ctx.signIn('lan.nguyen', 'Staff@123');
    res = await ctx.request('PUT', `/api/QAExperts/status/${site}/${a.id}`, { json: { status: 2 }, token: lan.access_token });
    expect(res.status).toBe(403);
    res = await ctx.reviewer('PUT', `/api/QAExperts/status/${site}/${a.id}`, { status: 2 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ code: 1, message: 'Duyệt thành công', data: { id: a.id, approvedStatus: 2, declineReason: null } });
    expect((await list('approvedStatus=2')).map((r) => r.id)).toContain(a.id);
    expect((await list('approvedStatus=1')).map((r) => r.id)).not.toContain(a.id);
    // Decided once: a second decision is refused.
    res = await ctx.reviewer('PUT', `/api/QAExperts/status/${site}/${a.id}`, { status: 3, declineReason: 'Muộn' });
    expect(res.status).toBe(409);

    // Decline: the reason is required, kept on the record and cleared by a later approval.
    res = await ctx.reviewer('PUT', `/api/QAExperts/status/${site}/${b.id}`, { status: 3, declineReason: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Message: 'Lý do là trường bắt buộc', field: 'declineReason' });
    expect((await ctx.authed('GET', `/api/QAExperts/${site}/${b.id}`)).body.data.approvedStatus).toBe(1);
    res = await ctx.reviewer('PUT', `/api/QAExperts/status/${site}/${b.id}`, { status: 3, declineReason: '  Cần trích nguồn  ' });
    expect(res.body).toMatchObject({ message: 'Từ chối thành công', data: { approvedStatus: 3, declineReason: 'Cần trích nguồn' } });
    // Declined: Save + approve asks for review again; a stale stamp on a decision is refused with the current record.
    const declinedStamp = res.body.data.concurrencyStamp;
    res = await ctx.authed('PUT', `/api/QAExperts/${site}/${b.id}`, { concurrencyStamp: declinedStamp });
    expect(res.body.data.approvedStatus).toBe(1);
    const stale = await ctx.reviewer('PUT', `/api/QAExperts/status/${site}/${b.id}`, { status: 2, concurrencyStamp: declinedStamp });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: b.id, approvedStatus: 1, concurrencyStamp: res.body.data.concurrencyStamp });
    res = await ctx.reviewer('PUT', `/api/QAExperts/status/${site}/${b.id}`, { status: 2, concurrencyStamp: res.body.data.concurrencyStamp });
    expect(res.body.data).toMatchObject({ approvedStatus: 2, declineReason: null });

    // Signed out: no decision.
    expect((await ctx.request('PUT', `/api/QAExperts/status/${site}/${b.id}`, { json: { status: 2 } })).status).toBe(401);
  });
});
