// Sign-in page budget: what the /login route costs a first-time visitor.
//  (1) bytes transferred for /login (all requests, as sent: compressed, with headers; Chromium's
//      encodedDataLength) and the request count, then the bytes that signing in as admin and showing the
//      dashboard add; the decoded size (what an uncompressed server would send) is printed beside them;
//  (2) time from navigation start to an interactive sign-in form (username input present, enabled
//      and focused), median of 5 cold loads (fresh browser context each time).
// Targets (printed, never asserted): /login ≤ 250 KB transferred, ≤ 400 ms on loopback; the dashboard
// after sign-in ≤ 600 KB more, transferred and as decoded JavaScript (what the browser parses). Starts its own server (SEED_DEMO=1, temp DATA_DIR) on a free port serving
// RENDERER_DIR (default dist/renderer), which it builds first when missing (BENCH_BUILD=1 forces it).
//   npx tsx tests/bench/signin-page.ts        (or: npm run bench -- signin)
//   RENDERER_DIR=/tmp/me/renderer BENCH_BUILD=1 npm run bench -- signin
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { ensureRenderer, launchChromium, startServer as startBenchServer } from './_support';

const RUNS = 5;
const TARGET_SIGNIN_BYTES = 250 * 1000;
const TARGET_DASHBOARD_BYTES = 600 * 1000;
const TARGET_INTERACTIVE_MS = 400;

export interface Transfer {
  requests: number;
  /** on the wire: compressed bodies and headers */
  bytes: number;
  /** the bodies once decoded */
  decodedBytes: number;
  /** JavaScript among the decoded bodies (what the browser parses and compiles) */
  decodedScriptBytes: number;
  /** the largest scripts: file name → decoded bytes */
  largestScripts: [string, number][];
}

export interface SigninFigures {
  signin: Transfer;
  dashboard: Transfer;
  interactiveMs: number[];
  medianInteractiveMs: number;
  medianScriptsLoadedMs: number;
  loadAverage: number;
}

/** The server (shared bench support) on its own temporary DATA_DIR, removed when it stops. */
async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-bench-signin-'));
  const server = await startBenchServer({ DATA_DIR: dataDir });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The sign-in form is interactive once its username input exists, is enabled and has the focus
// (autoFocus runs after React committed the form). Resolves with performance.now(), i.e.
// milliseconds since navigation start.
const INTERACTIVE = `(() => {
  const input = document.querySelector('#login_username');
  return input && !input.disabled && document.activeElement === input ? performance.now() : false;
})()`;

// Generous: a loaded machine must make the figures bad, not the benchmark fail.
const PAGE_TIMEOUT_MS = 120_000;

/**
 * Bytes as they cross the wire (compressed, headers included: CDP's encodedDataLength) and requests,
 * for a cold /login, then for signing in as admin until the dashboard has settled.
 */
async function measureTransfer(browser: Browser, url: string) {
  // bypassCSP: the measuring predicates are evaluated as strings, which the console's CSP (rightly) forbids pages to do.
  const context = await browser.newContext({ bypassCSP: true });
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const fresh = (): Transfer => ({ requests: 0, bytes: 0, decodedBytes: 0, decodedScriptBytes: 0, largestScripts: [] });
  let counted = fresh();
  // Scripts by request id: their URL, then their decoded bytes.
  let scripts = new Map<string, { name: string; bytes: number }>();
  const take = () => {
    const figures = counted;
    figures.decodedScriptBytes = [...scripts.values()].reduce((sum, s) => sum + s.bytes, 0);
    figures.largestScripts = [...scripts.values()].sort((a, b) => b.bytes - a.bytes).slice(0, 6).map((s) => [s.name, s.bytes]);
    counted = fresh();
    scripts = new Map();
    return figures;
  };
  cdp.on('Network.responseReceived', (event: { requestId: string; type: string; response: { url: string } }) => {
    if (event.type === 'Script') scripts.set(event.requestId, { name: event.response.url.split('/').pop() ?? '', bytes: 0 });
  });
  cdp.on('Network.dataReceived', (event: { requestId: string; dataLength: number }) => {
    counted.decodedBytes += event.dataLength;
    const script = scripts.get(event.requestId);
    if (script) script.bytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    counted.requests++;
    counted.bytes += event.encodedDataLength;
  });
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.waitForFunction(INTERACTIVE);
  const signin = take();
  await page.fill('#login_username', 'admin');
  await page.fill('#login_password', 'Admin@123');
  await page.press('#login_password', 'Enter');
  await page.waitForSelector('[data-testid="user-menu"]');
  await page.waitForLoadState('networkidle');
  const dashboard = take();
  await context.close();
  return { signin, dashboard };
}

async function measureInteractive(browser: Browser, url: string): Promise<{ ms: number; scriptsLoadedMs: number }> {
  // bypassCSP: the measuring predicates are evaluated as strings, which the console's CSP (rightly) forbids pages to do.
  const context = await browser.newContext({ bypassCSP: true });
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const page = await context.newPage();
  await page.goto(`${url}/login`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(INTERACTIVE, undefined, { polling: 'raf' });
  const ms = (await handle.jsonValue()) as number;
  const scriptsLoadedMs = await page.evaluate<number>(
    `Math.max(0, ...performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).map((e) => e.responseEnd))`,
  );
  await context.close();
  return { ms, scriptsLoadedMs };
}

export async function run(): Promise<SigninFigures> {
  ensureRenderer();
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const transfer = await measureTransfer(browser, server.url);
    await measureInteractive(browser, server.url); // warm-up: server file cache, browser process
    const runs: { ms: number; scriptsLoadedMs: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureInteractive(browser, server.url));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const interactiveMs = runs.map((r) => r.ms);
    const figures: SigninFigures = {
      ...transfer,
      interactiveMs,
      medianInteractiveMs: median(interactiveMs),
      medianScriptsLoadedMs: median(runs.map((r) => r.scriptsLoadedMs)),
      loadAverage: os.loadavg()[0],
    };

    const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
    const goal = (n: number, target: number) => `(target ≤ ${kb(target)}: ${n <= target ? 'met' : 'MISSED'})`;
    // The dashboard's target holds for the decoded JavaScript too (what the browser parses and compiles).
    const line = (t: Transfer, target: number, scriptTarget?: number) =>
      `${t.requests} requests, ${kb(t.bytes)} transferred ${goal(t.bytes, target)}; ${kb(t.decodedBytes)} decoded, of which JavaScript ` +
      `${kb(t.decodedScriptBytes)}${scriptTarget ? ` ${goal(t.decodedScriptBytes, scriptTarget)}` : ''}\n` +
      `  largest scripts: ${t.largestScripts.map(([n, b]) => `${n} ${kb(b)}`).join(', ')}`;
    console.log(`/login, cold: ${line(figures.signin, TARGET_SIGNIN_BYTES)}`);
    console.log(`signing in as admin → dashboard settled, more: ${line(figures.dashboard, TARGET_DASHBOARD_BYTES, TARGET_DASHBOARD_BYTES)}`);
    console.log(`navigation start → interactive sign-in form, cold, ${RUNS} runs: ${interactiveMs.map((m) => m.toFixed(0)).join(', ')} ms;` +
      ` median ${figures.medianInteractiveMs.toFixed(0)} ms (target ≤ ${TARGET_INTERACTIVE_MS} ms: ${figures.medianInteractiveMs <= TARGET_INTERACTIVE_MS ? 'met' : 'MISSED'})`);
    // The rest of the time is script execution and rendering: CPU-bound, so read it with the load.
    console.log(`  of which all JavaScript downloaded by (median): ${figures.medianScriptsLoadedMs.toFixed(0)} ms;` +
      ` machine load average during the run: ${figures.loadAverage.toFixed(1)} on ${os.cpus().length} cores`);
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
