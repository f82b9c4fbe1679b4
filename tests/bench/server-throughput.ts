// Server throughput: requests/s and p99 latency on SQLite and on PostgreSQL (embedded) for
//  - the token endpoint (password grant): argon2id makes this CPU-bound by design (~19 MiB and
//    2 passes per check), so it measures how many sign-ins a core can verify, not the HTTP stack;
//  - GET /core/AppSettings with a bearer token: JWT check + one session lookup + one user read.
// The server runs as its own process (`tsx server/main.ts`), autocannon in this one.
//   npx tsx tests/bench/server-throughput.ts        (or: npm run bench -- server-throughput)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDatabase, startEmbeddedPostgres } from '../server/embedded-pg';
import { startServer } from './_support';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export interface Row {
  database: string;
  endpoint: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const FORM = new URLSearchParams({
  grant_type: 'password',
  username: 'admin',
  password: 'Admin@123',
  client_id: 'sitedesk',
  client_secret: 'sitedesk-secret',
  scope: 'openid profile offline_access',
  type: '0',
  domain: '',
  type_special: '0',
}).toString();

async function measure(database: string, endpoint: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return {
    database,
    endpoint,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchServer(database: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServer(env);
  try {
    const token = await fetch(`${server.url}/auth/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: FORM,
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const rows: Row[] = [];
    rows.push(
      // One account from 50 connections: at most 5 attempts are in flight per account (the lockout holds under
      // concurrency, docs/api.md "Rules the database enforces"), so most of these answers are the throttle's 429.
      await measure(database, 'POST /auth/connect/token (password, one account: 429 past 5 in flight)', {
        url: `${server.url}/auth/connect/token`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: FORM,
      }),
    );
    rows.push(
      await measure(database, 'GET /core/AppSettings (bearer)', {
        url: `${server.url}/core/AppSettings`,
        headers: { authorization: `Bearer ${token.access_token}` },
      }),
    );
    return rows;
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<Row[]> {
  const rows: Row[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-bench-'));
  const pg = await startEmbeddedPostgres({ durable: true });
  try {
    rows.push(...(await benchServer('SQLite', { DATA_DIR: path.join(dataDir, 'sqlite') })));
    const db = await createDatabase(pg, 'bench');
    rows.push(...(await benchServer('PostgreSQL', { DATA_DIR: path.join(dataDir, 'pg'), DATABASE_URL: db.url })));
  } finally {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function print(rows: Row[]) {
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} CPU cores, node ${process.version}\n`);
  console.log('| database | endpoint | req/s | p99 ms | non-2xx | errors |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.database} | ${r.endpoint} | ${r.requestsPerSecond} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  run().then(print, (err) => {
    console.error(err);
    process.exit(1);
  });
}
