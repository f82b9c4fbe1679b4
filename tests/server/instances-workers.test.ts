// WORKERS=N (issue 30, "Several processes on one machine"): N server processes share the port through node:cluster on
// PostgreSQL — both answer, and one that dies is replaced while the other goes on answering; on SQLite the server says
// in one line that it runs one process, and runs it. Real processes (server/main.ts), as an operator starts them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dialects } from './harness';
import { createDatabase, dropDatabase, freePort } from './embedded-pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Started {
  child: ChildProcess;
  log: () => string;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'error', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'S3cret!pass', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, log: () => out };
}

// 60 s: a worker started through tsx compiles the server first, which takes far longer on a busy machine.
async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, log: () => string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The server processes whose parent is `pid` (Linux /proc): the cluster's workers (not tsx's esbuild service). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const parent = /^PPid:\s+(\d+)$/m.exec(fs.readFileSync(`/proc/${d}/status`, 'utf8'))?.[1];
        return parent === String(pid) && fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('server/main.ts');
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

const healthy = async (url: string) => {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) })).status === 200 ? true : undefined;
  } catch {
    return undefined;
  }
};

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function dataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sitedesk-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.runIf(dialects().includes('sqlite'))('WORKERS [sqlite]', () => {
  it('says in one line that SQLite is served by one process, and serves', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir('workers-sqlite'), PORT: String(port), WORKERS: '2' });
    cleanups.push(() => server.child.kill('SIGKILL'));
    await until('the server', () => healthy(`http://127.0.0.1:${port}`), server.log);
    expect(server.log()).toMatch(/WORKERS=2 asks for several processes, but SQLite is served by one: running one process/);
    expect(childrenOf(server.child.pid!)).toEqual([]);
  });
});

describe.runIf(dialects().includes('postgres'))('WORKERS [postgres]', () => {
  it('runs two processes on one port; one killed is replaced while the other answers; SIGTERM ends them all', { timeout: 180_000 }, async () => {
    const info = inject('pg');
    const created = await createDatabase(info);
    cleanups.push(() => dropDatabase(info, created.name));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start({ DATA_DIR: dataDir('workers-pg'), DATABASE_URL: created.url, PORT: String(port), WORKERS: '2' });
    cleanups.push(() => server.child.kill('SIGKILL'));
    const primary = server.child.pid!;

    // Both workers listen (each says so), on the one port.
    await until('two listening workers', () => ((server.log().match(/listening on/g) ?? []).length >= 2 ? true : undefined), server.log);
    expect(server.log()).toMatch(/2 worker processes on PostgreSQL sharing the port/);
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);
    for (let i = 0; i < 10; i++) expect((await fetch(`${url}/health`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5000) })).status).toBe(200);

    // One dies: the other goes on answering, and the primary starts a replacement.
    process.kill(workers[0], 'SIGKILL');
    // (A connection the primary hands to the worker in the instant it dies is lost with it, as with any process killed
    // mid-request: once the primary has seen the death, every connection goes to a live worker.)
    await until('the primary to see the death', () => (server.log().includes(`worker ${workers[0]} ended`) ? true : undefined), server.log);
    for (let i = 0; i < 10; i++) expect((await fetch(`${url}/health`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5000) })).status).toBe(200);
    await until('a replacement worker', () => {
      const now = childrenOf(primary);
      return now.length === 2 && !now.includes(workers[0]) ? now : undefined;
    }, server.log);

    // SIGTERM: every worker closes, then the primary ends.
    const ended = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await until('the end', () => Promise.race([ended, new Promise<undefined>((r) => setTimeout(() => r(undefined), 100))]), server.log, 30_000)).toBe(0);
    expect(await healthy(url)).toBeUndefined();
  });
});
