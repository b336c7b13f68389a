import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localeBundles } from './scripts/build/locale-bundles';

// Unit and integration tests live beside the code (*.test.ts). Playwright specs in e2e/ are not ours.
const SERVER = ['server/**/*.test.ts'];
const CLIENT = [
  'core/**/*.test.ts',
  'workers/**/*.test.ts',
  'src/**/*.test.ts',
  // the long-function ratchet (the other tests in scripts/ need a database: vitest.db.config.ts)
  'scripts/long-functions.test.ts',
];
/** one embedded PostgreSQL per run (nothing embedded when DATABASE_URL is set); only the server's tests use it */
export const PG = ['server/testing/pg-global-setup.ts'];

export default defineConfig({
  // src/i18n imports each language's merged tables from this plugin
  plugins: [localeBundles(fileURLToPath(new URL('./locales', import.meta.url)))],
  test: {
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one fork fewer than the cores: one on CI's 2 cores, where a file spends
    // much of its time loading the server's modules and waiting on PostgreSQL. Two forks there took
    // a sample of 15 files from 200 s to 117 s; more cores keep the default.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      // The server's files share each fork's loaded modules instead of loading the whole server
      // again per file (most of a server file's time on a 2-core runner: a sample of 11 files took
      // 55 → 39 CPU-s). Each file still gets its own app and its own database (createTestDb), and
      // none stubs globals, the environment or a module (vi.mock): keep it so, or move the file to
      // the isolated project. On the PostgreSQL server (DATABASE_URL: a schema per file, migrated by
      // the file itself; vitest.db.config.ts, npm run test:db:all) every file stays isolated.
      {
        extends: true,
        test: { name: 'server', include: SERVER, isolate: Boolean(process.env.DATABASE_URL), globalSetup: PG },
      },
      { extends: true, test: { name: 'client', include: CLIENT } },
    ],
  },
});
