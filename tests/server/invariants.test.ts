// Rules that hold under concurrency (docs/api.md "Rules the database enforces"): each race of the invariants issue,
// N requests at once over real HTTP, on SQLite and on PostgreSQL, where requests really run at the same time. The
// rule holds and nothing answers 5xx.
import { beforeAll, expect, it } from 'vitest';
import { pngBytes } from './file-bytes';
import { createUser } from './account-helpers';
import { CLIENT, demoWebsites, describeEachDatabase, type ServerTestContext } from './harness';

const tr = (vi: string) => JSON.stringify({ 'vi-VN': vi, 'en-US': vi });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const noServerError = (answers: { status: number; body?: unknown }[]) =>
  expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);

async function newWebsite(ctx: ServerTestContext, name: string) {
  const res = await ctx.authed('POST', '/api/Websites', { name: tr(name) });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; concurrencyStamp: string };
}

const defaults = async (ctx: ServerTestContext) =>
  (await ctx.db.selectFrom('websites').select('id').where('isDefault', '=', true).execute()).map((r) => r.id);

describeEachDatabase('rules under concurrency', (ctx) => {
  let clinic = 0;
  let lanId = 0;
  let adminId = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
    const users = await ctx.db.selectFrom('users').select(['id', 'userName']).execute();
    lanId = users.find((u) => u.userName === 'lan.nguyen')!.id;
    adminId = users.find((u) => u.userName === 'admin')!.id;
  });

  it('never removes the last staff member, whatever is removed at once', async () => {
    for (let round = 0; round < 5; round++) {
      const site = await newWebsite(ctx, `Nhân viên ${round}`);
      expect((await ctx.authed('POST', `/api/Websites/user/${site.id}/${lanId}`)).status).toBe(200);
      const answers = await Promise.all([lanId, adminId].map((userId) => ctx.authed('DELETE', `/api/Websites/user/${site.id}/${userId}`)));
      noServerError(answers);
      // One removal wins; the other is refused as the last member's (400), or, when the admin removed itself first,
      // because the admin is no longer staff of the website (403).
      const [won, refused] = statuses(answers);
      expect(won).toBe(200);
      expect([400, 403]).toContain(refused);
      const left = await ctx.db.selectFrom('website_users').select('userId').where('websiteId', '=', site.id).execute();
      expect(left).toHaveLength(1);
      if (left[0].userId === adminId) await ctx.authed('DELETE', `/api/Websites/${site.id}`);
    }
  });

  it('keeps exactly one default website when five are made the default at once, or one is deleted meanwhile', async () => {
    const sites = await Promise.all([0, 1, 2, 3, 4].map((i) => newWebsite(ctx, `Mặc định ${i}`)));
    for (let round = 0; round < 3; round++) {
      const fresh = await Promise.all(sites.map(async (s) => (await ctx.authed('GET', `/api/Websites/${s.id}`)).body.data));
      const answers = await Promise.all(fresh.map((s) => ctx.authed('PUT', `/api/Websites/${s.id}`, { isDefault: true, concurrencyStamp: s.concurrencyStamp })));
      noServerError(answers);
      expect(statuses(answers)).toEqual([200, 200, 200, 200, 200]);
      expect(await defaults(ctx)).toHaveLength(1);
    }
    // Make-default racing a delete of the same website: one of them wins, a default remains.
    const victim = await newWebsite(ctx, 'Bị xoá');
    const answers = await Promise.all([
      ctx.authed('PUT', `/api/Websites/${victim.id}`, { isDefault: true, concurrencyStamp: victim.concurrencyStamp }),
      ctx.authed('DELETE', `/api/Websites/${victim.id}`),
    ]);
    noServerError(answers);
    expect(await defaults(ctx)).toHaveLength(1);
    // Back to the clinic as the default, and the test websites gone.
    const home = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
    expect((await ctx.authed('PUT', `/api/Websites/${clinic}`, { isDefault: true, concurrencyStamp: home.concurrencyStamp })).status).toBe(200);
    for (const s of [...sites, victim]) await ctx.authed('DELETE', `/api/Websites/${s.id}`);
    expect(await defaults(ctx)).toEqual([clinic]);
  });

  it('keeps exactly one default language when two are added at once or two made the default at once', async () => {
    for (let round = 0; round < 3; round++) {
      const site = await newWebsite(ctx, `Ngôn ngữ ${round}`);
      const added = await Promise.all(['vi-VN', 'en-US'].map((languageId) => ctx.authed('POST', `/api/Websites/${site.id}/languages`, { languageId, isActive: true })));
      noServerError(added);
      expect(statuses(added)).toEqual([200, 200]);
      const rows = async () => ctx.db.selectFrom('website_languages').select(['languageId', 'isDefault']).where('websiteId', '=', site.id).execute();
      expect((await rows()).filter((r) => r.isDefault)).toHaveLength(1);
      const made = await Promise.all(['vi-VN', 'en-US'].map((languageId) => ctx.authed('PUT', `/api/Websites/${site.id}/languages/${languageId}`, { isDefault: true })));
      noServerError(made);
      expect((await rows()).filter((r) => r.isDefault)).toHaveLength(1);
      await ctx.authed('DELETE', `/api/Websites/${site.id}`);
    }
  });

  it('keeps exactly one default language when five are made the default at once, all of them saved', async () => {
    // Five languages to choose from (the start-up writes two).
    const more = ['fr-FR', 'ja-JP', 'ko-KR'];
    await ctx.db
      .insertInto('languages')
      .values(more.map((id, i) => ({ id, name: id, sortOrder: 10 + i, createdAt: new Date().toISOString() })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const ids = ['vi-VN', 'en-US', ...more];
    const site = await newWebsite(ctx, 'Năm ngôn ngữ');
    for (const languageId of ids) expect((await ctx.authed('POST', `/api/Websites/${site.id}/languages`, { languageId, isActive: true })).status).toBe(200);
    const languageDefaults = async () =>
      (await ctx.db.selectFrom('website_languages').select('languageId').where('websiteId', '=', site.id).where('isDefault', '=', true).execute()).map((r) => r.languageId);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(ids.map((languageId) => ctx.authed('PUT', `/api/Websites/${site.id}/languages/${languageId}`, { isDefault: true })));
      noServerError(answers);
      expect(statuses(answers)).toEqual([200, 200, 200, 200, 200]);
      expect(await languageDefaults()).toHaveLength(1);
    }
    await ctx.authed('DELETE', `/api/Websites/${site.id}`);
  });

  it('gives one SEO link to one category when twenty are created with it at once', async () => {
    const link = `cung-mot-duong-dan-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr(`Danh mục ${i}`), seoLink: link, order: 0, isActive: true })),
    );
    noServerError(answers);
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    expect(statuses(answers).filter((s) => s === 409)).toHaveLength(19);
    const rows = await ctx.db.selectFrom('categories' as never).select('id' as never).where('seoLink' as never, '=', link as never).execute();
    expect(rows).toHaveLength(1);
  });

  it('never lets two moves at once make a cycle in a category tree', async () => {
    for (let round = 0; round < 5; round++) {
      const make = async (name: string) =>
        (await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr(name), seoLink: `vong-${name}-${round}-${Date.now()}`, order: 0, isActive: true })).body.data;
      const a = await make('a');
      const b = await make('b');
      const answers = await Promise.all([
        ctx.authed('PUT', `/api/Categorys/${clinic}/${a.id}`, { parentId: b.id, concurrencyStamp: a.concurrencyStamp }),
        ctx.authed('PUT', `/api/Categorys/${clinic}/${b.id}`, { parentId: a.id, concurrencyStamp: b.concurrencyStamp }),
      ]);
      noServerError(answers);
      expect(statuses(answers)).toEqual([200, 400]);
      const rows = (await ctx.db.selectFrom('categories' as never).select(['id', 'parentId'] as never).where('id' as never, 'in', [a.id, b.id] as never).execute()) as { id: number; parentId: number | null }[];
      expect(rows.filter((r) => r.parentId !== null)).toHaveLength(1);
    }
  });

  it('stores thirty editor uploads of one file name at once, each under its own name', async () => {
    const token = (await ctx.signIn()).access_token;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => {
        const form = new FormData();
        form.append('files', new Blob([pngBytes(500)]), 'cùng tên.png');
        return ctx.request('POST', '/api/Files/uploads', { body: form, token });
      }),
    );
    noServerError(answers);
    expect(statuses(answers).every((s) => s === 200)).toBe(true);
    const names = answers.map((a) => (a.body.data as { name: string }[])[0].name);
    expect(new Set(names).size).toBe(30);
  });

  // ---- sign-in ----

  const guess = (userName: string, password: string) =>
    ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: userName, password, ...CLIENT } });

  it('verifies at most five of a hundred simultaneous wrong passwords; the rest are 429', async () => {
    await createUser(ctx.db, ctx.clock.now(), { userName: 'brute.target', password: 'Right@123', fullName: 'Target' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => guess('brute.target', 'wrong')));
    noServerError(answers);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(95);
  });

  it('lets a right password through a burst of wrong ones only while fewer than five were tried', async () => {
    await createUser(ctx.db, ctx.clock.now(), { userName: 'burst.target', password: 'Right@123', fullName: 'Burst' });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => guess('burst.target', i === 30 ? 'Right@123' : 'wrong')));
    noServerError(answers);
    const verified = answers.filter((a) => a.status === 400 || a.status === 200);
    // Five reservations at most; a success among them resets the count, and the attempts after it get their own five.
    expect(verified.length).toBeLessThanOrEqual(10);
    if (answers[30].status === 200) expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(9);
    else expect(answers[30].status).toBe(429);
  });

  it('keeps the attempts table bounded by age, whatever names a flood makes up', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`ghost-${i}`, 'x')));
    const count = async () => Number((await ctx.db.selectFrom('login_attempts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count()).toBeGreaterThanOrEqual(40);
    ctx.clock.advance(16 * 60 * 1000);
    await guess('ghost-late', 'x');
    expect(await count()).toBe(1);
  });

  it('answers a Basic header with a malformed escape as a bad client, not a 500', async () => {
    const basic = Buffer.from('sitedesk%:sitedesk-secret%zz').toString('base64');
    const res = await ctx.request('POST', '/auth/connect/token', {
      form: { grant_type: 'password', username: 'admin', password: 'Admin@123' },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
});
