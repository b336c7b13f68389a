import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localeBundles } from './scripts/build/locale-bundles';

// Unit and integration tests live beside the code (*.test.ts). Playwright specs in e2e/ are not ours.
export default defineConfig({
  // src/i18n imports each language's merged tables from this plugin
  plugins: [localeBundles(fileURLToPath(new URL('./locales', import.meta.url)))],
  test: {
    include: [
      'core/**/*.test.ts',
      'workers/**/*.test.ts',
      'server/**/*.test.ts',
      'src/**/*.test.ts',
      // the long-function ratchet (the other tests in scripts/ need a database: vitest.db.config.ts)
      'scripts/long-functions.test.ts',
    ],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one fork fewer than the cores: one on CI's 2 cores, where a file spends
    // much of its time loading the server's modules and waiting on PostgreSQL. Two forks there took
    // a sample of 15 files from 200 s to 117 s; more cores keep the default.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // one embedded PostgreSQL per run (nothing embedded when DATABASE_URL is set)
    globalSetup: ['server/testing/pg-global-setup.ts'],
  },
});
