/**
 * A fresh, migrated database for one test file: a copy of the migrated template on the run's
 * embedded cluster (server/testing/pg-global-setup.ts), or a new schema on the PostgreSQL server
 * when DATABASE_URL is set (CI runs the database tests both ways).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { connectDb, type DbHandle } from '../db/connect';
import { migrateToLatest, withMigrationLock } from '../db/migrate';
import { installJobQueue } from '../plugins/job-queue';
import { withDatabase } from './pg-template';

export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  return url ? schemaOn(url) : copyOfTemplate();
}

async function schemaOn(url: string): Promise<DbHandle> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handle = await connectDb({ databaseUrl: url, schema });
  await migrateToLatest(handle.db as never, { schema });
  // graphile-worker's schema too, as the app installs it at start and the embedded template holds it:
  // any test that enqueues a job (an auction's end, a seconds backstop) finds its queue
  await installJobQueue(handle);
  return {
    ...handle,
    close: async () => {
      // under the migration lock: a drop in the middle of another file's migration look-up fails it
      await withMigrationLock(handle.db as never, async (conn) => {
        await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(conn);
        await sql.raw(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).execute(conn); // its job queue (migration 027)
      });
      await handle.close();
    },
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const c = new pg.Client(adminUrl);
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function copyOfTemplate(): Promise<DbHandle> {
  const testPg = inject('testPg');
  if (!testPg)
    throw new Error(
      'no test database: run the tests through vitest (its globalSetup starts the embedded cluster) or set DATABASE_URL',
    );
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(testPg.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${testPg.template}"`);
  const handle = await connectDb({ databaseUrl: withDatabase(testPg.adminUrl, name), kind: 'embedded' });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(testPg.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
