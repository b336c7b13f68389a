import { sql, type Kysely } from 'kysely';

/**
 * Every outcome checkable: what decided an outcome is stored with it, in the deciding
 * transaction, so `npm run verify` and the "how this was settled" panel recompute it.
 * - dual_orders.settle_symbol / settle_seq / settle_ts: the tick (or, with a null seq, the 1-minute
 *   candle closing at settle_ts) whose price settled the order; the tick is kept by the pruner.
 * - lever_orders.liq_risk_rate / liq_line / liq_available / liq_group: a forced close's account risk
 *   rate, the line it fell to, the available balance it was computed from, and the id of the first
 *   position closed with it (every position of one forced close shares the group).
 * - ieo_orders.alloc_issuance / alloc_applied: the issuance and the sum of every subscription the
 *   pro-rata rule divided (so a subscription added or removed afterwards shows).
 * - nft_orders.auction_end_at: the auction end an auction order was won at (its payment deadline
 *   is that plus the published window).
 * Seconds options (buy/end seq), contract opens and closes (open/close seq), spot fills (book seq,
 * tick seq) and blind boxes (commitment, seed, k) already keep theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(
    sql`ALTER TABLE dual_orders ADD COLUMN settle_symbol TEXT, ADD COLUMN settle_seq BIGINT, ADD COLUMN settle_ts BIGINT`,
  );
  await run(sql`CREATE INDEX dual_orders_settle_tick ON dual_orders (settle_symbol, settle_seq)`);
  await run(
    sql`ALTER TABLE lever_orders ADD COLUMN liq_risk_rate NUMERIC, ADD COLUMN liq_line NUMERIC, ADD COLUMN liq_available NUMERIC, ADD COLUMN liq_group BIGINT`,
  );
  await run(
    sql`ALTER TABLE ieo_orders ADD COLUMN alloc_issuance NUMERIC(36,18), ADD COLUMN alloc_applied NUMERIC(36,18)`,
  );
  await run(sql`ALTER TABLE nft_orders ADD COLUMN auction_end_at TIMESTAMPTZ`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE nft_orders DROP COLUMN IF EXISTS auction_end_at`.execute(db);
  await sql`ALTER TABLE ieo_orders DROP COLUMN IF EXISTS alloc_applied, DROP COLUMN IF EXISTS alloc_issuance`.execute(
    db,
  );
  await sql`ALTER TABLE lever_orders DROP COLUMN IF EXISTS liq_group, DROP COLUMN IF EXISTS liq_available, DROP COLUMN IF EXISTS liq_line, DROP COLUMN IF EXISTS liq_risk_rate`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS dual_orders_settle_tick`.execute(db);
  await sql`ALTER TABLE dual_orders DROP COLUMN IF EXISTS settle_ts, DROP COLUMN IF EXISTS settle_seq, DROP COLUMN IF EXISTS settle_symbol`.execute(
    db,
  );
}
