// Not a benchmark (leading underscore: npm run bench skips it): profiles the server (--cpu-prof, into PROFILE_DIR or a
// temporary folder) while it receives a 500 MB upload through the chunk API. `npx tsx tests/bench/_profile-upload.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MB, makeFile, signIn, startServer } from './_support';
import { upload } from './upload-throughput';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-prof-upload-'));
const size = Number(process.env.PROFILE_MB ?? 500) * MB;
const source = path.join(dir, 'source.pdf');
await makeFile(source, size);
const profile = process.env.PROFILE_DIR ?? path.join(dir, 'profile');
const server = await startServer({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' }, ['--cpu-prof', `--cpu-prof-dir=${profile}`]);
const token = await signIn(server.url);
const started = performance.now();
await upload(server.url, token, source, size);
console.log(`${(size / MB / ((performance.now() - started) / 1000)).toFixed(1)} MB/s; profile written to ${profile}`);
await server.stop();
fs.rmSync(source);
