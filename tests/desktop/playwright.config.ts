import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { desktopApp, root, SMOKE_PORT, SMOKE_SERVER } from './app';

// The desktop smoke test (npm run test:desktop): the Electron app against a real server with the demo data.
// Where no Electron binary exists it is skipped, saying why, and no server is started for nothing; with
// SITEDESK_SMOKE_REQUIRED=1 (the release workflow) that is a failure instead.
const app = desktopApp();
if (app.reason) {
  if (process.env.SITEDESK_SMOKE_REQUIRED === '1') throw new Error(`desktop smoke test required, but it cannot run: ${app.reason}`);
  if (!process.env.TEST_WORKER_INDEX) console.log(`desktop smoke test skipped: ${app.reason}`);
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: path.join(root, 'test-results/desktop'),
  use: { trace: 'retain-on-failure' },
  webServer: app.reason
    ? undefined
    : {
        command: 'npm run server',
        cwd: root,
        url: `${SMOKE_SERVER}/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        env: {
          PORT: String(SMOKE_PORT),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(os.tmpdir(), `sitedesk-desktop-smoke-${process.pid}`),
          SEED_DEMO: '1',
          INTAKE_MAX_PER_MINUTE: '200',
        },
      },
});
