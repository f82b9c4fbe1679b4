// npm run bench: runs each benchmark in tests/bench/ one after another and prints its figures.
// Benchmarks measure; they never fail the build (targets are reported next to the figures).
// Pass names to run a subset: npm run bench -- upload signin
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dir = path.resolve('tests/bench');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync('npx', ['tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`(${file} exited with ${r.status})`);
  }
}
process.exit(failed ? 1 : 0);
