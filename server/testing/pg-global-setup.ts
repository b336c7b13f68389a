/**
 * vitest globalSetup: one embedded PostgreSQL cluster per test run (in .data/test-pg, or
 * TEST_PG_DIR), with a migrated template database that each test file copies
 * (server/testing/db.ts: CREATE DATABASE … TEMPLATE, a few ms). With DATABASE_URL set the tests
 * use that server instead and nothing is embedded.
 */
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openCluster } from '../db/embedded/cluster';
import { ensureTemplate } from './pg-template';

export interface TestPg {
  /** URL of the cluster's maintenance database; test files swap in their own database name */
  adminUrl: string;
  /** migrated template to copy */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testPg: TestPg | null;
  }
}

// Test data need not survive a power cut: skip the flushes.
const FAST = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
  shared_buffers: '64MB',
};

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('testPg', null);
    return undefined;
  }
  // not tied to this process: a second test run in this worktree may share it (last one out stops it)
  const cluster = await openCluster({
    dataDir: process.env.TEST_PG_DIR || path.resolve('.data/test-pg'),
    settings: FAST,
    dieWithParent: false,
  });
  const template = await ensureTemplate(cluster.url(), { fresh: !cluster.adopted });
  project.provide('testPg', { adminUrl: cluster.url(), template });
  return async () => {
    // Another test run (same worktree) may share an adopted cluster: the last one out stops it.
    const c = new pg.Client(cluster.url());
    await c.connect();
    const others = await c.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    await c.end();
    if (others.rows[0].n === 0) await cluster.stop();
  };
}
