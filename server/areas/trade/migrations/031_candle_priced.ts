import { sql, type Kysely } from 'kysely';

/**
 * lever_orders.price_candle: the period of the stored candle (candles table) whose open priced the
 * position's entry (the bar starting at opened_at) and whose close priced its exit (the bar ending
 * at closed_at). Set only on the local demo's seeded past trades, which were never decided by a
 * live tick; null for every live position (its open_seq / close_seq name the ticks). `npm run
 * verify` checks such a position's prices against those candles and its P&L like any other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lever_orders ADD COLUMN price_candle TEXT CHECK (price_candle IN ('60min', '4hour'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lever_orders DROP COLUMN IF EXISTS price_candle`.execute(db);
}
