// The second factor (issue 39; docs/api.md "The second factor"): setup, enable with ten recovery codes, sign-in with
// `otp` (mfa_required without it), each code accepted once — replayed, or used twice at once, it passes once — guesses
// counted toward the throttle even in parallel, disable with the password and a code, the secret never answered again
// nor kept in the clear or in the history, and REQUIRE_2FA_FOR_ADMINS. On both databases.
import { describe, expect, it } from 'vitest';
import { codeAt, enrolled, newAccount, PASSWORD, passwordGrant } from './account-helpers';
import { describeEachDatabase } from './harness';

describeEachDatabase('two-factor', (ctx) => {
  const families = async (userId: number) => Number((await ctx.db.selectFrom('token_families').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()).n);

  it('sets up a pending secret, enables it with a code, and answers ten recovery codes; the secret is never kept in the clear', async () => {
    const me = await newAccount(ctx);
    const token = (await passwordGrant(ctx, me.userName)).body.access_token;
    const setup = await ctx.request('POST', '/api/Me/2fa/setup', { token });
    expect(setup.status, setup.text).toBe(200);
    const { secret, otpauthUrl } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Sitedesk:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toMatch(/algorithm=SHA1&digits=6&period=30/);
    // Pending: a sign-in still needs no code.
    expect((await passwordGrant(ctx, me.userName)).status).toBe(200);

    const wrong = await ctx.request('POST', '/api/Me/2fa/enable', { token, json: { code: '000000' === codeAt(ctx, secret) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');
    expect((await ctx.request('POST', '/api/Me/2fa/enable', { token, json: {} })).body.field).toBe('code');

    const enable = await ctx.request('POST', '/api/Me/2fa/enable', { token, json: { code: codeAt(ctx, secret) } });
    expect(enable.status, enable.text).toBe(200);
    const codes: string[] = enable.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Once on, setting up again is refused until it is turned off.
    expect((await ctx.request('POST', '/api/Me/2fa/setup', { token })).status).toBe(409);

    const row = await ctx.db.selectFrom('users').select(['totpSecret', 'totpEnabledAt']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.totpEnabledAt).toBeTruthy();
    expect(row.totpSecret).not.toContain(secret);
    const stored = await ctx.db.selectFrom('totp_recovery_codes').select('codeHash').where('userId', '=', me.id).execute();
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace(/-/g, ''));

    // The history says what was done, holding neither the secret nor a code.
    const entries = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'user').where('recordId', '=', String(me.id)).orderBy('id').execute();
    expect(entries.map((e) => e.operation)).toEqual(['twoFactorSetup', 'twoFactorEnable']);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    for (const c of codes) expect(text).not.toContain(c);
    // Nor does any other answer: the settings.
    expect((await ctx.request('GET', '/core/AppSettings', { token })).text).not.toContain(secret);
  });

  it('asks for the code at sign-in (mfa_required, nothing issued), then signs in with it once: a replay is refused', async () => {
    const me = await newAccount(ctx);
    const { secret } = await enrolled(ctx, me.userName);
    const before = await families(me.id);

    const asked = await passwordGrant(ctx, me.userName);
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ error: 'mfa_required', error_description: expect.any(String) });
    expect(asked.body.access_token).toBeUndefined();
    expect(await families(me.id)).toBe(before);
    // A wrong password with or without a code is still a wrong password (not mfa_required).
    expect((await passwordGrant(ctx, me.userName, 'wrong-password')).body.error).toBe('invalid_grant');

    // The code that enabled it was taken: refused in its window.
    const replayedEnable = await passwordGrant(ctx, me.userName, PASSWORD, { otp: codeAt(ctx, secret) });
    expect(replayedEnable.status).toBe(400);
    expect(replayedEnable.body.field).toBe('otp');

    ctx.clock.advance(30_000);
    const code = codeAt(ctx, secret);
    const signedIn = await passwordGrant(ctx, me.userName, PASSWORD, { otp: code });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.access_token).toBeTruthy();
    const replay = await passwordGrant(ctx, me.userName, PASSWORD, { otp: code });
    expect(replay.status).toBe(400);
    expect(replay.body.access_token).toBeUndefined();
    expect(await families(me.id)).toBe(before + 1);
  });

  it('accepts a recovery code once', async () => {
    const me = await newAccount(ctx);
    const { recoveryCodes } = await enrolled(ctx, me.userName);
    const first = await passwordGrant(ctx, me.userName, PASSWORD, { otp: recoveryCodes[3] });
    expect(first.status, first.text).toBe(200);
    expect((await passwordGrant(ctx, me.userName, PASSWORD, { otp: recoveryCodes[3] })).status).toBe(400);
    // Typed without dashes, in capitals: the same code.
    expect((await passwordGrant(ctx, me.userName, PASSWORD, { otp: recoveryCodes[4].replace(/-/g, '').toUpperCase() })).status).toBe(200);
  });

  it('lets one code through once when it is sent twice at once', async () => {
    const me = await newAccount(ctx);
    const { secret } = await enrolled(ctx, me.userName);
    ctx.clock.advance(30_000);
    const code = codeAt(ctx, secret);
    const answers = await Promise.all(Array.from({ length: 4 }, () => passwordGrant(ctx, me.userName, PASSWORD, { otp: code })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400 || a.status === 429)).toBe(true);
  });

  it('counts guessed codes toward the account throttle, each once, even in parallel', async () => {
    const me = await newAccount(ctx);
    const { secret } = await enrolled(ctx, me.userName);
    ctx.clock.advance(30_000);
    const right = codeAt(ctx, secret);
    const guesses = ['000000', '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999'].filter((g) => g !== right && g !== codeAt(ctx, secret, -30_000) && g !== codeAt(ctx, secret, 30_000));
    const answers = await Promise.all(guesses.map((otp) => passwordGrant(ctx, me.userName, PASSWORD, { otp })));
    const statuses = answers.map((a) => a.status);
    // Five failures within the window lock the account: no more than five guesses were checked.
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses.length - 5);
    // Even the right code waits now.
    expect((await passwordGrant(ctx, me.userName, PASSWORD, { otp: right })).status).toBe(429);
    const failed = await ctx.db.selectFrom('login_attempts').select('id').where('normalizedUserName', '=', me.userName).where('succeeded', '=', false).execute();
    expect(failed.length).toBe(5);
  });

  it('turns off with the password and a code; wrong ones name their field', async () => {
    const me = await newAccount(ctx);
    const { token, secret } = await enrolled(ctx, me.userName);
    ctx.clock.advance(30_000);
    const badPassword = await ctx.request('POST', '/api/Me/2fa/disable', { token, json: { password: 'nope-nope-nope', code: codeAt(ctx, secret) } });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.field).toBe('password');
    const badCode = await ctx.request('POST', '/api/Me/2fa/disable', { token, json: { password: PASSWORD, code: '12345x' } });
    expect(badCode.status).toBe(400);
    expect(badCode.body.field).toBe('code');
    expect((await ctx.db.selectFrom('users').select('totpEnabledAt').where('id', '=', me.id).executeTakeFirstOrThrow()).totpEnabledAt).toBeTruthy();

    const off = await ctx.request('POST', '/api/Me/2fa/disable', { token, json: { password: PASSWORD, code: codeAt(ctx, secret) } });
    expect(off.status, off.text).toBe(200);
    const row = await ctx.db.selectFrom('users').select(['totpSecret', 'totpEnabledAt']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totpSecret: null, totpEnabledAt: null });
    expect(await ctx.db.selectFrom('totp_recovery_codes').select('id').where('userId', '=', me.id).execute()).toEqual([]);
    expect((await passwordGrant(ctx, me.userName)).status).toBe(200);
    const ops = (await ctx.db.selectFrom('history_entries').select('operation').where('resource', '=', 'user').where('recordId', '=', String(me.id)).orderBy('id').execute()).map((e) => e.operation);
    expect(ops).toEqual(['twoFactorSetup', 'twoFactorEnable', 'twoFactorDisable']);
    expect((await ctx.request('POST', '/api/Me/2fa/disable', { token, json: { password: PASSWORD, code: '123456' } })).status).toBe(409);
  });
});

describe('REQUIRE_2FA_FOR_ADMINS', () => {
  describeEachDatabase(
    'two-factor required for administrators',
    (ctx) => {
      it('lets an administrator without the second factor only enrol, then everything', async () => {
        const admin = await newAccount(ctx, 'admin');
        const signedIn = await passwordGrant(ctx, admin.userName);
        expect(signedIn.status, signedIn.text).toBe(200);
        const token = signedIn.body.access_token;
        const settings = await ctx.request('GET', '/core/AppSettings', { token });
        expect(settings.status).toBe(200);
        expect(settings.body.mustEnrol).toBe(true);
        const refused = await ctx.request('GET', '/api/Audit', { token });
        expect(refused.status).toBe(403);
        expect(refused.body.error).toBe('mfa_enrol_required');

        const secret = (await ctx.request('POST', '/api/Me/2fa/setup', { token })).body.secret;
        expect((await ctx.request('POST', '/api/Me/2fa/enable', { token, json: { code: codeAt(ctx, secret) } })).status).toBe(200);
        expect((await ctx.request('GET', '/api/Audit', { token })).status).toBe(200);
        expect((await ctx.request('GET', '/core/AppSettings', { token })).body.mustEnrol).toBe(false);

        // Staff are not held to it.
        const staff = await newAccount(ctx);
        const staffToken = (await passwordGrant(ctx, staff.userName)).body.access_token;
        expect((await ctx.request('GET', '/core/AppSettings', { token: staffToken })).body.mustEnrol).toBe(false);
        expect((await ctx.request('GET', '/core/languages/all', { token: staffToken })).status).toBe(200);
      });
    },
    { app: { auth: { requireTwoFactorForAdmins: true } } },
  );
});
