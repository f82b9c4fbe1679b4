// Sessions across instances (issue 30): behind a load balancer any instance answers any request. Without JWT_SECRET
// the access tokens' signing key is the database's (server/auth/signing-key.ts), not a file in one instance's
// DATA_DIR, so a token one instance signed is accepted by the other; refresh tokens and their families are rows of the
// database, so a refresh token rotated on one instance is spent for both, and its reuse on the other ends the session.
// The second instance is a second app on the same database with a DATA_DIR of its own (PostgreSQL: a SQLite file is
// served by one process); what holds for one instance (the key kept in the database, an earlier version's key file
// taken over, JWT_SECRET used when set) runs on both databases.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { CLIENT, describeEachDatabase, type ServerTestContext } from './harness';
import { otherInstance, type OtherInstance } from './instances';

const SESSION_FORM = { grant_type: 'password', username: 'admin', password: 'Admin@123', scope: 'openid profile offline_access', ...CLIENT };

/** A request to an app that is not listening (the second instance), as { status, body }. */
async function injected(app: FastifyInstance, method: 'GET' | 'POST', url: string, opts: { token?: string; form?: Record<string, string> } = {}) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as any) : undefined };
}

const refreshForm = (refresh_token: string) => ({ grant_type: 'refresh_token', refresh_token, ...CLIENT });
const refreshOn = (ctx: ServerTestContext, token: string) => ctx.request('POST', '/auth/connect/token', { form: refreshForm(token) });

describeEachDatabase(
  'sessions across instances',
  (ctx) => {
    it('keeps the signing key in the database, not in DATA_DIR; tokens outlive a restart', async () => {
      // The signing key (the personal data master key is another row, server/privacy/keys.ts).
      const keys = await ctx.db.selectFrom('server_secrets').select(['name', 'value']).where('name', 'like', 'accessToken%').execute();
      expect(keys).toEqual([{ name: 'accessTokenSigningKey', value: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/) }]);
      expect(fs.existsSync(path.join(ctx.dataDir, 'jwt-secret'))).toBe(false);
      const { access_token } = await ctx.signIn();
      await ctx.restart();
      expect((await ctx.request('GET', '/core/AppSettings', { token: access_token })).status).toBe(200);
      expect(await ctx.db.selectFrom('server_secrets').select('value').where('name', 'like', 'accessToken%').execute()).toEqual([{ value: keys[0].value }]);
    });

    it("takes over an earlier version's DATA_DIR/jwt-secret when the database has no key, so its sessions survive", async () => {
      const fresh = await ctx.freshDatabase();
      const earlier = 'an-earlier-versions-key-kept-in-data-dir-0123456789';
      fs.writeFileSync(path.join(fresh.dataDir, 'jwt-secret'), earlier + '\n', { mode: 0o600 });
      const app = await buildApp({ ...fresh, rendererDir: null, seed: { demo: true } });
      try {
        expect(await app.db.selectFrom('server_secrets').select('value').where('name', 'like', 'accessToken%').execute()).toEqual([{ value: earlier }]);
        const signedIn = await injected(app, 'POST', '/auth/connect/token', { form: SESSION_FORM });
        await expect(jwtVerify(signedIn.body.access_token, new TextEncoder().encode(earlier))).resolves.toBeDefined();
      } finally {
        await app.close();
      }
    });

    it('signs with JWT_SECRET when it is set (and leaves the database key alone)', async () => {
      const secret = 'a-key-from-the-environment-shared-by-every-instance-0123';
      const before = await ctx.db.selectFrom('server_secrets').select('value').execute();
      await ctx.restart({ jwtSecret: secret });
      try {
        const { access_token } = await ctx.signIn();
        await expect(jwtVerify(access_token, new TextEncoder().encode(secret))).resolves.toBeDefined();
        expect(await ctx.db.selectFrom('server_secrets').select('value').execute()).toEqual(before);
      } finally {
        await ctx.restart({ jwtSecret: undefined });
      }
    });

    describeSecondInstance(ctx);
  },
  // The harness signs with a fixed key of its own; these tests take the one the server keeps.
  { app: { jwtSecret: undefined } },
);

function describeSecondInstance(ctx: ServerTestContext) {
  if (ctx.dialect !== 'postgres') {
    it.skip('a second instance on the same database: PostgreSQL only (a SQLite file is served by one process)', () => {});
    return;
  }
  let other: OtherInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    other = await otherInstance(ctx);
    b = other.app;
  });
  afterAll(async () => {
    await other?.close();
  });
  const rotateOnB = (token: string) => injected(b, 'POST', '/auth/connect/token', { form: refreshForm(token) });
  const appSettingsOnB = (token: string) => injected(b, 'GET', '/core/AppSettings', { token });
  const appSettingsOnA = (token: string) => ctx.request('GET', '/core/AppSettings', { token });

  it("a second instance (its own DATA_DIR, same database) accepts the first one's access tokens, and the first the second's", async () => {
    const fromA = await ctx.signIn();
    expect((await appSettingsOnB(fromA.access_token)).status).toBe(200);
    const fromB = (await injected(b, 'POST', '/auth/connect/token', { form: SESSION_FORM })).body;
    expect((await appSettingsOnA(fromB.access_token)).status).toBe(200);
  });

  it('a refresh token rotated on one instance is refused on the other', async () => {
    const session = await ctx.signIn();
    const onA = await refreshOn(ctx, session.refresh_token);
    expect(onA.status).toBe(200);
    expect(await rotateOnB(session.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // That reuse ended the session for both: the token A answered and its access token are refused everywhere.
    expect((await refreshOn(ctx, onA.body.refresh_token)).status).toBe(400);
    expect((await appSettingsOnB(onA.body.access_token)).status).toBe(401);
    expect((await appSettingsOnA(onA.body.access_token)).status).toBe(401);
  });

  it('rotation goes on across instances (A, then B), and what B rotated is spent on A', async () => {
    const session = await ctx.signIn();
    const onA = await refreshOn(ctx, session.refresh_token);
    const onB = await rotateOnB(onA.body.refresh_token);
    expect(onB.status).toBe(200);
    expect((await appSettingsOnA(onB.body.access_token)).status).toBe(200);
    expect((await refreshOn(ctx, onA.body.refresh_token)).status).toBe(400);
    expect((await rotateOnB(onB.body.refresh_token)).status).toBe(400);
  });
}
