import { sql, type Kysely } from 'kysely';

/**
 * copy_traders.roi and pnl_curve: the trader's ROI (percent, 2 decimals) and the daily
 * cumulative net P&L curve ([{day, pnl}], pnl a decimal string), refreshed with the other hourly
 * figures by recomputeTraderStats through core's traderPerformance; and introductions, the seeded
 * demo traders' introduction per language ({lang: text}; a trader's own stays in introduction).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE copy_traders ADD COLUMN roi NUMERIC(36,2) NOT NULL DEFAULT 0, ADD COLUMN pnl_curve JSONB NOT NULL DEFAULT '[]'::jsonb, ADD COLUMN introductions JSONB NOT NULL DEFAULT '{}'::jsonb`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE copy_traders DROP COLUMN IF EXISTS roi, DROP COLUMN IF EXISTS pnl_curve, DROP COLUMN IF EXISTS introductions`.execute(
    db,
  );
}
