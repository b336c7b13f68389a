import { sql, type Kysely } from 'kysely';

/**
 * Crash safety:
 * - market_ticks: the ticks an outcome may need, written in batches (and the deciding tick in the
 *   deciding transaction), so a restart settles from ticks the feed actually produced;
 * - idempotency_keys.owner / committed_at / committed_ref: which process reserved a key, and
 *   whether (and with which business row) the guarded operation committed — set in the
 *   operation's own transaction — so a key left in flight by a crash is recovered instead of
 *   refused forever.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(sql`
    CREATE TABLE market_ticks (
      symbol  TEXT    NOT NULL,
      seq     BIGINT  NOT NULL,
      price   NUMERIC NOT NULL,
      ts      BIGINT  NOT NULL,
      PRIMARY KEY (symbol, seq)
    )`);
  await run(sql`CREATE INDEX market_ticks_ts ON market_ticks (symbol, ts)`);
  await run(sql`CREATE INDEX seconds_orders_buy_tick ON seconds_orders (symbol, buy_seq)`);
  await run(sql`CREATE INDEX seconds_orders_end_tick ON seconds_orders (symbol, end_seq)`);
  await run(sql`ALTER TABLE idempotency_keys ADD COLUMN owner TEXT`);
  await run(sql`ALTER TABLE idempotency_keys ADD COLUMN committed_at TIMESTAMPTZ`);
  await run(sql`ALTER TABLE idempotency_keys ADD COLUMN committed_ref JSONB`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys DROP COLUMN IF EXISTS committed_ref`.execute(db);
  await sql`ALTER TABLE idempotency_keys DROP COLUMN IF EXISTS committed_at`.execute(db);
  await sql`ALTER TABLE idempotency_keys DROP COLUMN IF EXISTS owner`.execute(db);
  await sql`DROP INDEX IF EXISTS seconds_orders_end_tick`.execute(db);
  await sql`DROP INDEX IF EXISTS seconds_orders_buy_tick`.execute(db);
  await sql`DROP TABLE IF EXISTS market_ticks`.execute(db);
}
