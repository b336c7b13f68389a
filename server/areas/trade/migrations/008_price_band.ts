import { sql, type Kysely } from 'kysely';

/**
 * Limit-price bands per pair, beside the other per-pair trade settings so
 * operators edit them in the same rows. Spot: a limit price must lie within
 * [spot_band_low × current, spot_band_high × current] (Binance's PERCENT_PRICE defaults 0.2 / 5);
 * contracts: within ± lever_band (a fraction) of the current price. Checked at submission only,
 * so an edit applies to new orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE trade_pair_settings
      ADD COLUMN spot_band_low  NUMERIC(12,8) NOT NULL DEFAULT 0.2 CHECK (spot_band_low > 0 AND spot_band_low < 1),
      ADD COLUMN spot_band_high NUMERIC(12,8) NOT NULL DEFAULT 5 CHECK (spot_band_high > 1),
      ADD COLUMN lever_band     NUMERIC(12,8) NOT NULL DEFAULT 0.1 CHECK (lever_band > 0 AND lever_band < 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE trade_pair_settings DROP COLUMN spot_band_low, DROP COLUMN spot_band_high, DROP COLUMN lever_band`.execute(
    db,
  );
}
