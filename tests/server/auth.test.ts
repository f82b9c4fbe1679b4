// OAuth endpoints: password and refresh grants, rotation, reuse detection, lifetimes,
// revocation, throttling, and the bearer guard that depends on them.
import { expect, it } from 'vitest';
import { CLIENT, describeEachDatabase, type ServerTestContext } from './harness';

const MIN = 60_000;

function passwordForm(username: string, password: string, client = CLIENT) {
  return { grant_type: 'password', username, password, scope: 'openid profile offline_access', type: '0', domain: '', type_special: '0', ...client };
}

async function refreshLong(ctx: ServerTestContext, refresh_token: string) {
  return ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'refresh_token', refresh_token, ...CLIENT } });
}
async function refreshShort(ctx: ServerTestContext, refreshToken: string) {
  return ctx.request('POST', '/auth/token', { form: { grantType: 'refresh_token', refreshToken } });
}
async function appSettings(ctx: ServerTestContext, token: string) {
  return ctx.request('GET', '/core/AppSettings', { token });
}

describeEachDatabase('auth', (ctx) => {
  it('signs in with the password grant and answers the token fields', async () => {
    const res = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('admin', 'Admin@123') });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ expires_in: 900, token_type: 'Bearer', scope: 'openid profile offline_access' });
    expect(res.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const [, payload] = res.body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: '1', name: 'admin' });
    expect(claims.exp - claims.iat).toBe(900);
    expect(typeof claims.sid).toBe('string');
    expect(typeof claims.jti).toBe('string');
    const me = await appSettings(ctx, res.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body.currentUser).toMatchObject({ id: 1, userName: 'admin', fullName: 'Quản trị viên' });
  });

  it('stores refresh tokens only as hashes', async () => {
    const t = await ctx.signIn();
    const rows = await ctx.db.selectFrom('refresh_tokens').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === t.refresh_token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('accepts the user name in any case', async () => {
    const res = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('ADMIN', 'Admin@123') });
    expect(res.status).toBe(200);
  });

  it('rejects a wrong password with 400 invalid_grant and a message in the asked language', async () => {
    const vi = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('lan.nguyen', 'nope') });
    expect(vi.status).toBe(400);
    expect(vi.body).toMatchObject({ code: 400, error: 'invalid_grant', Message: 'Tên đăng nhập hoặc mật khẩu không đúng', message: 'Tên đăng nhập hoặc mật khẩu không đúng' });
    const en = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('lan.nguyen', 'nope'), headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body.Message).toBe('Username or password is incorrect');
    const unknown = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('nobody', 'nope') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toBe('Tên đăng nhập hoặc mật khẩu không đúng');
  });

  it('rejects an unknown client or a wrong secret with 401 invalid_client', async () => {
    const unknownClient = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('admin', 'Admin@123', { client_id: 'other', client_secret: 'sitedesk-secret' }) });
    expect(unknownClient.status).toBe(401);
    expect(unknownClient.body).toMatchObject({ error: 'invalid_client', code: 401 });
    expect(unknownClient.body.Message).toBeTruthy();
    const wrongSecret = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('admin', 'Admin@123', { client_id: 'sitedesk', client_secret: 'x' }) });
    expect(wrongSecret.status).toBe(401);
    const noClient = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: 'admin', password: 'Admin@123' } });
    expect(noClient.status).toBe(401);
  });

  it('accepts client credentials in an HTTP Basic header too', async () => {
    const res = await ctx.request('POST', '/auth/connect/token', {
      form: { grant_type: 'password', username: 'admin', password: 'Admin@123' },
      headers: { authorization: 'Basic ' + Buffer.from('sitedesk:sitedesk-secret').toString('base64') },
    });
    expect(res.status).toBe(200);
  });

  it('answers unsupported_grant_type and invalid_request for missing fields', async () => {
    const res = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'client_credentials', ...CLIENT } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
    const missing = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: 'admin', ...CLIENT } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
  });

  it('refreshes on /auth/connect/token and /auth/token, rotating the refresh token each time', async () => {
    const first = await ctx.signIn();
    const second = await refreshLong(ctx, first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    const third = await refreshShort(ctx, second.body.refresh_token);
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ expires_in: 900, token_type: 'Bearer' });
    expect((await appSettings(ctx, third.body.access_token)).status).toBe(200);
    // Same session id throughout.
    const sid = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).sid;
    expect(sid(third.body.access_token)).toBe(sid(first.access_token));
  });

  it('treats a reused refresh token as theft: the whole family stops working', async () => {
    const first = await ctx.signIn();
    const second = await refreshShort(ctx, first.refresh_token);
    expect(second.status).toBe(200);
    expect((await appSettings(ctx, second.body.access_token)).status).toBe(200);

    const replay = await refreshShort(ctx, first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');

    // The sibling (newest) refresh token and its access token are dead too.
    expect((await refreshLong(ctx, second.body.refresh_token)).status).toBe(400);
    expect((await appSettings(ctx, second.body.access_token)).status).toBe(401);
    expect((await appSettings(ctx, first.access_token)).status).toBe(401);
    // Another session of the same user is untouched.
    const other = await ctx.signIn();
    expect((await appSettings(ctx, other.access_token)).status).toBe(200);
  });

  it('rejects a refresh token of another client and garbage refresh tokens', async () => {
    expect((await refreshShort(ctx, 'not-a-token')).status).toBe(400);
    expect((await refreshShort(ctx, '')).status).toBe(400);
    const t = await ctx.signIn();
    const wrong = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: 'sitedesk', client_secret: 'bad' } });
    expect(wrong.status).toBe(401);
    // A failed client check does not burn the token.
    expect((await refreshShort(ctx, t.refresh_token)).status).toBe(200);
  });

  it('ends a session at its absolute lifetime, however often it was refreshed', async () => {
    let t = await ctx.signIn();
    for (let day = 0; day < 29; day += 7) {
      ctx.clock.advance(7 * 24 * 60 * MIN);
      const r = await refreshShort(ctx, t.refresh_token);
      if (day + 7 < 30) {
        expect(r.status).toBe(200);
        t = r.body;
      } else {
        expect(r.status).toBe(400);
      }
    }
    ctx.clock.reset();
    const start = await ctx.signIn();
    ctx.clock.advance(30 * 24 * 60 * MIN + 1000);
    const late = await refreshShort(ctx, start.refresh_token);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
  });

  it('purges expired sessions and their refresh tokens, at start and hourly, and keeps the live ones', async () => {
    const sid = (t: { access_token: string }) => JSON.parse(Buffer.from(t.access_token.split('.')[1], 'base64url').toString()).sid as string;
    const tokensOf = async (familyId: string) => (await ctx.db.selectFrom('refresh_tokens').select('id').where('familyId', '=', familyId).execute()).length;
    const sessionOf = async (familyId: string) => (await ctx.db.selectFrom('token_families').select('id').where('id', '=', familyId).execute()).length;
    const old = await ctx.signIn();
    const rotated = await refreshShort(ctx, old.refresh_token); // two tokens in the family: the used one and the new one
    expect(rotated.status).toBe(200);
    expect(await tokensOf(sid(old))).toBe(2);
    ctx.clock.advance(20 * 24 * 60 * MIN);
    const recent = await ctx.signIn();
    ctx.clock.advance(10 * 24 * 60 * MIN + 1000); // the first session is past its 30 days, the second is not
    try {
      // Batches of one: every loop of the purge turns.
      const gone = await ctx.app.tokens.purgeExpired(1);
      expect(gone.sessions).toBeGreaterThanOrEqual(1);
      expect(gone.tokens).toBeGreaterThanOrEqual(2);
      expect([await sessionOf(sid(old)), await tokensOf(sid(old))]).toEqual([0, 0]);
      expect([await sessionOf(sid(recent)), await tokensOf(sid(recent))]).toEqual([1, 1]);
      const now = new Date(ctx.clock.now()).toISOString();
      expect(await ctx.db.selectFrom('token_families').select('id').where('expiresAt', '<=', now).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('refresh_tokens').select('id').where('expiresAt', '<=', now).execute()).toEqual([]);
      // What was purged answers as it did expired; the live session goes on.
      expect((await refreshShort(ctx, rotated.body.refresh_token)).body.error).toBe('invalid_grant');
      const renewed = await refreshShort(ctx, recent.refresh_token);
      expect(renewed.status).toBe(200);
      expect(await ctx.app.tokens.purgeExpired()).toEqual({ sessions: 0, tokens: 0 });

      // The app runs it by itself (server/db/periodic.ts: at start, then hourly): the second session expires too.
      ctx.clock.advance(20 * 24 * 60 * MIN);
      await ctx.restart();
      expect([await sessionOf(sid(recent)), await tokensOf(sid(recent))]).toEqual([0, 0]);
    } finally {
      ctx.clock.reset();
    }
  });

  it('expires access tokens after 15 minutes', async () => {
    const t = await ctx.signIn();
    ctx.clock.advance(14 * MIN);
    expect((await appSettings(ctx, t.access_token)).status).toBe(200);
    ctx.clock.advance(2 * MIN);
    const expired = await appSettings(ctx, t.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 401 });
    expect(expired.body.Message).toBeTruthy();
    // …while the refresh token still gets a new one.
    const renewed = await refreshShort(ctx, t.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await appSettings(ctx, renewed.body.access_token)).status).toBe(200);
  });

  it('rejects tampered and foreign access tokens', async () => {
    const t = await ctx.signIn();
    const [h, p, s] = t.access_token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url');
    expect((await appSettings(ctx, `${h}.${forged}.${s}`)).status).toBe(401);
    const flipped = s.slice(0, -2) + (s.endsWith('AA') ? 'BB' : 'AA');
    expect((await appSettings(ctx, `${h}.${p}.${flipped}`)).status).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await appSettings(ctx, `${none}.${p}.`)).status).toBe(401);
    expect((await appSettings(ctx, 'garbage')).status).toBe(401);
    const noScheme = await ctx.request('GET', '/core/AppSettings', { headers: { authorization: t.access_token } });
    expect(noScheme.status).toBe(401);
  });

  it('revokes per RFC 7009: unknown token 200, revoked refresh token cannot refresh, its access token gets 401', async () => {
    const unknown = await ctx.request('POST', '/auth/connect/revocation', { form: { token: 'unknown', token_type_hint: 'refresh_token', ...CLIENT } });
    expect(unknown.status).toBe(200);

    const t = await ctx.signIn();
    const revoked = await ctx.request('POST', '/auth/connect/revocation', { form: { token: t.refresh_token, token_type_hint: 'refresh_token', ...CLIENT } });
    expect(revoked.status).toBe(200);
    expect((await refreshShort(ctx, t.refresh_token)).status).toBe(400);
    expect((await appSettings(ctx, t.access_token)).status).toBe(401);

    // An access token revokes its session as well.
    const u = await ctx.signIn();
    const byAccess = await ctx.request('POST', '/auth/connect/revocation', { form: { token: u.access_token, token_type_hint: 'access_token', ...CLIENT } });
    expect(byAccess.status).toBe(200);
    expect((await appSettings(ctx, u.access_token)).status).toBe(401);
    expect((await refreshShort(ctx, u.refresh_token)).status).toBe(400);
  });

  it('requires client credentials for revocation', async () => {
    const t = await ctx.signIn();
    const res = await ctx.request('POST', '/auth/connect/revocation', { form: { token: t.refresh_token, client_id: 'sitedesk', client_secret: 'wrong' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect((await appSettings(ctx, t.access_token)).status).toBe(200);
  });

  it('throttles an account after 5 failed sign-ins within 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('minh.tran', 'wrong' + i) });
      expect(r.status).toBe(400);
      ctx.clock.advance(MIN);
    }
    const locked = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('minh.tran', 'Staff@123'), headers: { 'accept-language': 'en' } });
    expect(locked.status).toBe(429);
    expect(locked.body.Message).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(locked.headers.get('retry-after'));
    // First failure at t=0, now t=5 min: free again at t=15 min.
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    // Other accounts are not affected.
    expect((await ctx.request('POST', '/auth/connect/token', { form: passwordForm('lan.nguyen', 'Staff@123') })).status).toBe(200);
    // The lock survives a restart (it is stored in the database).
    await ctx.restart();
    expect((await ctx.request('POST', '/auth/connect/token', { form: passwordForm('MINH.TRAN', 'Staff@123') })).status).toBe(429);

    ctx.clock.advance(retryAfter * 1000 + 1000);
    const back = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('minh.tran', 'Staff@123') });
    expect(back.status).toBe(200);
    // A success clears the count: one more failure does not lock again.
    expect((await ctx.request('POST', '/auth/connect/token', { form: passwordForm('minh.tran', 'bad') })).status).toBe(400);
    expect((await ctx.request('POST', '/auth/connect/token', { form: passwordForm('minh.tran', 'Staff@123') })).status).toBe(200);
  });

  it('refuses a disabled account and ends its sessions', async () => {
    const t = await ctx.signIn('lan.nguyen', 'Staff@123');
    await ctx.db.updateTable('users').set({ isActive: false }).where('userName', '=', 'lan.nguyen').execute();
    try {
      expect((await appSettings(ctx, t.access_token)).status).toBe(401);
      expect((await refreshShort(ctx, t.refresh_token)).status).toBe(400);
      const res = await ctx.request('POST', '/auth/connect/token', { form: passwordForm('lan.nguyen', 'Staff@123') });
      // Issue 39: the same answer as a wrong password (which accounts were disabled is nobody's business).
      expect(res.status).toBe(400);
      expect(res.body.Message).toBe('Tên đăng nhập hoặc mật khẩu không đúng');
    } finally {
      await ctx.db.updateTable('users').set({ isActive: true }).where('userName', '=', 'lan.nguyen').execute();
    }
  });
});
