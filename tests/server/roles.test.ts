// Roles (docs/api.md "Roles", shared/roles.ts): administrators manage websites, staff and languages; staff work on
// content; reviewing is a permission of its own, never on one's own submission. Every administrative route refuses
// a staff member with 403 and a Message, on both databases.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsitesAndStaff, describeEachDatabase } from './harness';
import { createNews, newsBody } from './news-helpers';

describeEachDatabase('roles', (ctx) => {
  let clinic = 0;
  let lanToken = '';
  let lanId = 0;
  beforeAll(async () => {
    ({ clinic, lanToken } = await demoWebsitesAndStaff(ctx));
    lanId = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'lan.nguyen').executeTakeFirstOrThrow()).id;
  });
  const asLan = (method: string, path: string, json?: unknown) => ctx.request(method, path, { json, token: lanToken, headers: { 'accept-language': 'en-US' } });

  it('tells the console who the user is: role and review permission', async () => {
    expect((await ctx.authed('GET', '/core/AppSettings')).body.currentUser).toMatchObject({ userName: 'admin', role: 'admin', canReview: true });
    expect((await asLan('GET', '/core/AppSettings')).body.currentUser).toMatchObject({ userName: 'lan.nguyen', role: 'staff', canReview: false });
    expect((await ctx.reviewer('GET', '/core/AppSettings')).body.currentUser).toMatchObject({ role: 'staff', canReview: true });
    // Reviewing is a role on the website since issue 39 (shared/permissions.ts): minh.tran's is Reviewer, Lan's Staff.
    expect((await ctx.reviewer('GET', '/core/AppSettings')).body.permissions.websites[String(clinic)].grants.News.actions).toMatchObject({ approve: true, decline: true });
    expect((await asLan('GET', '/core/AppSettings')).body.permissions.websites[String(clinic)].grants.News.actions).toMatchObject({ approve: false, decline: false });
  });

  it('refuses every administrative route to staff, changing nothing', async () => {
    const site = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/Websites', { name: JSON.stringify({ 'vi-VN': 'Của Lan' }) }],
      ['PUT', `/api/Websites/${clinic}`, { phoneNumber: '0900', concurrencyStamp: site.concurrencyStamp }],
      ['DELETE', `/api/Websites/${clinic}`],
      ['POST', `/api/Websites/user/${clinic}/${lanId}`],
      ['DELETE', `/api/Websites/user/${clinic}/${lanId}`],
      ['POST', `/api/Websites/${clinic}/languages`, { languageId: 'en-US' }],
      ['PUT', `/api/Websites/${clinic}/languages/en-US`, { isActive: false }],
      ['DELETE', `/api/Websites/${clinic}/languages/en-US`],
    ];
    for (const [method, path, json] of calls) {
      const res = await asLan(method, path, json);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.Message).toBe('Only an administrator can do this');
    }
    const after = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
    expect(after.concurrencyStamp).toBe(site.concurrencyStamp);
    expect(after.websiteLanguages.find((l: { languageId: string }) => l.languageId === 'en-US')).toMatchObject({ isActive: true });
    // Content stays theirs: staff write the websites' content.
    expect((await asLan('POST', `/api/SocialNetworks/${clinic}`, { name: JSON.stringify({ 'vi-VN': 'Zalo', 'en-US': 'Zalo' }), url: 'https://zalo.me', order: 0 })).status).toBe(200);
  });

  it("keeps the code that runs on the public site an administrator's: staff saving other settings leave it as it is", async () => {
    const path = `/api/Settings/settings/${clinic}`;
    const script = `<script>/* ${Date.now()} */</script>`;
    // The administrator sets the tracking code and analytics.
    let current = (await ctx.authed('GET', path)).body.data;
    const byAdmin = await ctx.authed('POST', path, { ...current, trackingHeader: script, googleAnalytics: 'G-ADMIN' });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    current = (await ctx.authed('GET', path)).body.data;
    // Staff change any of the four: 403 naming the field, nothing written.
    for (const change of [{ trackingHeader: '<script>alert(1)</script>' }, { trackingBody: 'x' }, { googleAnalytics: 'G-EVIL' }, { ipBlocking: '1.2.3.4' }]) {
      const refused = await asLan('POST', path, { ...current, ...change });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.field).toBe(Object.keys(change)[0]);
      expect(refused.body.Message).toMatch(/^Only an administrator can change: /);
    }
    expect((await ctx.authed('GET', path)).body.data).toMatchObject({ trackingHeader: script, googleAnalytics: 'G-ADMIN', concurrencyStamp: current.concurrencyStamp });
    // A save that leaves them as they are (or leaves them out) changes the other fields.
    const hotline = `1900 ${Date.now() % 10_000}`;
    const kept = await asLan('POST', path, { ...current, hotline });
    expect(kept.status, kept.text).toBe(200);
    const partial = await asLan('POST', path, { hotline: `${hotline}9`, concurrencyStamp: kept.body.data.concurrencyStamp });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.data).toMatchObject({ hotline: `${hotline}9`, trackingHeader: script, googleAnalytics: 'G-ADMIN' });
  });

  it('lets only a reviewer decide, and never on their own submission', async () => {
    // Submitted by the reviewer: another reviewer (the admin) decides.
    const res = await ctx.reviewer('POST', `/api/News/${clinic}/true`, newsBody());
    expect(res.status, res.text).toBe(200);
    const id = res.body.data.id;
    expect(res.body.data.submittedBy).toBeGreaterThan(0);
    const own = await ctx.reviewer('PUT', `/api/News/status/${clinic}/${id}`, { status: 2 });
    expect(own.status).toBe(403);
    const byStaff = await asLan('PUT', `/api/News/status/${clinic}/${id}`, { status: 2 });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.Message).toBe('The role "Staff" may not "Approve" here');
    expect((await ctx.authed('PUT', `/api/News/status/${clinic}/${id}`, { status: 2 })).body.data.approvedStatus).toBe(2);
    // A draft has no submitter.
    const draft = await createNews(ctx, clinic, 'false');
    expect(draft.submittedBy).toBeNull();
  });
});
