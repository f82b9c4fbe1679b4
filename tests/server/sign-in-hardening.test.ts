// Sign-in as an attacker tries it (issue 39, "Found by an attacker's test"): failed sign-ins no longer grow the
// append-only history (their own table, with a retention; the audit still lists them), failed sign-ins are throttled
// per client address as well as per account, a disabled account answers as a wrong password does, and ending a
// session closes its open event stream at once (sign-out, a reused refresh token), with at most ten streams a user.
// On both databases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { newAccount, openStream, PASSWORD, passwordGrant, within } from './account-helpers';
import { CLIENT, describeEachDatabase, EN } from './harness';

describeEachDatabase('sign-in hardening', (ctx) => {
  const count = async (table: 'history_entries' | 'sign_ins') => Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('records failed and successful sign-ins in their own table, not in the history, the name cut to its field', async () => {
    const me = await newAccount(ctx);
    const entries = await count('history_entries');
    const signIns = await count('sign_ins');
    const long = `${me.userName}${'x'.repeat(256 - me.userName.length)}`;
    expect((await passwordGrant(ctx, long, 'wrong', {}, { 'user-agent': 'attacker/1.0' })).status).toBe(400);
    expect((await passwordGrant(ctx, me.userName, 'wrong')).status).toBe(400);
    expect((await passwordGrant(ctx, me.userName)).status).toBe(200);
    expect(await count('history_entries')).toBe(entries);
    expect(await count('sign_ins')).toBe(signIns + 3);
    const rows = await ctx.db.selectFrom('sign_ins').selectAll().orderBy('id', 'desc').limit(3).execute();
    expect(rows.map((r) => [r.outcome, r.userId])).toEqual([['success', me.id], ['wrongPassword', me.id], ['wrongPassword', null]]);
    expect(rows[2].userName).toHaveLength(256);
    expect(rows[2].userAgent).toBe('attacker/1.0');
    expect(rows[0].clientAddress).toBeTruthy();
    // Over the field's length: refused before anything is written.
    expect((await passwordGrant(ctx, 'y'.repeat(4096), 'wrong')).status).toBe(400);
    expect(await count('sign_ins')).toBe(signIns + 3);
  });

  it('lists the sign-in records in the audit, as entries of the account', async () => {
    const me = await newAccount(ctx);
    await passwordGrant(ctx, me.userName, 'wrong');
    await passwordGrant(ctx, me.userName);
    const failed = await ctx.authed('GET', '/api/Audit?operation=signInFailed&pageSize=1');
    expect(failed.body.data[0]).toMatchObject({ resource: 'user', recordId: me.userName, websiteId: null, operation: 'signInFailed', actor: { kind: 'public', fullName: me.userName, clientAddress: expect.any(String) } });
    expect(failed.body.data[0].changes).toEqual([{ field: 'reason', language: null, before: null, after: 'wrongPassword' }]);
    const mine = await ctx.authed('GET', `/api/Audit?userId=${me.id}&operation=signIn`);
    expect(mine.body).toMatchObject({ totalRows: 1, data: [{ operation: 'signIn', recordId: String(me.id), actor: { kind: 'user', id: me.id } }] });
    // Unfiltered, newest first with the history's entries.
    const all = await ctx.authed('GET', '/api/Audit?pageSize=5');
    expect(all.body.data.some((e: { operation: string; actor: { id: number } }) => e.operation === 'signIn' && e.actor.id === me.id)).toBe(true);
    expect(all.body.totalRows).toBeGreaterThan(all.body.data.length);
    const times = all.body.data.map((e: { time: string }) => e.time);
    expect(times).toEqual([...times].sort().reverse());
    // A website's audit has none (sign-ins belong to no website).
    const { id: website } = (await ctx.db.selectFrom('websites').select('id').executeTakeFirstOrThrow());
    const ofWebsite = await ctx.authed('GET', `/api/Audit?website=${website}&operation=signIn`);
    expect(ofWebsite.body.totalRows).toBe(0);
  });

  it('purges sign-in records past their retention (12 months by default: server/privacy/retention.ts)', async () => {
    const old = new Date(ctx.clock.now().getTime() - 367 * 86_400_000).toISOString();
    const recent = new Date(ctx.clock.now().getTime() - 360 * 86_400_000).toISOString();
    await ctx.db.insertInto('sign_ins').values([
      { time: old, userName: 'old.one', userId: null, clientAddress: null, userAgent: null, outcome: 'wrongPassword' },
      { time: recent, userName: 'recent.one', userId: null, clientAddress: null, userAgent: null, outcome: 'wrongPassword' },
    ]).execute();
    // The retention task (server/privacy/retention.ts) runs at start when due: a day after its last run.
    ctx.clock.advance(86_400_000 + 60_000);
    await ctx.restart();
    const names = (await ctx.db.selectFrom('sign_ins').select('userName').where('userName', 'in', ['old.one', 'recent.one']).execute()).map((r) => r.userName);
    expect(names).toEqual(['recent.one']);
  });

  it('answers a disabled account as a wrong password, for the right and the wrong password alike', async () => {
    const me = await newAccount(ctx);
    const wrongOnActive = await passwordGrant(ctx, me.userName, 'wrong');
    await ctx.db.updateTable('users').set({ isActive: false }).where('id', '=', me.id).execute();
    const right = await passwordGrant(ctx, me.userName);
    const wrong = await passwordGrant(ctx, me.userName, 'wrong');
    // Alike but for the request id each answer carries (its own log line).
    const sansId = ({ requestId, ...body }: Record<string, unknown>) => (expect(typeof requestId).toBe('string'), body);
    for (const res of [right, wrong]) {
      expect(res.status).toBe(wrongOnActive.status);
      expect(sansId(res.body)).toEqual(sansId(wrongOnActive.body));
    }
    const [rightEn, wrongEn] = [await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: me.userName, password: PASSWORD, ...CLIENT }, ...EN }), await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: me.userName, password: 'bad', ...CLIENT }, ...EN })];
    expect(sansId(rightEn.body)).toEqual(sansId(wrongEn.body));
    expect(rightEn.body.Message).toBe('Username or password is incorrect');
  });

  it('closes an open event stream as soon as its session is signed out, and no other', async () => {
    const me = await newAccount(ctx);
    const one = (await passwordGrant(ctx, me.userName)).body;
    const other = (await passwordGrant(ctx, me.userName)).body;
    const stream = await openStream(ctx, one.access_token);
    const kept = await openStream(ctx, other.access_token);
    const revoked = await ctx.request('POST', '/auth/connect/revocation', { form: { token: one.refresh_token, ...CLIENT } });
    expect(revoked.status).toBe(200);
    // Long before the 25 s heartbeat.
    expect(await within(stream.closed, 2000)).toBe('closed');
    expect(kept.isClosed()).toBe(false);
    kept.abort();
  });

  it('closes the stream of a session ended because its refresh token was reused', async () => {
    const me = await newAccount(ctx);
    const session = (await passwordGrant(ctx, me.userName)).body;
    const stream = await openStream(ctx, session.access_token);
    const form = { grant_type: 'refresh_token', refresh_token: session.refresh_token, ...CLIENT };
    expect((await ctx.request('POST', '/auth/connect/token', { form })).status).toBe(200);
    expect(stream.isClosed()).toBe(false);
    expect((await ctx.request('POST', '/auth/connect/token', { form })).status).toBe(400);
    expect(await within(stream.closed, 2000)).toBe('closed');
  });

  it('keeps at most ten streams a user: the eleventh closes the oldest', async () => {
    const me = await newAccount(ctx);
    const token = (await passwordGrant(ctx, me.userName)).body.access_token;
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await openStream(ctx, token));
    await new Promise((r) => setTimeout(r, 100));
    expect(streams.some((s) => s.isClosed())).toBe(false);
    streams.push(await openStream(ctx, token));
    expect(await within(streams[0].closed, 2000)).toBe('closed');
    expect(streams.slice(1).some((s) => s.isClosed())).toBe(false);
    for (const s of streams) s.abort();
  });
});

describeEachDatabase(
  'sign-in throttle per client address',
  (ctx) => {
    it('makes an address that failed on several accounts wait, whichever account it tries next', async () => {
      const accounts = await Promise.all([newAccount(ctx), newAccount(ctx), newAccount(ctx), newAccount(ctx)]);
      for (const a of accounts.slice(0, 3)) expect((await passwordGrant(ctx, a.userName, 'wrong')).status).toBe(400);
      // None of those accounts reached its own limit (5); the address did (3).
      const next = await passwordGrant(ctx, accounts[3].userName);
      expect(next.status).toBe(429);
      expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
      // After the window, the address may try again.
      ctx.clock.advance(16 * 60_000);
      expect((await passwordGrant(ctx, accounts[3].userName)).status).toBe(200);
    });
  },
  { app: { throttle: { maxFailuresPerAddress: 3 } } },
);

describeEachDatabase('sessions ending across instances', (ctx) => {
  if (ctx.dialect !== 'postgres') {
    it.skip('a second instance on the same database: PostgreSQL only (a SQLite file is served by one process)', () => {});
    return;
  }
  let b: FastifyInstance;
  let otherDir: string;
  let bUrl: string;
  beforeAll(async () => {
    otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-instance-b-'));
    // The harness's signing key: A's tokens are B's.
    b = await buildApp({ dataDir: otherDir, databaseUrl: ctx.databaseUrl, rendererDir: null, now: ctx.clock.now, seed: { demo: true }, jwtSecret: 'test-secret-test-secret-test-secret-0123456789' });
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    if (otherDir) fs.rmSync(otherDir, { recursive: true, force: true });
  });

  it("closes a stream open on instance B when the session is signed out through instance A", async () => {
    const me = await newAccount(ctx);
    const session = (await passwordGrant(ctx, me.userName)).body;
    const stream = await openStream({ ...ctx, baseUrl: bUrl }, session.access_token);
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.isClosed()).toBe(false);
    expect((await ctx.request('POST', '/auth/connect/revocation', { form: { token: session.refresh_token, ...CLIENT } })).status).toBe(200);
    expect(await within(stream.closed, 3000)).toBe('closed');
  });

  it('keeps a user to ten streams across instances: the eleventh, on A, closes the oldest, on B', async () => {
    const me = await newAccount(ctx);
    const token = (await passwordGrant(ctx, me.userName)).body.access_token;
    const onB = await openStream({ ...ctx, baseUrl: bUrl }, token);
    const onA = [];
    for (let i = 0; i < 9; i++) onA.push(await openStream(ctx, token));
    await new Promise((r) => setTimeout(r, 200));
    expect(onB.isClosed()).toBe(false);
    onA.push(await openStream(ctx, token));
    expect(await within(onB.closed, 3000)).toBe('closed');
    expect(onA.some((s) => s.isClosed())).toBe(false);
    for (const s of onA) s.abort();
  });
});
