// History under faults (issue 29, "Held under load and faults"): the real server as its own process, many writes at
// once (banners created then saved again and again, news saved), then kill -9 in the middle of them. The database,
// opened directly afterwards, holds no entry without its write and no write without its entry: each entry's record
// exists, each record has its create entry, each save's entry starts where the one before it ended (a save committed
// without its entry would break that chain) and the record's stored values and stamp are its last entry's. Then the
// server starts again on that database and keeps recording. On both databases.
/* eslint-disable @typescript-eslint/no-explicit-any -- rows and answers are loosely typed JSON on purpose */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/db/dialect';
import { CLIENT, dialects, tr } from './harness';
import { createDatabase, dropDatabase, freePort } from './embedded-pg';
import { newsBody } from './news-helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Concurrent writers: banner writers, each creating a banner then saving it a few times, and news writers. */
const BANNER_WRITERS = 8;
const NEWS_WRITERS = 2;
/** Answered writes before the kill, which comes a few milliseconds later at a random moment, writes in flight. */
const KILL_AFTER = 300;
const MARK = 'kill9';

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', LOG_LEVEL: 'error', JWT_SECRET: 'faults-secret-faults-secret-faults-secret-0123', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('listening on')) resolve();
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function call(url: string, method: string, p: string, token: string, json?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(url + p, { method, headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) }, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Admin@123', scope: 'openid profile offline_access', type: '0', domain: '', type_special: '0', ...CLIENT }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

for (const dialect of dialects()) {
  describe(`history under kill -9 [${dialect}]`, () => {
    const cleanups: (() => unknown)[] = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('leaves no entry without its write and no write without its entry', { timeout: 90_000 }, async () => {
      const started = Date.now();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sitedesk-faults-${dialect}-`));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      let databaseUrl: string | undefined;
      if (dialect === 'postgres') {
        const info = inject('pg');
        const created = await createDatabase(info);
        cleanups.push(() => dropDatabase(info, created.name));
        databaseUrl = created.url;
      }
      const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

      let server = await startServer(env);
      cleanups.push(() => server.child.kill('SIGKILL'));
      const token = await signIn(server.url);
      const sites = (await call(server.url, 'GET', '/api/Websites/get-all', token)).body as { id: number; isDefault: boolean }[];
      const clinic = sites.find((w) => w.isDefault)!.id;

      // What was there before the load (the seed's own entries and records are not this test's).
      const handle = createDb({ dataDir, databaseUrl });
      cleanups.push(() => handle.close());
      const db = handle.db as any;
      const maxId = async (table: string) => Number((await db.selectFrom(table).select((eb: any) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
      const [entriesBefore, bannersBefore, newsBefore] = [await maxId('history_entries'), await maxId('banners'), await maxId('news')];
      const loadStarted = Date.now();

      // The load: what the client saw answered (committed), to check against the database afterwards.
      let answered = 0;
      let killed = false;
      const ackedOrders: { id: number; order: number }[] = [];
      const ackedNews: { id: number; stamp: string }[] = [];
      const kill = () => {
        if (killed) return;
        killed = true;
        server.child.kill('SIGKILL');
      };
      const counted = (status: number) => {
        if (status !== 200) throw new Error(`a write answered ${status}`);
        if (++answered === KILL_AFTER) setTimeout(kill, Math.random() * 30);
      };
      const bannerWriter = async (w: number) => {
        for (let n = 0; !killed; n++) {
          const created = await call(server.url, 'POST', `/api/Banners?websiteId=${clinic}`, token, { name: tr(`${MARK} ${w}.${n}`, `${MARK} ${w}.${n}`), type: 2, position: 1, order: 0, isActive: true });
          counted(created.status);
          let record = created.body.data;
          for (let order = 1; order <= 5 && !killed; order++) {
            const saved = await call(server.url, 'PUT', `/api/Banners/${clinic}/${record.id}`, token, { ...record, order });
            counted(saved.status);
            record = saved.body.data;
            ackedOrders.push({ id: record.id, order });
          }
        }
      };
      const newsWriter = async () => {
        while (!killed) {
          const created = await call(server.url, 'POST', `/api/News/${clinic}/false`, token, newsBody());
          counted(created.status);
          let record = created.body.data;
          for (let i = 1; i <= 3 && !killed; i++) {
            const translations = record.newsTranslations.map((t: any) => ({ ...t, title: `${t.title} ${i}` }));
            const saved = await call(server.url, 'PUT', `/api/News/${clinic}/${record.id}/false`, token, { ...newsBody(), newsTranslations: translations, concurrencyStamp: record.concurrencyStamp });
            counted(saved.status);
            record = saved.body.data;
            ackedNews.push({ id: record.id, stamp: record.concurrencyStamp });
          }
        }
      };
      // A writer stops at the kill: its request in flight fails (the connection is reset), whatever the database kept.
      const writers = [...Array.from({ length: BANNER_WRITERS }, (_, w) => bannerWriter(w)), ...Array.from({ length: NEWS_WRITERS }, () => newsWriter())].map((p) =>
        p.catch((err) => {
          if (!killed) throw err;
        }),
      );
      await Promise.all(writers);
      await exited(server.child);
      const loadMs = Date.now() - loadStarted;
      expect(server.child.signalCode).toBe('SIGKILL');
      // PostgreSQL: the killed server's sessions end (their open transactions roll back) before the database is read.
      if (dialect === 'postgres') {
        for (let i = 0; i < 100; i++) {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
          if (Number(rows[0].n) === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
      }

      const entries = (await db.selectFrom('history_entries').selectAll().where('id', '>', entriesBefore).where('resource', 'in', ['banner', 'news']).orderBy('id').execute()).map((e: any) => ({
        ...e,
        changes: JSON.parse(e.changes) as { field: string; language: string | null; before: unknown; after: unknown }[],
        state: e.state === null ? null : JSON.parse(e.state),
      }));
      const banners = await db.selectFrom('banners').select(['id', 'order', 'concurrencyStamp']).where('id', '>', bannersBefore).execute();
      const news = await db.selectFrom('news').select(['id', 'concurrencyStamp']).where('id', '>', newsBefore).execute();
      expect(banners.length).toBeGreaterThan(BANNER_WRITERS);
      expect(news.length).toBeGreaterThan(0);

      const check = (resource: string, rows: { id: number; concurrencyStamp: string; order?: number }[]) => {
        const own = entries.filter((e: any) => e.resource === resource);
        const byId = new Map(rows.map((r) => [String(r.id), r]));
        // No entry without its write: each entry's record exists (nothing was deleted).
        for (const e of own) expect(byId.has(e.recordId), `${resource} ${e.recordId} of entry ${e.id}`).toBe(true);
        for (const row of rows) {
          const mine = own.filter((e: any) => e.recordId === String(row.id));
          // No write without its entry: the create's, then one per save, the last one's state is the row as stored.
          expect(mine[0]?.operation, `${resource} ${row.id}`).toBe('create');
          expect(mine.slice(1).every((e: any) => e.operation === 'update')).toBe(true);
          const last = mine.at(-1).state.record;
          expect(last.concurrencyStamp, `${resource} ${row.id}: its last entry is its last write`).toBe(row.concurrencyStamp);
          if (resource === 'banner') {
            // Each save set the order one higher: each entry starts where the one before it ended.
            let order = mine[0].state.record.order;
            for (const e of mine.slice(1)) {
              expect(e.changes).toEqual([{ field: 'order', language: null, before: order, after: order + 1 }]);
              order += 1;
            }
            expect(row.order).toBe(order);
            expect(last.order).toBe(row.order);
          }
        }
        return own.length;
      };
      const bannerEntries = check('banner', banners);
      const newsEntries = check('news', news);
      // Every write the client saw answered is there (the chain above covers the ones whose answer the kill cut off).
      for (const a of ackedOrders) expect(entries.some((e: any) => e.resource === 'banner' && e.recordId === String(a.id) && e.changes[0]?.after === a.order), `banner ${a.id} order ${a.order}`).toBe(true);
      for (const a of ackedNews) expect(entries.some((e: any) => e.resource === 'news' && e.recordId === String(a.id) && e.state.record.concurrencyStamp === a.stamp), `news ${a.id}`).toBe(true);
      expect(bannerEntries + newsEntries).toBeGreaterThanOrEqual(answered);

      // The server starts again on that database and records the next save.
      server = await startServer(env);
      const again = await signIn(server.url);
      const row = banners[0];
      const current = (await call(server.url, 'GET', `/api/Banners/${clinic}/${row.id}`, again)).body.data;
      const saved = await call(server.url, 'PUT', `/api/Banners/${clinic}/${row.id}`, again, { ...current, order: row.order + 1 });
      expect(saved.status).toBe(200);
      const last = await db.selectFrom('history_entries').select(['operation', 'changes']).where('resource', '=', 'banner').where('recordId', '=', String(row.id)).orderBy('id', 'desc').executeTakeFirst();
      expect(JSON.parse(last.changes)).toEqual([{ field: 'order', language: null, before: row.order, after: row.order + 1 }]);
      server.child.kill('SIGTERM');
      await exited(server.child);
      console.log(
        `[${dialect}] kill -9 after ${answered} answered writes, ${BANNER_WRITERS + NEWS_WRITERS} in flight (${loadMs} ms of load): ${banners.length} banners, ${news.length} news, ${bannerEntries + newsEntries} entries; ${Date.now() - started} ms in all`,
      );
    });
  });
}
