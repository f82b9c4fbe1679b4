// Start-up: health, migrations, seeding, and the refusal to start without a first account.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { StartupError } from '../../server/bootstrap';
import { createDb } from '../../server/db/dialect';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/routes';
import { describeEachDatabase } from './harness';

describeEachDatabase('start-up', (ctx) => {
  it('answers /health once ready', async () => {
    const res = await ctx.request('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('runs every migration once; a second run changes nothing', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(ctx.db);
    expect(applied.rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    const again = await migrateToLatest(ctx.db, migrations);
    expect(again.results).toEqual([]);
  });

  it('seeds the demo content: languages, two websites, three staff, the console client', async () => {
    const languages = await ctx.db.selectFrom('languages').select(['id', 'name']).orderBy('sortOrder').execute();
    expect(languages).toEqual([
      { id: 'vi-VN', name: 'Tiếng Việt' },
      { id: 'en-US', name: 'English' },
    ]);
    const sites = await ctx.db.selectFrom('websites').select(['id', 'name', 'isDefault']).orderBy('id').execute();
    expect(sites).toHaveLength(2);
    expect(JSON.parse(sites[0].name)).toEqual({ 'vi-VN': 'Phòng khám Sitedesk', 'en-US': 'Sitedesk Clinic' });
    expect(sites.map((s) => s.isDefault)).toEqual([true, false]);
    const users = await ctx.db.selectFrom('users').select(['userName', 'fullName', 'passwordHash']).orderBy('id').execute();
    expect(users.map((u) => u.userName)).toEqual(['admin', 'lan.nguyen', 'minh.tran']);
    expect(users.every((u) => u.passwordHash.startsWith('$argon2id$'))).toBe(true);
    const staff = await ctx.db.selectFrom('website_users').select(['websiteId', 'userId']).execute();
    expect(staff).toHaveLength(6);
    const client = await ctx.db.selectFrom('oauth_clients').select('id').execute();
    expect(client).toEqual([{ id: 'sitedesk' }]);
  });

  it('seeding again on restart adds nothing', async () => {
    await ctx.restart();
    expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(3);
    expect(await ctx.db.selectFrom('websites').select('id').execute()).toHaveLength(2);
    expect(await ctx.db.selectFrom('website_languages').select('websiteId').execute()).toHaveLength(4);
    await ctx.signIn();
  });

  it('refuses to start on an empty database without SEED_DEMO and without ADMIN_*', async () => {
    const fresh = await ctx.freshDatabase();
    await expect(buildApp({ ...fresh, rendererDir: null, seed: {} })).rejects.toThrow(StartupError);
    await expect(buildApp({ ...fresh, rendererDir: null, seed: {} })).rejects.toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/);
  });

  it('creates only the administrator (plus languages and client) from ADMIN_*', async () => {
    const fresh = await ctx.freshDatabase();
    const app = await buildApp({ ...fresh, rendererDir: null, seed: { admin: { userName: 'Boss', password: 'S3cret!pass' } } });
    try {
      expect(await app.db.selectFrom('users').select(['userName', 'isActive']).execute()).toEqual([{ userName: 'Boss', isActive: true }]);
      expect(await app.db.selectFrom('websites').select('id').execute()).toEqual([]);
      expect(await app.db.selectFrom('languages').select('id').execute()).toHaveLength(2);
      const res = await app.inject({
        method: 'POST',
        url: '/auth/connect/token',
        payload: 'grant_type=password&username=boss&password=S3cret!pass&client_id=sitedesk&client_secret=sitedesk-secret',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    // Later starts need no ADMIN_* any more.
    const again = await buildApp({ ...fresh, rendererDir: null, seed: {} });
    await again.close();
  });

  it('keeps booleans as booleans in both dialects', async () => {
    const handle = ctx.db;
    const row = await handle.selectFrom('website_languages').select(['isActive', 'isDefault']).where('languageId', '=', 'en-US').executeTakeFirstOrThrow();
    expect(row).toEqual({ isActive: true, isDefault: false });
  });
});

describe('server/main.ts', () => {
  function runMain(env: Record<string, string>, whileRunning: (baseUrl: string) => Promise<void> = async () => {}) {
    return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { PATH: process.env.PATH ?? '', ...env },
        cwd: path.resolve(__dirname, '../..'),
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => {
        out += d;
        const address = /listening on (http:\/\/\S+)/.exec(out);
        if (address) {
          child.stdout.removeAllListeners('data');
          whileRunning(address[1]).finally(() => child.kill('SIGTERM'));
        }
      });
      child.stderr.on('data', (d) => (err += d));
      child.on('exit', (code) => resolve({ code, out, err }));
    });
  }

  it('refuses a first start without accounts with one clear line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-main-'));
    try {
      const r = await runMain({ DATA_DIR: dataDir, PORT: '0' });
      expect(r.code).toBe(1);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(/ADMIN_USERNAME and ADMIN_PASSWORD/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts with SEED_DEMO=1, logs its address, takes token lifetimes from the environment, keeps its signing key in the database (not in DATA_DIR) and stops on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-main-'));
    try {
      let expiresIn: unknown;
      const r = await runMain({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '1', ACCESS_TOKEN_TTL_SECONDS: '60' }, async (baseUrl) => {
        const res = await fetch(`${baseUrl}/auth/connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=password&username=admin&password=Admin@123&client_id=sitedesk&client_secret=sitedesk-secret',
        });
        expiresIn = ((await res.json()) as { expires_in: number }).expires_in;
      });
      expect(expiresIn).toBe(60);
      expect(r.out).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(r.code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
      const handle = createDb({ dataDir });
      expect(await handle.db.selectFrom('users').select('id').execute()).toHaveLength(3);
      const [key] = await handle.db.selectFrom('server_secrets').select('value').execute();
      expect(key.value.length).toBeGreaterThanOrEqual(32);
      await handle.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
