// The real API server (server/app.ts) on a free port with a temporary data directory and the
// demo seed (admin / Admin@123), for tests of main-process modules against it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';

export interface RealServer {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startRealServer(): Promise<RealServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sitedesk-desktop-'));
  const app = await buildApp({ dataDir, rendererDir: null, seed: { demo: true }, jwtSecret: 'desktop-tests-secret-'.padEnd(48, 'x') });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Password grant straight to the server (to get a token independently of the code under test). */
export async function passwordGrant(url: string) {
  const response = await fetch(`${url}/auth/connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password', username: 'admin', password: 'Admin@123', client_id: 'sitedesk',
      client_secret: 'sitedesk-secret', scope: 'openid profile offline_access', type: '0', domain: '', type_special: '0',
    }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
}
