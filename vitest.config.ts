import { defineConfig } from 'vitest/config';

// Unit and integration tests live beside the code (*.test.ts). Playwright specs in e2e/ are not ours.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'workers/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // one embedded PostgreSQL per run (nothing embedded when DATABASE_URL is set)
    globalSetup: ['server/testing/pg-global-setup.ts'],
  },
});
