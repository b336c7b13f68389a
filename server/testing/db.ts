/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new schema on the
 * PostgreSQL server when DATABASE_URL is set (CI runs the database tests both ways).
 */
import { randomBytes } from 'node:crypto';
import { connectDb, type DbHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await connectDb({ databaseUrl: url, schema });
  await migrateToLatest(handle.db as never, { schema });
  if (!url || !schema) return handle;
  return {
    ...handle,
    close: async () => {
      const { sql } = await import('kysely');
      await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(handle.db);
      await handle.close();
    },
  };
}
