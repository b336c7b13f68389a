import { settleGameRound, type GameTick, type GameVerify } from '../../../core';

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);
const tickOk = (feed: GameTick | null, rec: GameTick | null) => same(feed?.price, rec?.price) && feed?.seq === rec?.seq;

/**
 * A settled round recomputed here by core's settleGameRound (the function the server settled
 * with) from the feed's stored ticks, the fee rate and the stakes, and each line compared with
 * what the server stored and paid.
 */
export function recomputeRound(v: GameVerify) {
  const r = v.round;
  const mine = settleGameRound({
    lockPrice: v.feed_ticks.lock?.price ?? null,
    closePrice: v.feed_ticks.close?.price ?? null,
    stakes: v.stakes,
    feeRate: r.fee_rate,
    decimals: v.decimals,
  });
  const ok = {
    lock: tickOk(v.feed_ticks.lock, r.lock_tick),
    close: tickOk(v.feed_ticks.close, r.close_tick),
    pool: same(mine.pool, r.pool),
    fee: same(mine.fee, r.fee),
    outcome: mine.outcome === r.outcome,
    /** one per stake, in the order of v.stakes */
    payouts: mine.payouts.map((p, i) => same(p.amount, v.stakes[i].payout)),
  };
  const allOk = ok.lock && ok.close && ok.outcome && ok.fee && ok.pool && ok.payouts.every(Boolean);
  return { mine, ok, allOk };
}
