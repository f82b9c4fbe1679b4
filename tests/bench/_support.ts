// Shared by the benchmarks in tests/bench (files starting with `_` are not benchmarks: scripts/bench.mjs
// skips them): the real server as its own process, signing in, test files, local-copy baselines, interleaved
// rounds for the upload benches, the bare receiver, and memory sampling from /proc.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { freePort } from '../server/embedded-pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MB = 1_000_000;

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `tsx server/main.ts` on a free loopback port with the demo seed, quiet logs and `env` on top (DATA_DIR,
 * DATABASE_URL…); `nodeArgs` go to node (e.g. --cpu-prof). Resolves once it listens (`listening` processes of it:
 * WORKERS=N).
 */
export async function startServer(env: Record<string, string>, nodeArgs: string[] = [], listening = 1): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let stopping = false;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      // WORKERS=N: each worker says it listens.
      if ((out.match(/listening on/g) ?? []).length >= listening) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  // A server that ends before the bench stops it would otherwise leave only an ECONNREFUSED behind: say how it ended.
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`bench: the server (pid ${child.pid}) ended by itself: ${signal ?? `exit code ${code}`}; its output: ${out.slice(-2000)}`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}

/** Ends a bench's child process with SIGTERM; resolves once it has exited (at once if it had). */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The demo admin's access token (password grant). */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password', username: 'admin', password: 'Admin@123', client_id: 'sitedesk', client_secret: 'sitedesk-secret',
      scope: 'openid profile offline_access', type: '0', domain: '', type_special: '0',
    }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
/** The start of an MP4 (its `ftyp` box): the server knows a video by it. */
export const MP4_HEADER = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]);

/** A file of `size` bytes, signed by `header` (a PDF unless told), written in 8 MB random blocks (never held whole in memory). */
export async function makeFile(file: string, size: number, header = PDF_HEADER): Promise<void> {
  const block = randomBytes(8 * 1024 * 1024);
  const handle = await open(file, 'w');
  try {
    await handle.write(header);
    for (let written = header.length; written < size; ) {
      const n = Math.min(block.length, size - written);
      await handle.write(block, 0, n);
      written += n;
    }
  } finally {
    await handle.close();
  }
}

export const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** VmRSS and VmHWM (peak RSS) of a process, bytes. */
export function readStatus(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Samples a process's RSS every 20 ms until stopped; answers the highest seen (bytes). */
export function sampleRss(pid: number): { stop(): number } {
  let peak = readStatus(pid).rss;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readStatus(pid).rss);
    } catch {
      /* process gone */
    }
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      try {
        peak = Math.max(peak, readStatus(pid).rss);
      } catch {
        /* process gone */
      }
      return peak;
    },
  };
}

/** User + system CPU seconds a process has used (all its threads), from /proc; 0 when it is gone or not on Linux. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

/** CPU seconds of a process and every process under it (a server started with WORKERS=N: its primary and workers). */
export function treeCpuSeconds(pid: number): number {
  const children = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const parent = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(d)]);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  for (const queue = [pid]; queue.length; ) {
    const p = queue.pop()!;
    total += processCpuSeconds(p);
    queue.push(...(children.get(p) ?? []));
  }
  return total;
}

/** CPU seconds of every PostgreSQL process on the machine (the embedded one's backends come and go). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpuSeconds(Number(pid));
    } catch {
      /* gone */
    }
  }
  return total;
}

/** One figure of a load bench (autocannon against a server): the list and content benches print these. */
/**
 * An approved, active news row as the benches load it straight into the table (what an approved save leaves), by
 * the thousand: `at` its creation time, `stamp` its concurrency stamp.
 */
export function benchNewsRow(o: { websiteId: number; image: string; startTime: string | null; searchText: string; stamp: string; at: string }) {
  return {
    websiteId: o.websiteId,
    featureImage: o.image,
    featureImageMobile: o.image,
    altFeatureImage: null,
    bannerImages: null,
    bannerImagesMobile: null,
    altImages: null,
    isMobile: false,
    isHomePage: false,
    isHot: false,
    isActive: true,
    type: 0,
    startTime: o.startTime,
    approvedStatus: 2,
    declineReason: null,
    submittedBy: null,
    viewCount: 0,
    creatorId: null,
    creatorFullName: 'Bench',
    searchText: o.searchText,
    concurrencyStamp: o.stamp,
    createdAt: o.at,
    updatedAt: o.at,
  };
}

export interface LoadRow {
  database: string;
  call: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /**
   * CPU milliseconds per answered request: the server's process (all its threads), the database's processes
   * (PostgreSQL; SQLite runs inside the server), and the load generator (this process). With 50 connections on 2
   * cores, a request waits for the 49 before it: p50 ≈ 50 ÷ req/s, and req/s ≈ the cores ÷ the sum of the three.
   */
  cpu: { server: number; database: number; loadGenerator: number };
}

/** What a figure's CPU is read from: the server's pid, and whether PostgreSQL's processes count. */
export interface Meter {
  pid: number;
  postgres: boolean;
  /** the process and those under it (WORKERS=N) */
  tree?: boolean;
}

/** Runs `measure` (for `seconds`) and adds the CPU each side spent per request (see LoadRow.cpu). */
export async function metered(meter: Meter, seconds: number, measure: () => Promise<Omit<LoadRow, 'cpu'>>): Promise<LoadRow> {
  const read = () => ({ server: meter.tree ? treeCpuSeconds(meter.pid) : processCpuSeconds(meter.pid), database: meter.postgres ? postgresCpuSeconds() : 0, loadGenerator: process.cpuUsage() });
  const before = read();
  const row = await measure();
  const after = read();
  const requests = Math.max(1, row.requestsPerSecond * seconds);
  const perRequest = (s: number) => Math.round((s * 1000 * 100) / requests) / 100;
  const generator = (after.loadGenerator.user + after.loadGenerator.system - before.loadGenerator.user - before.loadGenerator.system) / 1e6;
  return { ...row, cpu: { server: perRequest(after.server - before.server), database: perRequest(after.database - before.database), loadGenerator: perRequest(generator) } };
}

/**
 * autocannon for `seconds` at `connections`, metered. `expect: 304` when the answers should be 304s (a revalidation):
 * then `non2xx` counts the answers that are not.
 */
export function cannon(
  meter: Meter,
  seconds: number,
  database: string,
  call: string,
  connections: number,
  opts: autocannon.Options & { expect?: 304 },
): Promise<LoadRow> {
  const { expect, ...options } = opts;
  return metered(meter, seconds, async () => {
    const result = await autocannon({ connections, duration: seconds, ...options });
    const unexpected = expect === 304 ? result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - (result.statusCodeStats?.['304']?.count ?? 0) : result.non2xx;
    // Timeouts (10 s) and refused connections count with the non-2xx answers: none of them is a page.
    return { database, call, connections, requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: unexpected + result.errors };
  });
}

/** The figures as a markdown table. */
export function printLoadRows(rows: LoadRow[]): void {
  console.log('| database | call | connections | req/s | p50 ms | p99 ms | non-2xx | CPU ms per request: server / database / load generator |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const cpu = `${r.cpu.server.toFixed(2)} / ${r.cpu.database.toFixed(2)} / ${r.cpu.loadGenerator.toFixed(2)}`;
    console.log(`| ${r.database} | ${r.call} | ${r.connections} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${cpu} |`);
  }
}

/** Rounds of each upload bench (BENCH_UPLOAD_ROUNDS): the figures are the medians. */
export const UPLOAD_ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3));

/**
 * Writes every dirty page of the machine to disk (`sync`), so that a measured phase does not pay for the writing
 * the previous one left in the page cache (back-to-back 500 MB uploads here fell from about 550 to 300 MB/s).
 */
export function settle(): void {
  spawnSync('sync');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs each phase once per round, phase after phase (copy, upload, copy, upload…), the disk settled before each;
 * prints every round's milliseconds and answers each phase's median. This machine's disk drifts: the same fsync'd
 * 500 MB copy took from 0.26 s to 1.45 s within minutes, so a baseline measured once, before the uploads, could
 * fall in a fast moment and the upload in a slow one. Interleaved rounds put every phase under the same drift.
 */
export async function interleaved<K extends string>(rounds: number, phases: Record<K, () => Promise<number>>): Promise<Record<K, number>> {
  const samples = Object.fromEntries(Object.keys(phases).map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (const [name, phase] of Object.entries(phases) as [K, () => Promise<number>][]) {
      settle();
      samples[name].push(await phase());
    }
  }
  // Every round's figure, so the spread behind each median is on record.
  console.log(`rounds (ms): ${Object.entries(samples).map(([k, v]) => `${k} ${(v as number[]).map(Math.round).join(' / ')}`).join('; ')}`);
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v as number[])])) as Record<K, number>;
}

/**
 * The local-copy baselines, one copy each (milliseconds), into a scratch file removed afterwards:
 *  - copyFile: fs.copyFile as is (the kernel may copy without user space and without reaching the disk);
 *  - streamCopy: read and write streams through user space, then fsync, as the server does with what it stores.
 */
export function copyPhases(source: string, scratchDir: string) {
  const target = path.join(scratchDir, 'copy');
  const once = async (copy: () => Promise<unknown>) => {
    try {
      return await timed(copy);
    } finally {
      fs.rmSync(target, { force: true });
    }
  };
  return {
    copyFile: () => once(() => fs.promises.copyFile(source, target)),
    streamCopy: () =>
      once(async () => {
        await pipeline(fs.createReadStream(source, { highWaterMark: 1 << 20 }), fs.createWriteStream(target));
        const h = await open(target, 'r+');
        await h.sync();
        await h.close();
      }),
  };
}

/** Reads `file` once so that every phase starts with it in the page cache. */
export async function warmRead(file: string): Promise<void> {
  await pipeline(fs.createReadStream(file), new Writable({ write: (_chunk, _enc, done) => done() }));
}

/** A bench process of its own (a bare route or receiver) that prints `listening on <url>` once it serves. */
export interface BenchProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `tests/bench/<script>` in its own process (with `nodeFlags` before it, e.g. `--cpu-prof`), as the server runs:
 * answered once it prints the address it listens on; `stop` ends it with SIGTERM.
 */
export async function startBenchProcess(script: string, args: string[], nodeFlags: string[] = []): Promise<BenchProcess> {
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join('tests', 'bench', script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () => stopChild(child),
  };
}

/**
 * tests/bench/_bare-receiver.ts in its own process, as the server runs: what HTTP and multipart parsing allow on this
 * machine, with nothing of the server's bookkeeping (see that file).
 */
export const startBareReceiver = (dir: string): Promise<BenchProcess> => startBenchProcess('_bare-receiver.ts', [dir]);

/** "load 1.2 / 3.4 / 5.6 on 2 cores": the figures are only as steady as the machine. */
export function machineLoad(): string {
  return `load average ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} on ${os.cpus().length} cores, node ${process.version}`;
}

/** Runs `main` when the file is the script node was started with. */
export function runIfMain(moduleUrl: string, main: () => Promise<unknown>): void {
  if (process.argv[1] && fileURLToPath(moduleUrl) === path.resolve(process.argv[1])) {
    main().catch((err) => {
      console.error(err);
      process.exit(1);
    });
  }
}

/**
 * The console's build in RENDERER_DIR (default dist/renderer), built first when missing or when BENCH_BUILD=1; the
 * servers started by startServer serve the same RENDERER_DIR (they read it from the environment).
 */
export function ensureRenderer(): string {
  const rendererDir = path.resolve(ROOT, process.env.RENDERER_DIR ?? 'dist/renderer');
  if (process.env.BENCH_BUILD === '1' || !fs.existsSync(path.join(rendererDir, 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--outDir', rendererDir, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the console build failed');
  }
  return rendererDir;
}

/** Chromium from Debian, launched as the browser tests launch it. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
