/**
 * What a cross run leaves on record in its own transaction (crash safety): the venue
 * ticks that crossed a filled order (market_ticks, so the fill's cause survives a crash and the
 * feed never reuses that seq), and the seq up to which the symbol's still-resting orders have been
 * checked (watch_seq). A restart replays only durable ticks after watch_seq (matching/replay.ts),
 * so a tick this run already used — or one whose quantity went to a better-priced order — never
 * fills anything a second time.
 */
import type { Trx } from '../context';
import { recordTick } from '../ticks';

export interface TradeCross {
  price: string;
  qty: string;
  /** the venue tick's seq and time (recorded with the fills it causes; absent: no tick) */
  seq?: number;
  ts?: number;
}

export async function markCrossed(
  trx: Trx,
  symbol: string,
  trades: readonly TradeCross[],
  filled: readonly { tick?: TradeCross }[],
): Promise<void> {
  for (const { tick: t } of filled)
    if (t?.seq !== undefined && t.ts !== undefined)
      await recordTick(trx, symbol, { seq: t.seq, price: t.price, ts: t.ts });
  const upTo = Math.max(0, ...trades.map((t) => t.seq ?? 0));
  if (upTo <= 0) return;
  await trx
    .updateTable('spot_orders')
    .set((eb) => ({ watch_seq: eb.fn('greatest', [eb.fn.coalesce('watch_seq', eb.val(0)), eb.val(upTo)]) }))
    .where('symbol', '=', symbol)
    .where('status', 'in', ['open', 'partially_filled'])
    .execute();
}
