import { defineConfig } from '@playwright/test';
import { E2E_OUTBOX_SECRET } from './e2e/dev-outbox';
import { E2E_PG_TEMPLATE } from './e2e/pg-template';

const PORT = Number(process.env.E2E_PORT ?? 8091);
/** the specs on the shared webServer below; every other spec starts a server of its own on its own port */
const SHARED_SERVER_SPECS = [
  '**/first-paint.spec.ts',
  '**/markets.spec.ts',
  '**/service.spec.ts',
  '**/skeleton.spec.ts',
];

// Debian's Chromium only; the server runs on a fresh data dir (its embedded PostgreSQL in .data/e2e/pg)
// with a fast simulated feed. Before it starts, the migrated cluster template is made afresh from this
// checkout's migrations (scripts/pg-template.ts); this server and every spec's own server copy it
// instead of running initdb and the migrations (e2e/pg-template.ts).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  // Lazy routes and the chart chunk can take more than the default 5 s on a loaded 2-core machine.
  expect: { timeout: 15_000 },
  // Two workers: most specs start a server of their own (e2e/own-server.ts: own port, own data dir),
  // and while one waits on its server's start, seeding or verify, the other's browser runs. The
  // specs on the shared server below stay one at a time (they were written for it).
  // E2E_WORKERS: a machine with more cores may run more at once (the suite's time on another count)
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // the specs that use the shared server (baseURL): a new spec on it goes in this list
    { name: 'shared-server', testMatch: SHARED_SERVER_SPECS, workers: 1 },
    { name: 'own-server', testIgnore: SHARED_SERVER_SPECS },
  ],
  // SESSIONS_PER_USER: parallel specs sign the demo trader in far more than 10 times; the cap would
  // end one spec's session under another's feet (e2e/devices.spec.ts tests the cap's page)
  webServer: {
    command: `rm -rf .data/e2e && node --import tsx scripts/pg-template.ts ${E2E_PG_TEMPLATE} && PG_TEMPLATE_DIR=${E2E_PG_TEMPLATE} PORT=${PORT} DATA_DIR=.data/e2e TICK_RATE=20 WALLET_GATE=off LOG_LEVEL=warn SESSIONS_PER_USER=1000 DEV_OUTBOX_SECRET=${E2E_OUTBOX_SECRET} exec node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/getSiteConfig`,
    reuseExistingServer: false,
    // the template (initdb + migrations) and then the first start, on a loaded 2-core runner (only a
    // failure waits this long)
    timeout: 300_000,
    // SIGTERM lets the server stop its embedded PostgreSQL (the default SIGKILL would leave a crash to recover)
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
