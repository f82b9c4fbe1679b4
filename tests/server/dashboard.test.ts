// GET /api/Dashboard/{website}: every figure is a count of the website's records, and moves with them.
import { expect, it } from 'vitest';
import { uploadFile } from './files-helpers';
import { demoWebsites, describeEachDatabase } from './harness';
import { createNews } from './news-helpers';

describeEachDatabase('dashboard', (ctx) => {
  const figures = async (site: number) => {
    const res = await ctx.authed('GET', `/api/Dashboard/${site}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data as {
      news: Record<'draft' | 'pending' | 'approved' | 'declined' | 'total', number>;
      qa: Record<'draft' | 'pending' | 'approved' | 'declined' | 'total' | 'unanswered', number>;
      files: { count: number; bytes: number };
    };
  };

  it('counts news by status, questions waiting for an answer, and files with their bytes', async () => {
    const { clinic, spa } = await demoWebsites(ctx);
    const before = await figures(clinic);
    const spaBefore = await figures(spa);
    // What the records hold, counted another way: the lists' totals.
    for (const [status, key] of [[0, 'draft'], [1, 'pending'], [2, 'approved'], [3, 'declined']] as const) {
      const rows = await ctx.db.selectFrom('news').select('id').where('websiteId', '=', clinic).where('approvedStatus', '=', status).execute();
      expect(before.news[key], key).toBe(rows.length);
    }
    expect(before.news.total).toBe(before.news.draft + before.news.pending + before.news.approved + before.news.declined);

    await createNews(ctx, clinic, 'false'); // draft
    const pending = await createNews(ctx, clinic, 'true'); // asks for review
    await createNews(ctx, clinic, 'true');
    const decided = await ctx.reviewer('PUT', `/api/News/status/${clinic}/${pending.id}`, { status: 2 });
    expect(decided.status, decided.text).toBe(200);

    const asked = await ctx.authed('POST', `/api/QAExperts/${clinic}`, { fullName: 'Phạm Dũng', title: JSON.stringify({ 'vi-VN': 'Hỏi về tim mạch' }) });
    expect(asked.status, asked.text).toBe(200);
    const { access_token: token } = await ctx.signIn();
    await uploadFile(ctx, token, 'dashboard-count.txt', Buffer.alloc(1234, 'x'));

    const after = await figures(clinic);
    expect(after.news).toEqual({
      draft: before.news.draft + 1,
      pending: before.news.pending + 1,
      approved: before.news.approved + 1,
      declined: before.news.declined,
      total: before.news.total + 3,
    });
    expect(after.qa.unanswered).toBe(before.qa.unanswered + 1);
    expect(after.qa.total).toBe(before.qa.total + 1);
    expect(after.files).toEqual({ count: before.files.count + 1, bytes: before.files.bytes + 1234 });

    // The other website's figures did not move (files are organisation-wide).
    const spaAfter = await figures(spa);
    expect(spaAfter.news).toEqual(spaBefore.news);
    expect(spaAfter.qa).toEqual(spaBefore.qa);
  });

  it('answers 403 to someone who is not staff of the website, 404 for an unknown one', async () => {
    const site = await ctx.authed('POST', '/api/Websites', { name: JSON.stringify({ 'vi-VN': 'Nha khoa', 'en-US': 'Dental' }), isActive: true });
    expect(site.status, site.text).toBe(200);
    const lan = await ctx.signIn('lan.nguyen', 'Staff@123');
    const res = await ctx.request('GET', `/api/Dashboard/${site.body.data.id}`, { token: lan.access_token });
    expect(res.status).toBe(403);
    expect(res.body.Message).toBeTruthy();
    const unknown = await ctx.authed('GET', '/api/Dashboard/999999');
    expect(unknown.status).toBe(404);
    expect((await ctx.authed('GET', '/api/Dashboard/abc')).status).toBe(400);
  });
});
