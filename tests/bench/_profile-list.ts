// Not a benchmark (leading underscore: npm run bench skips it): profiles the server (--cpu-prof, into PROFILE_DIR or a
// temporary folder) while it answers the keyword list at 100,000 news, and prints the CPU time the server and (on
// PostgreSQL) the database's processes spent. `npx tsx tests/bench/_profile-list.ts`; PROFILE_DATABASE=postgres
// profiles on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase, startEmbeddedPostgres } from '../server/embedded-pg';
import { postgresCpuSeconds, processCpuSeconds, signIn, startServer } from './_support';

const { load } = await import('./list-page');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-prof-'));
const postgres = process.env.PROFILE_DATABASE === 'postgres';
const pg = postgres ? await startEmbeddedPostgres({ durable: true }) : undefined;
const env: { DATA_DIR: string; DATABASE_URL?: string } = { DATA_DIR: path.join(dir, 'data') };
if (pg) env.DATABASE_URL = (await createDatabase(pg, 'profile')).url;
try {
  await (await startServer(env)).stop();
  await load(env);
  const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR ?? path.join(dir, 'profile')}`]);
  const token = await signIn(server.url);
  // PROFILE_QUERY picks another list call (default: the keyword list).
  const query = process.env.PROFILE_QUERY ?? 'page=1&pageSize=50&keyword=kh%C3%A1m';
  const cpu = () => ({ server: processCpuSeconds(server.pid), database: postgres ? postgresCpuSeconds() : 0 });
  const before = cpu();
  const result = await autocannon({ connections: Number(process.env.PROFILE_CONNECTIONS ?? 10), duration: 5, url: `${server.url}/api/News/1/vi-VN?${query}`, headers: { authorization: `Bearer ${token}` } });
  const after = cpu();
  console.log(`${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms; CPU seconds in 5 s: server ${(after.server - before.server).toFixed(2)}, database ${(after.database - before.database).toFixed(2)}`);
  await server.stop();
} finally {
  await pg?.stop();
}
console.log(`profile written to ${process.env.PROFILE_DIR ?? path.join(dir, 'profile')}`);
