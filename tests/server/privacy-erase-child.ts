// The child of privacy-seal.test.ts's kill -9 test: the server's app on the test's database (DATA_DIR,
// DATABASE_URL), erasing the bookings named on the command line one after another, saying each one done on stdout,
// until the test kills it (SIGKILL) in the middle of them.
import { buildApp } from '../../server/app';
import { eraseRecord } from '../../server/privacy/index';
import { booking } from '../../shared/resources/people';

const [websiteId, ...ids] = process.argv.slice(2).map(Number);
const app = await buildApp({
  dataDir: process.env.DATA_DIR!,
  databaseUrl: process.env.DATABASE_URL || undefined,
  rendererDir: null,
  jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
  seed: { demo: false },
  logger: false,
});
console.log('ready');
for (const id of ids) {
  await eraseRecord(app, { def: booking, websiteId, id }, { reason: 'kill9' });
  console.log(`erased ${id}`);
}
console.log('done');
await app.close();
