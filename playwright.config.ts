import { defineConfig } from '@playwright/test';
import { E2E_OUTBOX_SECRET } from './e2e/dev-outbox';

const PORT = Number(process.env.E2E_PORT ?? 8091);

// Debian's Chromium only; the server runs on a fresh data dir (its embedded PostgreSQL in .data/e2e/pg)
// with a fast simulated feed.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  // Lazy routes and the chart chunk can take more than the default 5 s on a loaded 2-core machine.
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf .data/e2e && PORT=${PORT} DATA_DIR=.data/e2e TICK_RATE=20 WALLET_GATE=off LOG_LEVEL=warn DEV_OUTBOX_SECRET=${E2E_OUTBOX_SECRET} npx tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/getSiteConfig`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server stop its embedded PostgreSQL (the default SIGKILL would leave a crash to recover)
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
