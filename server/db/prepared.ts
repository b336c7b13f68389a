/**
 * Named (prepared) statements for the group commits' hottest calls. A statement sent by name is
 * parsed and planned by PostgreSQL once per connection, then only bound and run; one sent as text
 * (Kysely's way) is parsed, analysed and planned on every call, and Kysely compiles and wraps it on
 * ours. The pg pool under a Kysely handle is registered by connectDb; a handle without one (or a
 * transaction: the fenced path) runs the same text through Kysely.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** connectDb's: the pool `db` runs on. */
export function registerPool(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** A statement known by name: its text never changes (pg refuses one name for two texts). */
export interface Prepared {
  name: string;
  text: string;
}

/** Runs the named statement on `on` (the handle's pool when it has one) and returns its rows. */
export async function preparedRows<R>(on: Kysely<Database>, q: Prepared, values: unknown[]): Promise<R[]> {
  const pool = pools.get(on);
  if (!pool) return (await on.executeQuery<R>(CompiledQuery.raw(q.text, values))).rows;
  const r = await pool.query<R & pg.QueryResultRow>({ name: q.name, text: q.text, values });
  return r.rows;
}
