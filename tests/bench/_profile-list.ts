// Not a benchmark (leading underscore: npm run bench skips it): profiles the server (--cpu-prof, into PROFILE_DIR or a
// temporary folder) while it answers the keyword list at 100,000 news, and prints the CPU time the server and (on
// PostgreSQL) the database's processes spent. `npx tsx tests/bench/_profile-list.ts`; PROFILE_DATABASE=postgres
// profiles on PostgreSQL; PROFILE_AFRESH=1 asks a new address each request (an ignored `fresh=<n>`, as the list
// bench's "read afresh"), so that no kept page answers and the profile is the engine's whole read; PROFILE_BARE=1 then
// profiles the bare route (_bare-list.ts) on the same rows with the same requests, into PROFILE_DIR/bare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase, startEmbeddedPostgres } from '../server/embedded-pg';
import { postgresCpuSeconds, processCpuSeconds, signIn, startBenchProcess, startServer } from './_support';

const { load } = await import('./list-page');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-prof-'));
const profileDir = process.env.PROFILE_DIR ?? path.join(dir, 'profile');
const postgres = process.env.PROFILE_DATABASE === 'postgres';
const pg = postgres ? await startEmbeddedPostgres({ durable: true }) : undefined;
const env: { DATA_DIR: string; DATABASE_URL?: string } = { DATA_DIR: path.join(dir, 'data') };
if (pg) env.DATABASE_URL = (await createDatabase(pg, 'profile')).url;
// PROFILE_QUERY picks another list call (default: the keyword list).
const query = process.env.PROFILE_QUERY ?? 'page=1&pageSize=50&keyword=kh%C3%A1m';
const address = `/api/News/1/vi-VN?${query}`;

/** Five seconds of the list at PROFILE_CONNECTIONS (10), metered: the process `pid` and (PostgreSQL) the database. */
async function measure(name: string, url: string, pid: number, headers: Record<string, string> = {}) {
  let n = 0;
  const fresh = process.env.PROFILE_AFRESH === '1' ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `${address}&fresh=${++n}` }) }] } : {};
  const cpu = () => ({ server: processCpuSeconds(pid), database: postgres ? postgresCpuSeconds() : 0 });
  const before = cpu();
  const result = await autocannon({ connections: Number(process.env.PROFILE_CONNECTIONS ?? 10), duration: 5, url: `${url}${address}`, headers, ...fresh });
  const after = cpu();
  const requests = Math.max(1, result.requests.total);
  console.log(
    `${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms; CPU seconds in 5 s: server ${(after.server - before.server).toFixed(2)}, ` +
      `database ${(after.database - before.database).toFixed(2)}; server ${(((after.server - before.server) * 1000) / requests).toFixed(2)} ms a request`,
  );
}

try {
  await (await startServer(env)).stop();
  await load(env);
  const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const token = await signIn(server.url);
  await measure('Sitedesk', server.url, server.pid, { authorization: `Bearer ${token}` });
  await server.stop();
  if (process.env.PROFILE_BARE === '1') {
    const target = env.DATABASE_URL ?? path.join(env.DATA_DIR, 'sitedesk.db');
    const bareDir = path.join(profileDir, 'bare');
    const bare = await startBenchProcess('_bare-list.ts', [target], ['--cpu-prof', `--cpu-prof-dir=${bareDir}`]);
    await measure('bare route', bare.url, bare.pid);
    await bare.stop();
  }
} finally {
  await pg?.stop();
}
console.log(`profile written to ${profileDir}`);
