// Starts ONE embedded PostgreSQL for the whole server test run and hands its address to the
// tests through vitest's provide/inject (`inject('pg')`). Each suite creates its own database.
//
// It also seeds the demo ONCE per database kind (`inject('demoTemplates')`): a suite that wants the demo as it is
// seeded (no app options of its own) starts on a copy of it — its DATA_DIR copied, and on PostgreSQL a database made
// with `CREATE DATABASE … TEMPLATE` — instead of running every migration and the demo's seed (its photo uploads
// included) again: ~160 suites in a run. Each suite still has its own database; nothing is shared while it runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { createDatabase, startEmbeddedPostgres, type PgServerInfo } from './embedded-pg';

export interface DemoTemplates {
  sqlite?: { dataDir: string };
  postgres?: { dataDir: string; database: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pg: PgServerInfo;
    demoTemplates: DemoTemplates;
  }
}

/** The secret every suite's app signs with (tests/server/harness.ts), so the template's seed matches them. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

async function seedTemplate(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const app = await buildApp({ dataDir, databaseUrl, rendererDir: null, jwtSecret: TEST_JWT_SECRET, seed: { demo: true }, webhooks: { allowPrivate: true } });
  await app.close();
}

async function demoTemplates(pg: PgServerInfo): Promise<DemoTemplates> {
  if (process.env.SITEDESK_TEST_TEMPLATES === '0') return {};
  const only = process.env.SITEDESK_TEST_DB;
  const out: DemoTemplates = {};
  if (only !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-template-sqlite-'));
    await seedTemplate(dataDir, undefined);
    out.sqlite = { dataDir };
  }
  if (only !== 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-template-pg-'));
    const created = await createDatabase(pg, 'tmpl');
    await seedTemplate(dataDir, created.url);
    out.postgres = { dataDir, database: created.name };
  }
  return out;
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const pg = await startEmbeddedPostgres();
  const info = { host: pg.host, port: pg.port, user: pg.user, password: pg.password };
  project.provide('pg', info);
  console.log(`embedded PostgreSQL on port ${pg.port} (${Date.now() - started} ms)`);
  const seeding = Date.now();
  const templates = await demoTemplates(info);
  project.provide('demoTemplates', templates);
  console.log(`demo seeded once per database kind for the suites to copy (${Date.now() - seeding} ms)`);
  return async () => {
    for (const t of [templates.sqlite, templates.postgres]) if (t) fs.rmSync(t.dataDir, { recursive: true, force: true });
    await pg.stop();
  };
}
