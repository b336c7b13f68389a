/**
 * Market tables: persisted candles (not ticks: PGlite shares the event loop, so per-tick writes are
 * kept out of the database) and the feed's per-symbol state (last seq/price/ts) for restarts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE candles (
      symbol  TEXT    NOT NULL,
      period  TEXT    NOT NULL,
      time    BIGINT  NOT NULL,
      open    NUMERIC NOT NULL,
      high    NUMERIC NOT NULL,
      low     NUMERIC NOT NULL,
      close   NUMERIC NOT NULL,
      volume  NUMERIC NOT NULL,
      PRIMARY KEY (symbol, period, time)
    )`.execute(db);
  await sql`
    CREATE TABLE market_state (
      symbol     TEXT    PRIMARY KEY,
      last_seq   BIGINT  NOT NULL,
      last_price NUMERIC NOT NULL,
      last_ts    BIGINT  NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS market_state`.execute(db);
  await sql`DROP TABLE IF EXISTS candles`.execute(db);
}
