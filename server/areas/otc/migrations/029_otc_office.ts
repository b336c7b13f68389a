import { sql, type Kysely } from 'kysely';

/**
 * OTC back office, notices and ad escrow (second part):
 * - a sell ad posted from now on holds its whole total in the merchant's frozen balance (`held`),
 *   and its orders take from that escrow; closing the ad returns the unsold remainder. Ads posted
 *   before (held = false) keep the per-order escrow they had;
 * - who closed an ad and why (the merchant, or an operator taking it down, logged);
 * - the language each party used, so their notice emails read in it;
 * - the unit the taker typed (fiat or coin), so `npm run verify` recomputes the amounts by the same
 *   rounding rule the order was opened with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(sql`
    ALTER TABLE otc_ads
      ADD COLUMN held BOOLEAN NOT NULL DEFAULT false,
      ADD COLUMN lang TEXT NOT NULL DEFAULT 'en',
      ADD COLUMN closed_by TEXT CHECK (closed_by IN ('merchant', 'operator')),
      ADD COLUMN closed_reason TEXT NOT NULL DEFAULT '',
      ADD CONSTRAINT otc_ads_held_sell CHECK (NOT held OR side = 'sell')`);
  await run(sql`
    ALTER TABLE otc_orders
      ADD COLUMN unit TEXT CHECK (unit IN ('fiat', 'coin')),
      ADD COLUMN taker_lang TEXT NOT NULL DEFAULT 'en',
      ADD COLUMN merchant_lang TEXT NOT NULL DEFAULT 'en'`);
  await run(sql`CREATE INDEX otc_orders_ad ON otc_orders (ad_id)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS otc_orders_ad`.execute(db);
  await sql`ALTER TABLE otc_orders DROP COLUMN IF EXISTS unit, DROP COLUMN IF EXISTS taker_lang, DROP COLUMN IF EXISTS merchant_lang`.execute(
    db,
  );
  await sql`ALTER TABLE otc_ads DROP CONSTRAINT IF EXISTS otc_ads_held_sell, DROP COLUMN IF EXISTS held, DROP COLUMN IF EXISTS lang, DROP COLUMN IF EXISTS closed_by, DROP COLUMN IF EXISTS closed_reason`.execute(
    db,
  );
}
