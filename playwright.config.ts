import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { useRamTmp } from './tests/ram-tmp';

useRamTmp();

// End-to-end journeys against the real server serving the built console (npm run build first).
const port = Number(process.env.E2E_PORT ?? 5181);
const dataDir = path.join(os.tmpdir(), `sitedesk-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', E2E_FAST_TOKENS: '0', INTAKE_MAX_PER_MINUTE: '200', WEBHOOKS_ALLOW_PRIVATE: '1' },
  },
});
