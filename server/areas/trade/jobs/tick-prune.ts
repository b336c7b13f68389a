/**
 * Keeps market_ticks small: ticks older than the retention window go, except the ones an order
 * refers to (seconds buy / end, spot fill, contract open / close tick, dual settle tick, a game round's lock / close tick: the user's proof, kept as long as the order), the ones a pending seconds order may still need
 * (from the oldest pending buy on), and each symbol's newest (the feed's resume point).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

export const TICK_RETENTION_MS = 10 * 60_000;

export async function pruneTicks(
  db: Kysely<Database>,
  nowMs: number,
  retentionMs = TICK_RETENTION_MS,
): Promise<number> {
  const r = await sql`
    DELETE FROM market_ticks t
    WHERE t.ts < LEAST(${nowMs - retentionMs}::bigint, COALESCE((SELECT min(buy_ts) FROM seconds_orders WHERE status = 'pending'), ${nowMs}::bigint))
      AND NOT EXISTS (SELECT 1 FROM seconds_orders o WHERE o.symbol = t.symbol AND o.buy_seq = t.seq)
      AND NOT EXISTS (SELECT 1 FROM seconds_orders o WHERE o.symbol = t.symbol AND o.end_seq = t.seq)
      AND NOT EXISTS (SELECT 1 FROM spot_fills f WHERE f.symbol = t.symbol AND f.tick_seq = t.seq)
      AND NOT EXISTS (SELECT 1 FROM lever_orders o WHERE o.symbol = t.symbol AND o.open_seq = t.seq)
      AND NOT EXISTS (SELECT 1 FROM lever_orders o WHERE o.symbol = t.symbol AND o.close_seq = t.seq)
      AND NOT EXISTS (SELECT 1 FROM game_rounds g WHERE g.symbol = t.symbol AND g.lock_seq = t.seq)
      AND NOT EXISTS (SELECT 1 FROM game_rounds g WHERE g.symbol = t.symbol AND g.close_seq = t.seq)
      AND NOT EXISTS (SELECT 1 FROM dual_orders o WHERE o.settle_symbol = t.symbol AND o.settle_seq = t.seq)
      AND t.seq < (SELECT max(m.seq) FROM market_ticks m WHERE m.symbol = t.symbol)`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
