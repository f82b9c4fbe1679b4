// Periodic work with several instances on one PostgreSQL database (issue 30): every periodic task (the trash purge,
// the upload sweep, the purge of expired sessions) runs through server/db/periodic.ts, which runs it under an advisory lock on the task's name. Two
// instances running the same task at the same moment: one runs it, the other skips that run (not queued). On SQLite
// the task just runs. The webhook dispatcher needs no lock: it claims each delivery with a conditional UPDATE, so two
// instances sweeping at once share the sending and never send one delivery twice (the last test here).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { every, runExclusive } from '../../server/db/periodic';
import { dynamic } from '../../server/resources/index';
import { webhookDispatcher } from '../../server/webhooks/state';
import { demoWebsites, describeEachDatabase, tr } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What ran a task: how many runs, by which instance, and the most that were ever running at once. */
function recorder() {
  const state = { runs: [] as string[], running: 0, most: 0 };
  const task = (who: string, ms: number) => async () => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    try {
      await sleep(ms);
      state.runs.push(who);
    } finally {
      state.running--;
    }
  };
  return { state, task };
}

describeEachDatabase('periodic work across instances', (ctx) => {
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  /** Another instance on the same database (its own DATA_DIR), with extra modules. */
  async function instance(options: Partial<BuildAppOptions> = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-periodic-'));
    dirs.push(dataDir);
    const app = await buildApp({ dataDir, databaseUrl: ctx.databaseUrl, rendererDir: null, now: ctx.clock.now, seed: { demo: true }, ...options });
    apps.push(app);
    await app.ready(); // what listen() does: the tasks' first runs
    return app;
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a task every interval and at start, logs its failures, and stops when the app closes', async () => {
    const { state, task } = recorder();
    let failures = 0;
    const app = await instance({
      databaseUrl: ctx.dialect === 'postgres' ? ctx.databaseUrl : undefined,
      extraModules: [
        {
          name: 'ticks',
          prefix: '/ticks',
          auth: 'public',
          plugin: async (app) => {
            every(app, 'test-ticks', 30, task('a', 1));
            every(app, 'test-failing', 30, async () => {
              failures++;
              throw new Error('a failing task');
            });
          },
        },
      ],
    });
    expect(state.runs).toEqual(['a']); // at start, before ready answered
    await sleep(200);
    expect(state.runs.length).toBeGreaterThan(2);
    expect(failures).toBeGreaterThan(2);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    const after = state.runs.length;
    await sleep(100);
    expect(state.runs.length).toBe(after);
  });

  if (ctx.dialect !== 'postgres') {
    it.skip('two instances on one database: PostgreSQL only (a SQLite file is served by one process)', () => {});
    return;
  }

  it('runs a task once when two instances run it at the same moment: the other skips it, not queued', async () => {
    const b = await instance();
    const { state, task } = recorder();
    const ran = await Promise.all([runExclusive(ctx.app.db, 'test-once', task('a', 300)), runExclusive(b.db, 'test-once', task('b', 300))]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(state.runs).toHaveLength(1);
    // Given back after the run (and after a failing run): the next run takes it.
    await expect(runExclusive(b.db, 'test-once', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await runExclusive(ctx.app.db, 'test-once', task('a', 1))).toBe(true);
    // Another name is another lock.
    const other = await Promise.all([runExclusive(ctx.app.db, 'test-x', task('a', 100)), runExclusive(b.db, 'test-y', task('b', 100))]);
    expect(other).toEqual([true, true]);
  });

  it('two instances ticking the same task never run it at once, and both take turns', async () => {
    const { state, task } = recorder();
    const ticking = (who: string) => ({
      extraModules: [{ name: 'ticks', prefix: '/ticks', auth: 'public' as const, plugin: async (app: FastifyInstance) => every(app, 'test-shared', 20, task(who, 45)) }],
    });
    const [a, b] = [await instance(ticking('a')), await instance(ticking('b'))];
    await sleep(1200);
    await Promise.all([a.close(), b.close()]);
    apps.splice(apps.indexOf(a), 1);
    apps.splice(apps.indexOf(b), 1);
    expect(state.most).toBe(1);
    expect(state.runs.length).toBeGreaterThan(5);
    expect(new Set(state.runs)).toEqual(new Set(['a', 'b']));
  });

  it("skips the trash purge while another instance holds it; the next run purges", async () => {
    const { clinic } = await demoWebsites(ctx);
    const created = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Hết hạn', 'Expired'), description: tr('x'), type: 2, position: 1, order: 2, isActive: true });
    expect(created.status, created.text).toBe(200);
    const id = String(created.body.data.id);
    expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${id}`)).status).toBe(200);
    const inTrash = async () => (await dynamic(ctx.db).selectFrom('trash').select('entryId').where('resource', '=', 'banner').where('recordId', '=', id).execute()).length;
    expect(await inTrash()).toBe(1);
    ctx.clock.advance(91 * 86_400_000);
    try {
      // Instance A is purging (it holds the task's lock) while B starts: B's purge at start is skipped.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = runExclusive(ctx.app.db, 'trash-purge', () => held);
      await sleep(50);
      const b = await instance();
      expect(await inTrash()).toBe(1);
      release();
      expect(await holding).toBe(true);
      await b.close();
      apps.splice(apps.indexOf(b), 1);
      // Its next run (here the start of another instance) purges.
      await instance();
      expect(await inTrash()).toBe(0);
    } finally {
      ctx.clock.reset();
    }
  });

  it('skips the purge of expired sessions while another instance holds it; the next run purges', async () => {
    const signedIn = await ctx.signIn('lan.nguyen', 'Staff@123');
    const sid = JSON.parse(Buffer.from(signedIn.access_token.split('.')[1], 'base64url').toString()).sid as string;
    const session = async () => (await ctx.db.selectFrom('token_families').select('id').where('id', '=', sid).execute()).length;
    ctx.clock.advance(31 * 86_400_000);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = runExclusive(ctx.app.db, 'session-purge', () => held);
      await sleep(50);
      const b = await instance();
      expect(await session()).toBe(1);
      release();
      expect(await holding).toBe(true);
      await b.close();
      apps.splice(apps.indexOf(b), 1);
      await instance();
      expect(await session()).toBe(0);
    } finally {
      ctx.clock.reset();
    }
  });

  it('two instances sweeping the webhook outbox at once send each delivery once (a claim per delivery, no lock)', async () => {
    const { clinic } = await demoWebsites(ctx);
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      received.push(String(req.headers['x-sitedesk-delivery']));
      req.resume();
      req.on('end', () => setTimeout(() => res.writeHead(200).end('ok'), 100));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    // Neither instance sends by itself: the two passes below are the only ones.
    await ctx.restart({ webhooks: { send: false } });
    try {
      const b = await instance({ webhooks: { send: false } });
      expect((await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url, isActive: true })).status).toBe(200);
      for (let i = 0; i < 8; i++) {
        const res = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr(`Mạng ${i}`), url: `https://n${i}.example`, order: i });
        expect(res.status, res.text).toBe(200);
      }
      const deliveries = dynamic(ctx.db).selectFrom('webhook_deliveries').select(['deliveryId', 'status', 'attempts']);
      expect(await deliveries.execute()).toHaveLength(8);
      const [byA, byB] = await Promise.all([webhookDispatcher(ctx.app).sweep(), webhookDispatcher(b).sweep()]);
      expect(byA + byB).toBe(8);
      const rows = (await deliveries.execute()) as { deliveryId: string; status: string; attempts: number }[];
      expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
      expect(received.sort()).toEqual(rows.map((r) => r.deliveryId).sort());
    } finally {
      await dynamic(ctx.db).deleteFrom('webhooks').execute();
      await dynamic(ctx.db).deleteFrom('webhook_deliveries').execute();
      await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
      await ctx.restart({ webhooks: {} });
    }
  });
});
