// Directus 11, the peer a clinic would otherwise pick, for the list and content benches (list-page.ts,
// content-delivery.ts) — never a dependency of the project: installed from npm into a temporary folder kept between
// runs (BENCH_DIRECTUS_DIR), its native modules rebuilt (npm skips their install scripts here), bootstrapped on
// SQLite, given a `news` collection through its own API (and, for the content bench, read access for its public
// policy), then bulk-loaded with the same rows as Sitedesk while it is stopped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../server/embedded-pg';

const VERSION = '11';
const DIR = process.env.BENCH_DIRECTUS_DIR ?? path.join(os.tmpdir(), `sitedesk-bench-directus-${VERSION}`);
const ADMIN = { email: 'admin@example.com', password: 'Bench-Admin-123' };

export interface NewsRow {
  websiteId: number;
  title: string;
  content: string;
  createdAt: string;
}

/** A field of the collection, as Directus' `POST /fields/{collection}` takes it. */
export interface DirectusField {
  field: string;
  type: 'integer' | 'string' | 'text' | 'timestamp' | 'json' | 'boolean';
  schema?: Record<string, unknown>;
}

/**
 * The `news` collection a bench reads: its fields, its rows (values in the fields' order, as SQLite stores them:
 * Directus keeps a timestamp there as epoch milliseconds, JSON as text, a boolean as 0 or 1), the columns of the one
 * index its list uses, and whether its public policy may read it (no token: what a website would call).
 */
export interface DirectusCollection {
  fields: DirectusField[];
  rows: Iterable<(string | number | null)[]>;
  index: string[];
  publicRead?: boolean;
}

export interface Directus {
  url: string;
  /** its server's process (SQLite runs inside it) */
  pid: number;
  token: string;
  version: string;
  stop(): Promise<void>;
}

function npm(args: string[], cwd: string) {
  const r = spawnSync('npm', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed: ${r.stderr.slice(-2000)}`);
}

/** Directus in `DIR` (installed the first time: about three minutes). */
function install(): string {
  const done = path.join(DIR, '.installed');
  if (!fs.existsSync(done)) {
    fs.mkdirSync(DIR, { recursive: true });
    fs.writeFileSync(path.join(DIR, 'package.json'), JSON.stringify({ name: 'bench-directus', private: true }));
    console.log(`Directus: installing directus@${VERSION} into ${DIR} (first run only)`);
    npm(['install', `directus@${VERSION}`, '--no-audit', '--no-fund'], DIR);
    npm(['rebuild', 'sqlite3', 'isolated-vm', 'argon2', 'sharp'], DIR);
    fs.writeFileSync(done, '');
  }
  return JSON.parse(fs.readFileSync(path.join(DIR, 'node_modules/directus/package.json'), 'utf8')).version;
}

function start(env: Record<string, string>, command: 'bootstrap' | 'start'): ChildProcess {
  return spawn(process.execPath, [path.join(DIR, 'node_modules/directus/cli.js'), command], {
    cwd: DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

async function until(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`Directus exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Directus did not start');
}

async function api(url: string, token: string, method: string, route: string, body: unknown) {
  const res = await fetch(`${url}${route}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`Directus ${method} ${route}: ${res.status} ${await res.text()}`);
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/**
 * Directus on SQLite in `dataDir` with `rows` in a `news` collection (id, website_id, title, content, created_at) and
 * the same index on (website_id, created_at) that Sitedesk's list uses; its cache off, as it ships.
 */
export function startDirectus(dataDir: string, rows: Iterable<NewsRow>): Promise<Directus> {
  return startDirectusWith(dataDir, {
    fields: [
      { field: 'website_id', type: 'integer' },
      { field: 'title', type: 'string', schema: { max_length: 500 } },
      { field: 'content', type: 'text' },
      { field: 'created_at', type: 'timestamp' },
    ],
    rows: (function* () {
      for (const r of rows) yield [r.websiteId, r.title, r.content, r.createdAt];
    })(),
    index: ['website_id', 'created_at'],
  });
}

/**
 * Directus 11 keeps what anyone may do without signing in on its public policy: the policy given to no role and no
 * user (its `directus_access` row has neither). Read access to `collection`, every field, no filter.
 */
export async function grantPublicRead(url: string, token: string, collection: string) {
  const res = await fetch(`${url}/access?filter[role][_null]=true&filter[user][_null]=true&fields=policy`, { headers: { authorization: `Bearer ${token}` } });
  const policy = ((await res.json()) as { data: { policy: string }[] }).data[0]?.policy;
  if (!policy) throw new Error('Directus: no public policy found');
  await api(url, token, 'POST', '/permissions', { policy, collection, action: 'read', fields: ['*'], permissions: {}, validation: {} });
}

/** Directus on SQLite in `dataDir` with `collection` as `news` (see DirectusCollection); its cache off, as it ships. */
export async function startDirectusWith(dataDir: string, collection: DirectusCollection): Promise<Directus> {
  const version = install();
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const file = path.join(dataDir, 'directus.db');
  const env = {
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: file,
    KEY: 'bench-key',
    SECRET: 'bench-secret-bench-secret-bench-secret',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'error',
    TELEMETRY: 'false',
    ACCESS_TOKEN_TTL: '1d',
    STORAGE_LOCAL_ROOT: path.join(dataDir, 'uploads'),
    EXTENSIONS_PATH: path.join(dataDir, 'extensions'),
  };
  if ((await exited(start(env, 'bootstrap'))) !== 0) throw new Error('directus bootstrap failed');

  // The collection through Directus' own API, so its metadata is what its users would have.
  let server = start(env, 'start');
  await until(`${url}/server/ping`, server);
  const token = await login(url);
  await api(url, token, 'POST', '/collections', { collection: 'news', schema: {}, meta: {} });
  for (const field of collection.fields) await api(url, token, 'POST', '/fields/news', field);
  if (collection.publicRead) await grantPublicRead(url, token, 'news');
  server.kill('SIGTERM');
  await exited(server);

  // The rows straight into its database (as Sitedesk's are), in one transaction.
  const db = new Database(file);
  const columns = collection.fields.map((f) => f.field);
  const insert = db.prepare(`insert into news (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
  db.transaction(() => {
    for (const r of collection.rows) insert.run(...r);
  })();
  db.exec(`create index news_list on news (${collection.index.join(', ')})`);
  db.close();

  server = start(env, 'start');
  await until(`${url}/server/ping`, server);
  const running = server;
  return {
    url,
    pid: running.pid!,
    token: await login(url),
    version,
    stop: async () => {
      running.kill('SIGTERM');
      await exited(running);
    },
  };
}
