// Events between instances (issue 30): what an instance keeps in memory is keyed by the database's change number
// (server/db/changes.ts: moved by triggers in the database, so by any instance's write) and read afresh on every
// request — list totals (server/resources/totals.ts), the delivery API's kept answers and ETags (server/delivery/
// routes.ts) and its website lookups (server/delivery/sites.ts), who is staff of which website (server/resources/
// access.ts). A write through instance A is seen through instance B on its very next request.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, tr } from './harness';
import { otherInstance, type OtherInstance } from './instances';

describeEachDatabase('events between instances', (ctx) => {
  if (ctx.dialect !== 'postgres') {
    it.skip('a second instance on the same database: PostgreSQL only (a SQLite file is served by one process)', () => {});
    return;
  }
  let other: OtherInstance;
  let b: FastifyInstance;
  let clinic: number;
  let token: string;
  beforeAll(async () => {
    // The harness's signing key (server/app.ts takes JWT_SECRET when set): A's tokens are B's.
    other = await otherInstance(ctx, { jwtSecret: 'test-secret-test-secret-test-secret-0123456789' });
    b = other.app;
    ({ clinic } = await demoWebsites(ctx));
    token = (await ctx.signIn()).access_token;
  });
  afterAll(async () => {
    await other?.close();
  });

  /** A request to instance B, as { status, body, headers }. */
  const onB = async (method: 'GET' | 'POST', url: string, opts: { token?: string; headers?: Record<string, string> } = {}) => {
    const res = await b.inject({ method, url, headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers } });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as any) : undefined, headers: res.headers };
  };
  const addSocial = async (name: string) => {
    const res = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr(name), url: `https://${name.toLowerCase()}.example`, order: 0 });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number };
  };

  it("a list's total read through B counts what was just written through A (the kept total goes with the change number)", async () => {
    const list = () => onB('GET', `/api/SocialNetworks/${clinic}?keyword=instance`, { token });
    const before = await list();
    expect(before.status).toBe(200);
    expect((await list()).body.totalRows).toBe(before.body.totalRows); // kept on B now
    const added = await addSocial('InstanceA');
    const after = await list();
    expect(after.body.totalRows).toBe(before.body.totalRows + 1);
    expect(after.body.data.map((r: { id: number }) => r.id)).toContain(added.id);
  });

  it("the delivery API on B answers A's write at once: a new ETag, the new content, not the kept answer", async () => {
    const site = () => onB('GET', `/content/${clinic}/vi-VN/site`);
    const before = await site();
    expect(before.status).toBe(200);
    const tag = before.headers.etag as string;
    expect((await onB('GET', `/content/${clinic}/vi-VN/site`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    await addSocial('Delivered');
    const after = await site();
    expect(after.headers.etag).not.toBe(tag);
    expect(after.body.data.socialNetworks.map((s: { name: string }) => s.name)).toContain('Delivered');
    expect((await onB('GET', `/content/${clinic}/vi-VN/site`, { headers: { 'if-none-match': tag } })).status).toBe(200);
  });

  it("B's website lookup follows a language switched off and on through A", async () => {
    const languages = `/api/Websites/${clinic}/languages/en-US`;
    expect((await onB('GET', `/content/${clinic}/en-US/site`)).status).toBe(200);
    expect((await ctx.authed('PUT', languages, { isActive: false })).status).toBe(200);
    try {
      expect((await onB('GET', `/content/${clinic}/en-US/site`)).status).toBe(404);
    } finally {
      expect((await ctx.authed('PUT', languages, { isActive: true })).status).toBe(200);
    }
    expect((await onB('GET', `/content/${clinic}/en-US/site`)).status).toBe(200);
  });

  it("who is staff of a website, kept by B per change number, follows a member removed through A", async () => {
    const site = await ctx.authed('POST', '/api/Websites', { name: tr('Trang B', 'Site B'), isActive: true });
    expect(site.status, site.text).toBe(200);
    const w = site.body.data.id as number;
    const lan = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'lan.nguyen').executeTakeFirstOrThrow()).id;
    expect((await ctx.authed('POST', `/api/Websites/user/${w}/${lan}`)).status).toBe(200);
    const lanToken = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    const read = () => onB('GET', `/api/SocialNetworks/${w}`, { token: lanToken });
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200); // kept on B now
    expect((await ctx.authed('DELETE', `/api/Websites/user/${w}/${lan}`)).status).toBe(200);
    expect((await read()).status).toBe(403);
  });
});
