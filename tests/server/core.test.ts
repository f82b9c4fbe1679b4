// /core, /push and /api/Websites/get-all.
import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness';

describeEachDatabase('core, push and websites', (ctx) => {
  it('AppSettings answers the signed-in user', async () => {
    const t = await ctx.signIn('lan.nguyen', 'Staff@123');
    const res = await ctx.request('GET', '/core/AppSettings', { token: t.access_token });
    expect(res.status).toBe(200);
    expect(res.body.currentUser).toMatchObject({ userName: 'lan.nguyen', fullName: 'Nguyễn Thị Lan' });
    expect(typeof res.body.currentUser.id).toBe('number');
  });

  it('lists the languages', async () => {
    const res = await ctx.authed('GET', '/core/languages/all');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { languageId: 'vi-VN', name: 'Tiếng Việt' },
      { languageId: 'en-US', name: 'English' },
    ]);
  });

  it('lists the employees with their full names', async () => {
    const res = await ctx.authed('GET', '/core/useraccounts/get-all-employee');
    expect(res.status).toBe(200);
    expect(res.body.map((e: { fullName: string }) => e.fullName).sort()).toEqual(['Nguyễn Thị Lan', 'Quản trị viên', 'Trần Văn Minh']);
    for (const e of res.body) expect(typeof e.id).toBe('number');
  });

  it('lists the websites, the default first, with their languages', async () => {
    const res = await ctx.authed('GET', '/api/Websites/get-all');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const [clinic, spa] = res.body;
    expect(clinic).toMatchObject({ isDefault: true, isActive: true, phoneNumber: expect.any(String) });
    expect(JSON.parse(clinic.name)['en-US']).toBe('Sitedesk Clinic');
    expect(spa.isDefault).toBe(false);
    expect(clinic.websiteLanguages).toEqual([
      { languageId: 'vi-VN', name: 'Tiếng Việt', isActive: true, isDefault: true },
      { languageId: 'en-US', name: 'English', isActive: true, isDefault: false },
    ]);

    // Make the spa the default: it comes first.
    await ctx.db.updateTable('websites').set({ isDefault: false }).where('id', '=', clinic.id).execute();
    await ctx.db.updateTable('websites').set({ isDefault: true }).where('id', '=', spa.id).execute();
    try {
      const again = await ctx.authed('GET', '/api/Websites/get-all');
      expect(again.body.map((w: { id: number }) => w.id)).toEqual([spa.id, clinic.id]);
    } finally {
      // One default at every moment (a unique index): the spa stops being it before the clinic is it again.
      await ctx.db.updateTable('websites').set({ isDefault: false }).where('id', '=', spa.id).execute();
      await ctx.db.updateTable('websites').set({ isDefault: true }).where('id', '=', clinic.id).execute();
    }
  });

  it('registers a push token for oneself (upsert) and removes them on logout', async () => {
    const t = await ctx.signIn('minh.tran', 'Staff@123');
    const me = (await ctx.request('GET', '/core/AppSettings', { token: t.access_token })).body.currentUser.id;
    const reg = (isActive: boolean) =>
      ctx.request('POST', '/push/UserTokens', { token: t.access_token, json: { userId: me, isActive, token: 'device-token-1' } });
    expect((await reg(true)).status).toBe(200);
    const second = await reg(false);
    expect(second.status).toBe(200);
    expect(second.body.code).toBe(1);
    const rows = await ctx.db.selectFrom('push_tokens').select(['userId', 'isActive', 'token']).where('token', '=', 'device-token-1').execute();
    expect(rows).toEqual([{ userId: me, isActive: false, token: 'device-token-1' }]);

    const del = await ctx.request('DELETE', `/push/UserTokens/user/${me}`, { token: t.access_token });
    expect(del.status).toBe(200);
    expect(await ctx.db.selectFrom('push_tokens').select('id').where('userId', '=', me).execute()).toEqual([]);
  });

  it('forbids registering or removing push tokens of someone else', async () => {
    const t = await ctx.signIn('minh.tran', 'Staff@123');
    const admin = await ctx.db.selectFrom('users').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
    const post = await ctx.request('POST', '/push/UserTokens', { token: t.access_token, json: { userId: admin.id, isActive: true, token: 'x' } });
    expect(post.status).toBe(403);
    expect(post.body.Message).toBeTruthy();
    const del = await ctx.request('DELETE', `/push/UserTokens/user/${admin.id}`, { token: t.access_token });
    expect(del.status).toBe(403);
  });

  it('validates the push registration with a message naming the field', async () => {
    const res = await ctx.authed('POST', '/push/UserTokens', { userId: 1, isActive: true }, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.Message).toMatch(/token/);
    expect(res.body.field).toBe('token');
  });
});
