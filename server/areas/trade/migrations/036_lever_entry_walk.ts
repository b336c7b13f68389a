import { sql, type Kysely } from 'kysely';

/**
 * lever_orders.open_walk: what priced a contract market entry — the venue book levels it
 * walked (price, quantity taken, quantity offered), the book's epoch and seq as `market_depth`
 * published them, the price decimals the VWAP was rounded to and the market protection in force.
 * Written in the opening transaction; `npm run verify` and the position's proof panel recompute
 * the open price from it with core's contractEntryVwap. Null for limit entries (their opening tick,
 * open_seq, decides them) and for positions opened before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lever_orders ADD COLUMN open_walk JSONB`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lever_orders DROP COLUMN IF EXISTS open_walk`.execute(db);
}
