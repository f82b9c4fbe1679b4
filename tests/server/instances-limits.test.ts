// Shared limits (issue 30): behind a load balancer a limit per client address holds in total, not per instance. On
// PostgreSQL the limits count in the database (server/http/rate-limit-store.ts, table rate_limits): two apps on one
// database (each with its own DATA_DIR, as instances-sessions.test.ts builds them) accept exactly the intake's ten posts
// a minute per client address between them, one after the other or all at once, and refuse the rest with the message
// envelope from either; another address is unaffected; the delivery API's limit is shared the same way. The client
// address is the socket's (inject's remoteAddress), one per test. On SQLite one process serves the file: the limits
// count in memory (the table stays empty), which the intake and delivery suites cover.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leaseSize, limitStore } from '../../server/http/rate-limit-store';
import { changeNumber } from '../../server/db/changes';
import { demoWebsites, describeEachDatabase, type ServerTestContext } from './harness';
import { otherInstance, type OtherInstance } from './instances';

const INTAKE = { max: 10, timeWindow: 60_000 };
const DELIVERY = { max: 5, timeWindow: 60_000 };
const FEEDBACK = { title: 'Thời gian chờ', fullName: 'Lê Văn Khách', email: 'khach@example.com', phoneNumber: '0901 234 567', content: 'Chờ hơi lâu', serviceName: 'Khám tổng quát' };

/** The load balancer in front of both instances (TRUST_PROXY): its X-Forwarded-For names the visitor. */
const BALANCER = '127.0.0.1';

async function post(app: FastifyInstance, website: number, from: string, forwardedFor?: string) {
  const headers = { 'accept-language': 'en-US', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
  const res = await app.inject({ method: 'POST', url: `/public/${website}/feedback`, payload: FEEDBACK, remoteAddress: from, headers });
  return { status: res.statusCode, body: res.json() as any, retryAfter: res.headers['retry-after'] };
}

describeEachDatabase(
  'limits across instances',
  (ctx: ServerTestContext) => {
    if (ctx.dialect !== 'postgres') {
      it('counts in memory on SQLite (one process serves the file): the shared table stays empty', async () => {
        const { clinic } = await demoWebsites(ctx);
        expect((await post(ctx.app, clinic, '10.0.0.1')).status).toBe(201);
        expect(await ctx.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
      });
      it.skip('a second instance on the same database: PostgreSQL only (a SQLite file is served by one process)', () => {});
      return;
    }
    let a: FastifyInstance;
    let other: OtherInstance;
    let b: FastifyInstance;
    let clinic: number;
    beforeAll(async () => {
      a = ctx.app;
      other = await otherInstance(ctx, { intake: INTAKE, delivery: DELIVERY, trustProxy: BALANCER });
      b = other.app;
      ({ clinic } = await demoWebsites(ctx));
    });
    afterAll(async () => {
      await other?.close();
    });

    it('the intake limit holds in total across two instances: ten posts a minute per client address, then 429 from either', async () => {
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await post(i % 2 ? b : a, clinic, '10.0.1.1')).status);
      expect(statuses).toEqual(Array(10).fill(201));
      for (const app of [a, b]) {
        const refused = await post(app, clinic, '10.0.1.1');
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ code: 429, Message: expect.stringMatching(/^Too many submissions, please try again in \d+ seconds$/), message: refused.body.Message, requestId: expect.any(String) });
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
      }
      // What was refused wrote nothing: ten feedbacks arrived.
      const row = await ctx.db.selectFrom('rate_limits').select(['key', 'count']).where('key', '=', 'intake:10.0.1.1').executeTakeFirstOrThrow();
      expect(row.count).toBe(12);
      // Each instance, once refused, refuses that address without asking the database again until the window ends.
      expect((await Promise.all([a, b, a, b].map((app) => post(app, clinic, '10.0.1.1')))).map((r) => r.status)).toEqual([429, 429, 429, 429]);
      expect((await ctx.db.selectFrom('rate_limits').select('count').where('key', '=', 'intake:10.0.1.1').executeTakeFirstOrThrow()).count).toBe(12);
      // Another client address is unaffected, on either instance.
      expect((await post(b, clinic, '10.0.1.2')).status).toBe(201);
      expect((await post(a, clinic, '10.0.1.2')).status).toBe(201);
    });

    it('posts fired at once across both instances: exactly the limit accepted', async () => {
      const answers = await Promise.all(Array.from({ length: INTAKE.max + 5 }, (_, i) => post(i % 2 ? b : a, clinic, '10.0.2.1')));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(INTAKE.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      // Counting is not a change of content: refused posts (counted all the same) leave the change number (the lists'
      // totals, the delivery API's ETags) where it was.
      const changes = await changeNumber(ctx.db);
      expect((await Promise.all([a, b, a].map((app) => post(app, clinic, '10.0.2.1')))).map((r) => r.status)).toEqual([429, 429, 429]);
      expect(await changeNumber(ctx.db)).toBe(changes);
    });

    it('a new window starts when the last one ended; ended windows are swept', async () => {
      for (let i = 0; i < INTAKE.max; i++) await post(i % 2 ? b : a, clinic, '10.0.3.1');
      expect((await post(a, clinic, '10.0.3.1')).status).toBe(429);
      // The window ends (moved back on the database's clock, which every instance counts by).
      await sql`update rate_limits set "resetAt" = "resetAt" - 60000 where key = 'intake:10.0.3.1'`.execute(ctx.db);
      expect((await post(b, clinic, '10.0.3.1')).status).toBe(201);
      expect((await ctx.db.selectFrom('rate_limits').select('count').where('key', '=', 'intake:10.0.3.1').executeTakeFirstOrThrow()).count).toBe(1);
      // A third instance sweeps ended windows at its first counted request.
      await sql`update rate_limits set "resetAt" = "resetAt" - 60000 where key = 'intake:10.0.3.1'`.execute(ctx.db);
      const third = await otherInstance(ctx, { intake: INTAKE, delivery: DELIVERY, now: undefined }, 'c');
      try {
        expect((await post(third.app, clinic, '10.0.3.9')).status).toBe(201);
        await expect.poll(async () => (await ctx.db.selectFrom('rate_limits').select('key').where('key', '=', 'intake:10.0.3.1').execute()).length).toBe(0);
      } finally {
        await third.close();
      }
    });

    it('behind the load balancer (TRUST_PROXY) visitors count apart by X-Forwarded-For; from anyone else the header is ignored', async () => {
      for (let i = 0; i < INTAKE.max; i++) expect((await post(i % 2 ? b : a, clinic, BALANCER, '203.0.113.5')).status).toBe(201);
      expect((await post(a, clinic, BALANCER, '203.0.113.5')).status).toBe(429);
      expect((await post(b, clinic, BALANCER, '203.0.113.6')).status).toBe(201);
      expect(await ctx.db.selectFrom('rate_limits').select('key').where('key', 'like', 'intake:203.0.113.%').orderBy('key').execute()).toEqual([
        { key: 'intake:203.0.113.5' },
        { key: 'intake:203.0.113.6' },
      ]);
      // A visitor writing the header itself is counted by its own address.
      expect((await post(a, clinic, '10.0.5.1', '203.0.113.7')).status).toBe(201);
      expect(await ctx.db.selectFrom('rate_limits').select('count').where('key', 'in', ['intake:10.0.5.1', 'intake:203.0.113.7']).execute()).toEqual([{ count: 1 }]);
      expect((await ctx.db.selectFrom('rate_limits').select('key').where('key', '=', 'intake:10.0.5.1').executeTakeFirst())?.key).toBe('intake:10.0.5.1');
    });

    it('a large limit is reserved in blocks (leases): never more than the limit in total, a few less at most, few upserts', async () => {
      const max = 200;
      const block = leaseSize(max);
      expect(block).toBe(4);
      expect(leaseSize(INTAKE.max)).toBe(1); // the intake's ten: one upsert each, exact
      // Two stores as two instances build them (each keeps its own leases), on one database.
      const instances = [0, 1].map(() => {
        const Store = limitStore({ kind: 'database', db: ctx.db }, 'lease-test').store!;
        return new Store({});
      });
      const incr = (i: number) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) => instances[i % 2].incr('10.0.6.1', (err, res) => (err ? reject(err) : resolve(res!)), 60_000, max));
      const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => incr(i)));
      const accepted = answers.filter((r) => r.current <= max).length;
      expect(accepted).toBeLessThanOrEqual(max);
      expect(accepted).toBeGreaterThanOrEqual(max - 2 * (block - 1));
      expect(answers.every((r) => r.ttl > 0 && r.ttl <= 60_000)).toBe(true);
      // The database counted reservations, about one upsert per block, not one per request.
      const reserved = (await ctx.db.selectFrom('rate_limits').select('count').where('key', '=', 'lease-test:10.0.6.1').executeTakeFirstOrThrow()).count;
      expect(reserved).toBeGreaterThanOrEqual(max);
      expect(reserved).toBeLessThanOrEqual(max + 2 * 2 * block);
    });

    it("the delivery API's limit is shared too, and counted apart from the intake's", async () => {
      const get = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/content/openapi.json', remoteAddress: '10.0.4.1', headers: { 'accept-language': 'en-US' } }));
      const statuses = [];
      for (let i = 0; i < DELIVERY.max + 1; i++) statuses.push((await get(i % 2 ? b : a)).statusCode);
      expect(statuses).toEqual([...Array(DELIVERY.max).fill(200), 429]);
      const over = await get(a);
      expect(over.json()).toMatchObject({ code: 429, message: expect.stringMatching(/^Too many requests, please try again in \d+ seconds$/) });
      // The same address may still post to the intake.
      expect((await post(b, clinic, '10.0.4.1')).status).toBe(201);
    });
  },
  { app: { intake: INTAKE, delivery: DELIVERY, trustProxy: BALANCER } },
);
