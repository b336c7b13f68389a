/**
 * Opens the one database the server uses: PostgreSQL when DATABASE_URL is set, otherwise PGlite
 * (real Postgres in WebAssembly) in the data directory. Same SQL dialect, same migrations.
 */
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

// NUMERIC comes back from pg as a string already; BIGINT (20) as string too: parse counts to numbers
// only where the column is an id/count (int8 ids fit in 2^53 here).
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite directory; undefined means in memory */
  dataDir?: string;
  /** PostgreSQL schema to use (tests get a fresh one each) */
  schema?: string;
}

export async function connectDb(opts: ConnectOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    if (opts.schema) {
      const c = await pool.connect();
      try {
        await c.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
      } finally {
        c.release();
      }
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
