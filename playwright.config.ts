import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { useRamTmp } from './tests/ram-tmp';

useRamTmp();

// End-to-end journeys against the real server serving the built console (npm run build first).
// Each worker has a server of its own (port E2E_PORT + the worker's index, its own DATA_DIR with the demo seeded):
// journeys that count what a whole website holds (dashboard, trash, audit) never see another worker's records, and
// two workers keep both cores busy while one waits on the other's page. E2E_WORKERS=1 for one spec at a time.
const port = Number(process.env.E2E_PORT ?? 5181);
// One by default: on two cores a second worker measured no faster (~20 s a journey either way; the console's screen
// loads are CPU-bound) and less steady. E2E_WORKERS=2 where there are cores to spare.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const dataDir = (index: number) => path.join(os.tmpdir(), `sitedesk-e2e-${process.pid}-${index}`);
// A worker process loads this file too, with its index in the environment: its baseURL is its own server's.
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: 'tests/e2e',
  // A long journey of several screens on a busy two-core machine needs more than a minute.
  timeout: 120_000,
  // A screen's first load in a fresh context parses the console's chunks: with two workers on two cores that takes
  // up to ~15 s here (the load time itself is a bench matter, not a journey's).
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers,
  // A failed journey runs once more, recording its trace then (Playwright reports it as flaky when the retry passes,
  // and a failure still fails the run). Recording a trace on every journey cost a third of the suite's time.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port + workerIndex}`,
    // The console honours prefers-reduced-motion (no antd animations): no journey waits for one to finish.
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port + index}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(port + index), HOST: '127.0.0.1', DATA_DIR: dataDir(index), SEED_DEMO: '1', E2E_FAST_TOKENS: '0', INTAKE_MAX_PER_MINUTE: '200', WEBHOOKS_ALLOW_PRIVATE: '1' },
  })),
});
