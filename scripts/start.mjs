// `npm start`: build what is missing or stale, start the API server with the demo data, wait until it
// answers, then open the desktop app pointed at it. Where Electron cannot run (no binary, no display)
// the console stays available in a browser until Ctrl+C.
//
// Environment: PORT (5080), HOST (127.0.0.1), DATA_DIR (./data), LOG_FORMAT (pretty: the server's log lines for a
// person at this terminal); everything else goes to the server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const port = Number(process.env.PORT ?? 5080);
const host = process.env.HOST || '127.0.0.1';
const serverUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const children = new Set();
let stopping = false;

/** Newest modification time under `dir` (ignores node_modules). */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** `npm run <script>` through the npm that runs us (no shell needed), or plain npm. */
function npmRun(script) {
  const npmCli = process.env.npm_execpath;
  const child = npmCli && npmCli.endsWith('.js')
    ? run(process.execPath, [npmCli, 'run', '--silent', script])
    : run('npm', ['run', '--silent', script], { shell: process.platform === 'win32' });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run ${script} failed (exit code ${code})`)))),
  );
}

async function buildIfNeeded() {
  const built = path.join(root, 'dist/renderer/index.html');
  const sources = Math.max(newest(path.join(root, 'renderer')), newest(path.join(root, 'shared')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) await npmRun('build:renderer');
  await npmRun('build:desktop');
}

async function waitForHealth(server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  server.once('exit', (code) => (exited = code ?? 1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the server stopped before it was ready (exit code ${exited})`);
    try {
      const response = await fetch(`${serverUrl}/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${serverUrl}/health within ${timeoutMs / 1000} s`);
}

/** Why Electron cannot run here, or null when it can. */
function electronUnavailable() {
  let binary;
  try {
    binary = require('electron'); // the path of the binary, or a throw when its download was skipped
  } catch {
    return { reason: 'no binary' };
  }
  if (typeof binary !== 'string' || !existsSync(binary)) return { reason: 'no binary' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return { reason: 'no display', binary };
  return { binary, reason: null };
}

function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
  // Give the server time to close its database cleanly, then leave.
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, 10_000);
  force.unref();
}

async function main() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll('SIGTERM'));

  await buildIfNeeded();

  const server = run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, SEED_DEMO: process.env.SEED_DEMO ?? '1', DATA_DIR: process.env.DATA_DIR || './data', PORT: String(port), HOST: host, LOG_FORMAT: process.env.LOG_FORMAT || 'pretty' },
  });
  server.on('exit', (code, signal) => {
    const asked = stopping;
    if (!asked) console.error(`sitedesk: the server stopped (${signal ?? `exit code ${code}`}).`);
    stopAll();
    process.exitCode = asked ? 0 : code || 1;
  });
  await waitForHealth(server);
  if (stopping) return;

  const electron = electronUnavailable();
  if (electron.reason) {
    console.log(
      `Electron is not available here (${electron.reason}): the console is served at ${serverUrl}/ — open it in a browser. Press Ctrl+C to stop.`,
    );
    return; // the server child keeps the process alive until Ctrl+C
  }
  const app = run(electron.binary, ['.'], {
    env: { ...process.env, SITEDESK_SERVER_URL: serverUrl, SITEDESK_PROFILE: 'local' },
  });
  app.on('exit', () => stopAll());
}

main().catch((error) => {
  console.error(`sitedesk: ${error.message}`);
  stopAll();
  process.exitCode = 1;
});
