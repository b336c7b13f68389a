/**
 * A takeover timed on the database's clock, the one the lease itself runs on (scale/lease.ts):
 * the moment of the kill and the new holder's `acquired_at` are both the server's now(). How late
 * the test's own polling notices the new leader, on a busy machine, then never counts.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export async function dbNow(db: Db): Promise<Date> {
  const r = await sql<{ t: Date }>`SELECT now() AS t`.execute(db);
  return r.rows[0].t;
}

/** ms from `since` (a dbNow reading) to when the lease's current holder acquired it */
export async function acquiredAfterMs(db: Db, name: string, since: Date): Promise<number> {
  const r = await sql<{ ms: number }>`
    SELECT (extract(epoch FROM (acquired_at - ${since}::timestamptz)) * 1000)::float8 AS ms
    FROM engine_lease WHERE name = ${name}`.execute(db);
  return Math.round(Number(r.rows[0].ms));
}
