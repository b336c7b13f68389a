import { sql, type Kysely } from 'kysely';

/**
 * tick_log_mark: how far the feed process's durable tick log (market_ticks) is complete — every
 * tick it produced at or before `through_ts` (its clock, ms) is on record. Written with each batch
 * of ticks, in the same transaction (cluster mode): a process that does not run the feed
 * (the jobs role settling a game round) waits until the mark passes the round's instant before it
 * reads the tick at that instant, so it never settles on a tick the feed had not yet written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tick_log_mark (
      source     TEXT   PRIMARY KEY,
      through_ts BIGINT NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS tick_log_mark`.execute(db);
}
