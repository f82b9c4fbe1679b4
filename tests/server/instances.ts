// Another instance of the app on a suite's PostgreSQL database, as a second server process behind a load balancer
// would be: its own DATA_DIR (nothing shared through the disk), the suite's clock, the demo seed (found already
// written). The instances-* suites build theirs with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { ServerTestContext } from './harness';

export interface OtherInstance {
  app: FastifyInstance;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** `options` add to (or override) the instance's; `name` tells its folder apart. */
export async function otherInstance(ctx: ServerTestContext, options: Partial<BuildAppOptions> = {}, name = 'b'): Promise<OtherInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sitedesk-instance-${name}-`));
  try {
    const app = await buildApp({ dataDir, databaseUrl: ctx.databaseUrl, rendererDir: null, now: ctx.clock.now, seed: { demo: true }, ...options });
    return {
      app,
      async close() {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
