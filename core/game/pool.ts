/**
 * The up/down game's pool arithmetic (pari-mutuel, as PancakeSwap Prediction): the one formula the
 * server settles by, the verify screen recomputes with, and the game page previews.
 *
 * Rules:
 * - no stake at all → 'no_stakes'; a missing lock or close price → 'no_price' (refund);
 * - lock = close → 'tie' (refund); nobody on the winning side or nobody on the losing side →
 *   'one_sided' (refund). A refund returns every stake in full and takes no fee.
 * - otherwise the winners share pool × (1 − feeRate) in proportion to their stakes, each payout
 *   rounded DOWN to the coin's decimals; the fee is pool − Σ payouts (the nominal fee plus every
 *   rounding remainder), so payouts + fee = pool exactly and no one gets more than their share.
 */
import Decimal from 'decimal.js';
import type { GameOutcome, GameRefundReason, GameSide } from '../types/game';

/** A game round's length when neither the site setting nor the environment sets one: three minutes. */
export const DEFAULT_ROUND_SECONDS = 180;

export interface GameStakeIn {
  id: number;
  side: GameSide;
  amount: string;
}

export interface GameRoundIn {
  lockPrice: string | null;
  closePrice: string | null;
  stakes: readonly GameStakeIn[];
  feeRate: string;
  decimals: number;
}

export interface GameSettlement {
  outcome: GameOutcome;
  refund_reason: GameRefundReason | null;
  pool: string;
  fee: string;
  /** one per stake, in the input order: what goes back to the player (0 for a losing stake) */
  payouts: { id: number; amount: string }[];
}

function sideTotal(stakes: readonly GameStakeIn[], side: GameSide): Decimal {
  return stakes.filter((s) => s.side === side).reduce((a, s) => a.plus(s.amount), new Decimal(0));
}

export function settleGameRound(r: GameRoundIn): GameSettlement {
  const pool = r.stakes.reduce((a, s) => a.plus(s.amount), new Decimal(0));
  const refund = (reason: GameRefundReason): GameSettlement => ({
    outcome: 'refund',
    refund_reason: reason,
    pool: pool.toFixed(),
    fee: '0',
    payouts: r.stakes.map((s) => ({ id: s.id, amount: new Decimal(s.amount).toFixed() })),
  });
  if (r.stakes.length === 0) return refund('no_stakes');
  if (r.lockPrice === null || r.closePrice === null) return refund('no_price');
  const lock = new Decimal(r.lockPrice);
  const close = new Decimal(r.closePrice);
  if (close.eq(lock)) return refund('tie');
  const winner: GameSide = close.gt(lock) ? 'up' : 'down';
  const winners = sideTotal(r.stakes, winner);
  const losers = pool.minus(winners);
  if (winners.isZero() || losers.isZero()) return refund('one_sided');
  const share = pool.times(new Decimal(1).minus(r.feeRate));
  let paid = new Decimal(0);
  const payouts = r.stakes.map((s) => {
    if (s.side !== winner) return { id: s.id, amount: '0' };
    const p = share.times(s.amount).div(winners).toDecimalPlaces(r.decimals, Decimal.ROUND_DOWN);
    paid = paid.plus(p);
    return { id: s.id, amount: p.toFixed() };
  });
  return { outcome: winner, refund_reason: null, pool: pool.toFixed(), fee: pool.minus(paid).toFixed(), payouts };
}

/**
 * What one unit staked on `side` returns if that side wins with the pool as it stands now (shown
 * before staking; it moves as others stake): pool × (1 − fee) ÷ side total; null when either side
 * is empty (the side has nothing to share, or the round would be one-sided and refunded). Two
 * decimals, rounded down, as a page prints a multiplier.
 */
export function gameMultiplier(upTotal: string, downTotal: string, side: GameSide, feeRate: string): string | null {
  const up = new Decimal(upTotal);
  const down = new Decimal(downTotal);
  const mine = side === 'up' ? up : down;
  if (up.isZero() || down.isZero()) return null;
  return up.plus(down).times(new Decimal(1).minus(feeRate)).div(mine).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** A stake a user typed: positive, at most `decimals` places, within [min, max]; the reason otherwise. */
export function checkStake(
  raw: string,
  decimals: number,
  min: string,
  max: string,
): { ok: true; amount: string } | { ok: false; reason: 'invalid' | 'decimals' | 'min' | 'max' } {
  const s = raw.trim();
  if (!/^\d{1,18}(\.\d+)?$/.test(s)) return { ok: false, reason: 'invalid' };
  const d = new Decimal(s);
  if (d.lte(0)) return { ok: false, reason: 'invalid' };
  if (d.decimalPlaces() > decimals) return { ok: false, reason: 'decimals' };
  if (d.lt(min)) return { ok: false, reason: 'min' };
  if (d.gt(max)) return { ok: false, reason: 'max' };
  return { ok: true, amount: d.toFixed() };
}

/**
 * What a new stake of `amount` on `side` would pay if that side won with the pool as it stands
 * plus this stake (the confirmation sheet's estimate; others' later stakes change it). Computed by
 * settleGameRound itself, so the estimate rounds exactly as the settlement will.
 */
export function gamePayoutIfWins(
  upTotal: string,
  downTotal: string,
  side: GameSide,
  amount: string,
  feeRate: string,
  decimals: number,
): string {
  const other: GameSide = side === 'up' ? 'down' : 'up';
  const sideTotal = side === 'up' ? upTotal : downTotal;
  const otherTotal = side === 'up' ? downTotal : upTotal;
  const stakes: GameStakeIn[] = [{ id: 0, side, amount }];
  if (new Decimal(sideTotal).gt(0)) stakes.push({ id: 1, side, amount: sideTotal });
  if (new Decimal(otherTotal).gt(0)) stakes.push({ id: 2, side: other, amount: otherTotal });
  const r = settleGameRound({ lockPrice: '1', closePrice: side === 'up' ? '2' : '0', stakes, feeRate, decimals });
  return r.payouts[0].amount;
}

/** The pool of a round still running: everything staked on both sides. */
export function gamePool(upTotal: string, downTotal: string): string {
  return new Decimal(upTotal).plus(downTotal).toFixed();
}
