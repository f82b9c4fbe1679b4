// Not a benchmark (leading underscore: npm run bench skips it): profiles the server (--cpu-prof, into PROFILE_DIR or a
// temporary folder) while it answers the keyword list at 100,000 news. `npx tsx tests/bench/_profile-list.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn, startServer } from './_support';

const { load } = await import('./list-page');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-prof-'));
const env = { DATA_DIR: path.join(dir, 'sqlite') };
await (await startServer(env)).stop();
await load(env);
const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR ?? path.join(dir, 'profile')}`]);
const token = await signIn(server.url);
// PROFILE_QUERY picks another list call (default: the keyword list).
const query = process.env.PROFILE_QUERY ?? 'page=1&pageSize=50&keyword=kh%C3%A1m';
await autocannon({ connections: 10, duration: 5, url: `${server.url}/api/News/1/vi-VN?${query}`, headers: { authorization: `Bearer ${token}` } });
await server.stop();
console.log(`profile written to ${process.env.PROFILE_DIR ?? path.join(dir, 'profile')}`);
