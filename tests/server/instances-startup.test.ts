// Several instances on one PostgreSQL database (issue 30, "Start-up"): four real server processes started at once on an
// empty database, each with its own DATA_DIR and no JWT_SECRET, as four containers behind a load balancer would be.
// The start-up (migrations, the definitions' tables and indexes, the modules' ready steps, the first administrator and
// the signing key) runs under one advisory lock, so every instance becomes healthy, each migration is recorded once
// and there is one administrator; a token one instance issued is accepted by the others (the key is the database's).
// PostgreSQL only: a SQLite file is served by one process (the server runs one on it), there is nothing to race.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { StartupError } from '../../server/bootstrap';
import { createDb } from '../../server/db/dialect';
import { migrations } from '../../server/routes';
import { CLIENT, dialects } from './harness';
import { createDatabase, dropDatabase, freePort } from './embedded-pg';
import { startServer } from './server-process';

const INSTANCES = 4;

async function signIn(url: string): Promise<{ access_token: string }> {
  const res = await fetch(`${url}/auth/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'boss', password: 'S3cret!pass', scope: 'openid profile offline_access', ...CLIENT }),
  });
  if (res.status !== 200) throw new Error(`sign-in at ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access_token: string };
}

describe.runIf(dialects().includes('sqlite'))('several instances at start-up [sqlite]', () => {
  it.skip('four instances at once: PostgreSQL only (one process serves a SQLite file; there is nothing to race)', () => {});
});

describe.runIf(dialects().includes('postgres'))('several instances at start-up [postgres]', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('a start-up waits while another holds the lock, touching nothing; a failed start-up lets the next one in', { timeout: 60_000 }, async () => {
    const info = inject('pg');
    const created = await createDatabase(info);
    cleanups.push(() => dropDatabase(info, created.name));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-instance-lock-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const options = { dataDir, databaseUrl: created.url, rendererDir: null };
    const holder = createDb({ dataDir, databaseUrl: created.url });
    cleanups.push(() => holder.close());
    const tables = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(holder.db)).rows[0].n;

    let release = await holder.startupLock();
    let done = false;
    const failing = buildApp({ ...options, seed: {} }).finally(() => (done = true));
    failing.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(done).toBe(false);
    expect(await tables()).toBe(0);
    await release();
    // No account to create: it refuses to start (after migrating), and its lock is released on the way out.
    await expect(failing).rejects.toThrow(StartupError);
    expect(await tables()).toBeGreaterThan(0);
    release = await holder.startupLock();
    await release();
    const app = await buildApp({ ...options, seed: { admin: { userName: 'boss', password: 'S3cret!pass' } } });
    await app.close();
  });

  it('four processes started at once on an empty database all answer /health; migrations run once; one administrator; each accepts the tokens of the others', { timeout: 180_000 }, async () => {
    const info = inject('pg');
    const created = await createDatabase(info);
    cleanups.push(() => dropDatabase(info, created.name));
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    const servers = ports.map((port, i) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sitedesk-instance-${i}-`));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: created.url, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'S3cret!pass' }, port);
      cleanups.push(() => server.child.kill('SIGKILL'));
      return server;
    });

    const addresses = await Promise.all(servers.map((s) => s.ready));
    const failed = servers.map((s, i) => (addresses[i] ? '' : `instance ${i}: ${s.log()}`)).filter(Boolean);
    expect(failed).toEqual([]);
    for (const url of addresses) {
      const res = await fetch(`${url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }

    const handle = createDb({ dataDir: os.tmpdir(), databaseUrl: created.url });
    cleanups.push(() => handle.close());
    const applied = await sql<{ name: string; n: number }>`select name, count(*)::int as n from kysely_migration group by name order by name`.execute(handle.db);
    expect(applied.rows).toEqual(migrations.map((m) => ({ name: m.name, n: 1 })));
    expect(await handle.db.selectFrom('users').select(['userName', 'role']).execute()).toEqual([{ userName: 'boss', role: 'admin' }]);
    expect(await handle.db.selectFrom('languages').select('id').execute()).toHaveLength(2);

    // Sessions across instances: each instance accepts the token every other one issued (no JWT_SECRET: the key is
    // the database's, made once under the start-up lock, not one per DATA_DIR).
    const tokens = await Promise.all(addresses.map((url) => signIn(url!)));
    for (const [i, url] of addresses.entries()) {
      const other = tokens[(i + 1) % INSTANCES].access_token;
      const res = await fetch(`${url}/core/AppSettings`, { headers: { authorization: `Bearer ${other}` } });
      expect(res.status, `instance ${i} with instance ${(i + 1) % INSTANCES}'s token`).toBe(200);
    }
  });
});
