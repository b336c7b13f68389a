/**
 * Opens a pool on a PostgreSQL server: the one named by DATABASE_URL, or the embedded cluster
 * (server/db/open.ts starts it). Money steps run in parallel on this pool, so every balance change
 * relies on the ledger's conditional updates and row locks, never on one query at a time.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { drainAll } from './drain';
import { registerPool } from './prepared';
import type { Database } from './schema';

// NUMERIC comes back from pg as a string (kept: exact money); BIGINT (20) as a string too: parse
// to numbers, since int8 here holds ids and counts that fit in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'embedded' | 'postgres';
  /** the pool under `db`: the job queue (server/plugins/job-queue.ts) runs on it too */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl: string;
  /** PostgreSQL schema to use (tests on DATABASE_URL get a fresh one each) */
  schema?: string;
  /** pool size (DB_POOL_MAX) */
  poolMax?: number;
  kind?: DbHandle['kind'];
}

export async function connectDb(opts: ConnectOptions): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolMax ?? 10,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // an idle client losing its server (a restart) must not crash the process; the next query reconnects
  pool.on('error', () => undefined);
  // nor one that loses it while checked out (a paused engine's session ended by the server's
  // idle_in_transaction_session_timeout, server/scale/lease.ts): its query fails, the process lives
  pool.on('connect', (client) => void client.on('error', () => undefined));
  if (opts.schema) {
    const c = await pool.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
    } finally {
      c.release();
    }
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  // the group commits' queues first: none of their batches is cut off by the pool's end
  const close = async () => {
    await drainAll(db);
    await db.destroy();
  };
  return { db, kind: opts.kind ?? 'postgres', pool, close };
}
