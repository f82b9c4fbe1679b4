// Accounts and your own account (issue 39; docs/api.md "Accounts", "Password reset", "Your own account"): the
// administrators' /api/Users, reset links, /api/Me/password and /api/Me/sessions, on both databases, the races included.
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT, describeEachDatabase, EN, type ServerTestContext } from './harness';
import { hashPassword } from '../../server/auth/passwords';
import { openStream, within } from './account-helpers';

const GOOD = 'correct horse battery';

describeEachDatabase('accounts', (ctx) => {
  let n = 0;
  /** A user name no test used before. */
  const fresh = (stem = 'user') => `${stem}.${Date.now().toString(36)}${(n++).toString(36)}`;
  const create = (body: Record<string, unknown>) => ctx.authed('POST', '/api/Users', body, EN);
  async function newAccount(more: Record<string, unknown> = {}) {
    const userName = fresh();
    const res = await create({ userName, fullName: 'Nguyễn Thị Hoa', email: `${userName}@example.com`, password: GOOD, ...more });
    expect(res.status, res.text).toBe(200);
    return { ...(res.body.data as { id: number; concurrencyStamp: string }), userName };
  }
  const as = (token: string, method: string, path: string, json?: unknown) => ctx.request(method, path, { json, token, ...EN });
  const refresh = (refreshToken: string) => ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken, ...CLIENT } });

  it('lists the accounts with their websites, two-factor flag and last sign-in, filtered by keyword and state', async () => {
    const { id, userName } = await newAccount({ fullName: 'Trần Keyword Bình' });
    const res = await ctx.authed('GET', `/api/Users?keyword=${encodeURIComponent('KEYWORD')}&page=1&pageSize=10`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.totalRows).toBe(1);
    expect(res.body.data[0]).toEqual({
      id, userName, fullName: 'Trần Keyword Bình', email: `${userName}@example.com`, isActive: true, isAdmin: false, twoFactor: false,
      lastSignInAt: null, websites: [], concurrencyStamp: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    // The administrator signed in (lastSignInAt) and is staff of the demo websites.
    const admin = (await ctx.authed('GET', '/api/Users?keyword=admin')).body.data.find((u: { userName: string }) => u.userName === 'admin');
    expect(admin).toMatchObject({ isAdmin: true, isActive: true, lastSignInAt: expect.any(String) });
    expect(admin.websites.length).toBeGreaterThanOrEqual(1);
    expect(admin.websites[0]).toEqual({ websiteId: expect.any(Number), roleId: null });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    // The state filter, and paging.
    const inactive = (await ctx.authed('GET', '/api/Users?isActive=false')).body;
    expect(inactive.data.every((u: { isActive: boolean }) => !u.isActive)).toBe(true);
    const paged = (await ctx.authed('GET', '/api/Users?page=1&pageSize=2')).body;
    expect(paged.data).toHaveLength(2);
    expect(paged.totalRows).toBeGreaterThanOrEqual(4);
  });

  it('is for administrators only, and has no delete', async () => {
    const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    for (const [method, path, body] of [['GET', '/api/Users'], ['POST', '/api/Users', { userName: fresh(), fullName: 'X', password: GOOD }], ['GET', '/api/Users/1'], ['POST', '/api/Users/1/password-reset'], ['DELETE', '/api/Users/1/sessions']] as const) {
      const res = await as(lan, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.Message).toBe('Only an administrator can do this');
    }
    const { id } = await newAccount();
    expect([404, 405]).toContain((await ctx.authed('DELETE', `/api/Users/${id}`)).status);
    expect((await ctx.authed('GET', `/api/Users/${id}`)).status).toBe(200);
  });

  it('creates an account that signs in; the password follows the policy, never answered nor in the history', async () => {
    const userName = fresh('Hoa');
    for (const [password, words] of [['short1', /at least 10/], [userName.toUpperCase(), /user name/], ['1234567890', /too common/], ['Password123', /too common/], [undefined, /required/]] as const) {
      const res = await create({ userName, fullName: 'Hoa', password });
      expect(res.status, res.text).toBe(400);
      expect(res.body.field).toBe('password');
      expect(res.body.Message).toMatch(words);
    }
    // The start-up seed's way past the policy (a hash handed to the hook by the system's context) is no body's.
    const hash = await hashPassword('short1');
    const smuggled = await create({ userName, fullName: 'Hoa', password: 'short1', passwordHash: hash, system: { passwordHash: hash } });
    expect(smuggled.status, smuggled.text).toBe(400);
    expect(smuggled.body.field).toBe('password');
    const vi = await ctx.authed('POST', '/api/Users', { userName, fullName: 'Hoa', password: 'short1' }, { headers: { 'accept-language': 'vi-VN' } });
    expect(vi.body.Message).toBe('Mật khẩu phải có ít nhất 10 ký tự');
    expect((await ctx.db.selectFrom('users').select('id').where('normalizedUserName', '=', userName.toLowerCase()).execute()).length).toBe(0);

    const res = await create({ userName, fullName: 'Lê Thị Hoa', password: GOOD, isAdmin: false });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ userName, fullName: 'Lê Thị Hoa', email: null, isActive: true, isAdmin: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    await ctx.signIn(userName.toLowerCase(), GOOD);

    const entries = await sql<{ changes: unknown; state: unknown }>`select * from history_entries where resource = 'user' and "recordId" = ${String(res.body.data.id)}`.execute(ctx.db);
    expect(entries.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries.rows)).not.toMatch(/passwordHash|argon2/);
  });

  it('keeps user names unique whatever their case, also for creates at once (409 naming userName)', async () => {
    const { userName } = await newAccount();
    const again = await create({ userName: userName.toUpperCase(), fullName: 'Again', password: GOOD });
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('userName');
    const racing = fresh('race');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => create({ userName: i % 2 ? racing : racing.toUpperCase(), fullName: `Racer ${i}`, password: GOOD })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.field).toBe('userName');
    expect((await ctx.db.selectFrom('users').select('id').where('normalizedUserName', '=', racing.toLowerCase()).execute()).length).toBe(1);
  });

  it('deactivating an account ends its sessions at once: its token is refused, its refresh token too', async () => {
    const { id, userName, concurrencyStamp } = await newAccount();
    const session = await ctx.signIn(userName, GOOD);
    expect((await as(session.access_token, 'GET', '/core/AppSettings')).status).toBe(200);
    const stream = await openStream(ctx, session.access_token);
    const res = await ctx.authed('PUT', `/api/Users/${id}`, { fullName: 'Gone', email: null, isActive: false, isAdmin: false, concurrencyStamp }, EN);
    expect(res.status, res.text).toBe(200);
    // Its open event stream closes at once, long before the 25 s heartbeat.
    expect(await within(stream.closed, 2000)).toBe('closed');
    expect(res.body.data).toMatchObject({ isActive: false, fullName: 'Gone' });
    expect((await as(session.access_token, 'GET', '/core/AppSettings')).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(400);
    const families = await ctx.db.selectFrom('token_families').select(['revokedAt']).where('userId', '=', id).execute();
    expect(families.every((f) => f.revokedAt !== null)).toBe(true);
    // A stale stamp changes nothing.
    expect((await ctx.authed('PUT', `/api/Users/${id}`, { fullName: 'Back', isActive: true, concurrencyStamp })).status).toBe(409);
  });

  it('never leaves no active administrator, even when two administrators deactivate each other at once', async () => {
    // Only these two administrators are active: the seeded one steps back for the test.
    const a = await newAccount({ isAdmin: true });
    const b = await newAccount({ isAdmin: true });
    const tokenA = (await ctx.signIn(a.userName, GOOD)).access_token;
    const tokenB = (await ctx.signIn(b.userName, GOOD)).access_token;
    const seeded = (await as(tokenA, 'GET', '/api/Users?keyword=admin')).body.data.find((u: { userName: string }) => u.userName === 'admin');
    expect((await as(tokenA, 'PUT', `/api/Users/${seeded.id}`, { ...seeded, isActive: false })).status).toBe(200);
    try {
      const [byA, byB] = await Promise.all([
        as(tokenA, 'PUT', `/api/Users/${b.id}`, { fullName: 'B', isActive: false, concurrencyStamp: b.concurrencyStamp }),
        as(tokenB, 'PUT', `/api/Users/${a.id}`, { fullName: 'A', isActive: false, concurrencyStamp: a.concurrencyStamp }),
      ]);
      const statuses = [byA.status, byB.status];
      // One deactivation wins; the other is refused (409), or finds its own account already off (401).
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const active = await ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').where('isActive', '=', true).execute();
      expect(active).toHaveLength(1);
      // The last one can neither be deactivated nor lose the role.
      const last = active[0].id;
      const token = last === a.id ? tokenA : tokenB;
      const now = (await as(token, 'GET', `/api/Users/${last}`)).body.data;
      for (const change of [{ isActive: false }, { isAdmin: false }]) {
        const refused = await as(token, 'PUT', `/api/Users/${last}`, { ...now, ...change });
        expect(refused.status, refused.text).toBe(409);
        expect(refused.body.Message).toMatch(/last active administrator/);
      }
    } finally {
      await ctx.db.updateTable('users').set({ isActive: true }).where('userName', '=', 'admin').execute();
      // Its sessions ended with its deactivation: the harness forgets its token (a moved clock does).
      ctx.clock.advance(1);
    }
  });

  it('changes your own password: the current one checked, the policy, the other sessions ended, this one kept', async () => {
    const { userName } = await newAccount();
    const here = await ctx.signIn(userName, GOOD);
    const elsewhere = await ctx.signIn(userName, GOOD);
    const wrong = await as(here.access_token, 'PUT', '/api/Me/password', { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('currentPassword');
    const weak = await as(here.access_token, 'PUT', '/api/Me/password', { currentPassword: GOOD, newPassword: 'qwertyuiop' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ field: 'newPassword', Message: 'New password is too common and easy to guess: choose another one' });
    const done = await as(here.access_token, 'PUT', '/api/Me/password', { currentPassword: GOOD, newPassword: 'a brand new passphrase' });
    expect(done.status, done.text).toBe(200);
    expect((await as(here.access_token, 'GET', '/api/Me/sessions')).status).toBe(200);
    expect((await refresh(here.refresh_token)).status).toBe(200);
    expect((await as(elsewhere.access_token, 'GET', '/api/Me/sessions')).status).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(400);
    await ctx.signIn(userName, 'a brand new passphrase');
    await expect(ctx.signIn(userName, GOOD)).rejects.toThrow(/400/);
  });

  it('counts wrong current passwords toward the account’s sign-in throttle', async () => {
    const { userName } = await newAccount();
    const token = (await ctx.signIn(userName, GOOD)).access_token;
    for (let i = 0; i < 5; i++) expect((await as(token, 'PUT', '/api/Me/password', { currentPassword: `guess number ${i}`, newPassword: 'a brand new passphrase' })).status).toBe(400);
    const throttled = await as(token, 'PUT', '/api/Me/password', { currentPassword: GOOD, newPassword: 'a brand new passphrase' });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect(ctx.signIn(userName, GOOD)).rejects.toThrow(/429/);
  });

  it('lists your sessions, ends one of yours (never another’s), signs out everywhere else; administrators end them all', async () => {
    const { id, userName } = await newAccount();
    const one = await ctx.signIn(userName, GOOD);
    const two = await ctx.request('POST', '/auth/connect/token', {
      form: { grant_type: 'password', username: userName, password: GOOD, scope: 'openid', ...CLIENT },
      headers: { 'user-agent': 'Sitedesk test agent' },
    });
    const three = await ctx.signIn(userName, GOOD);
    const list = await as(one.access_token, 'GET', '/api/Me/sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.body[0]).toEqual({ id: expect.any(String), createdAt: expect.any(String), lastUsedAt: expect.any(String), clientAddress: '127.0.0.1', userAgent: expect.any(String), current: expect.any(Boolean) });
    expect(list.body.some((s: { userAgent: string }) => s.userAgent === 'Sitedesk test agent')).toBe(true);
    const current = list.body.find((s: { current: boolean }) => s.current).id;

    // Someone else's session is not yours to end.
    const adminSessions = (await ctx.authed('GET', '/api/Me/sessions')).body as { id: string }[];
    expect((await as(one.access_token, 'DELETE', `/api/Me/sessions/${adminSessions[0].id}`)).status).toBe(404);
    expect((await ctx.authed('GET', '/api/Me/sessions')).status).toBe(200);

    const other = list.body.find((s: { current: boolean; userAgent: string }) => !s.current && s.userAgent === 'Sitedesk test agent').id;
    expect((await as(one.access_token, 'DELETE', `/api/Me/sessions/${other}`)).status).toBe(200);
    expect((await as(two.body.access_token, 'GET', '/api/Me/sessions')).status).toBe(401);
    expect((await as(one.access_token, 'DELETE', `/api/Me/sessions/${other}`)).status).toBe(404);

    const everywhere = await as(one.access_token, 'DELETE', '/api/Me/sessions');
    expect(everywhere.status).toBe(200);
    expect(everywhere.body.data).toEqual({ ended: 1 });
    expect((await as(three.access_token, 'GET', '/api/Me/sessions')).status).toBe(401);
    expect((await as(one.access_token, 'GET', '/api/Me/sessions')).body.map((s: { id: string }) => s.id)).toEqual([current]);

    const byAdmin = await ctx.authed('DELETE', `/api/Users/${id}/sessions`);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((await as(one.access_token, 'GET', '/api/Me/sessions')).status).toBe(401);
    expect((await refresh(one.refresh_token)).status).toBe(400);
    expect((await ctx.authed('DELETE', '/api/Users/99999999/sessions')).status).toBe(404);
  });

  describeReset(ctx);
});

/** Reset links: made by an administrator, e-mailed through an SMTP double, used once (also under a race), for 24 hours. */
function describeReset(ctx: ServerTestContext) {
  const mails: { to: string; text: string }[] = [];
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    await ctx.restart({ accounts: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://console.example.com/' } });
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const make = async () => {
    const userName = `reset.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await ctx.authed('POST', '/api/Users', { userName, fullName: 'Phạm Reset', email: `${userName}@example.com`, password: 'correct horse battery' });
    expect(created.status, created.text).toBe(200);
    return { id: created.body.data.id as number, userName };
  };
  const use = (token: string, newPassword: string) => ctx.request('POST', '/auth/password-reset', { json: { token, newPassword }, ...EN });

  it('makes a one-time link for 24 hours, e-mails it, and sets the password once, ending every session', async () => {
    const { id, userName } = await make();
    const session = await ctx.signIn(userName, 'correct horse battery');
    const res = await ctx.authed('POST', `/api/Users/${id}/password-reset`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.resetUrl).toMatch(/^https:\/\/console\.example\.com\/reset-password\?token=[\w-]{40,}$/);
    expect(Date.parse(res.body.expiresAt) - ctx.clock.now().getTime()).toBeGreaterThan(23.9 * 3_600_000);
    const token = new URL(res.body.resetUrl).searchParams.get('token')!;
    // Only its hash is stored.
    expect(JSON.stringify(await ctx.db.selectFrom('password_reset_tokens').selectAll().execute())).not.toContain(token);
    const mail = mails.find((m) => m.to === `${userName}@example.com`);
    expect(mail?.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(token);

    const weak = await use(token, userName);
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('newPassword');
    const done = await use(token, 'the new reset passphrase');
    expect(done.status, done.text).toBe(200);
    expect((await ctx.request('GET', '/api/Me/sessions', { token: session.access_token })).status).toBe(401);
    await ctx.signIn(userName, 'the new reset passphrase');
    const again = await use(token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('token');
    expect((await use('not-a-token', 'yet another passphrase')).status).toBe(400);
  });

  it('refuses an expired link, and a link made before a newer one', async () => {
    const { id } = await make();
    const first = new URL((await ctx.authed('POST', `/api/Users/${id}/password-reset`)).body.resetUrl).searchParams.get('token')!;
    const second = new URL((await ctx.authed('POST', `/api/Users/${id}/password-reset`)).body.resetUrl).searchParams.get('token')!;
    expect((await use(first, 'the new reset passphrase')).status).toBe(400);
    ctx.clock.advance(24 * 3_600_000 + 1000);
    expect((await use(second, 'the new reset passphrase')).status).toBe(400);
  });

  it('lets exactly one of several uses at once of one link succeed', async () => {
    const { id, userName } = await make();
    const token = new URL((await ctx.authed('POST', `/api/Users/${id}/password-reset`)).body.resetUrl).searchParams.get('token')!;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => use(token, `racing passphrase ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const winner = answers.findIndex((a) => a.status === 200);
    await ctx.signIn(userName, `racing passphrase ${winner}`);
  });
}
