// A real server process (`node --import tsx server/main.ts`) for the tests of several instances: its own environment
// and port, its output kept, and the address it listens on once it does.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** stdout and stderr so far */
  log: () => string;
  /** resolves with the address once the server listens, or with undefined when it exits first */
  ready: Promise<string | undefined>;
}

export function startServer(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<string | undefined>((resolve) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const address = /listening on (http:\/\/\S+)/.exec(out);
      if (address) resolve(address[1]);
    });
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', () => resolve(undefined));
  });
  return { child, log: () => out, ready };
}
