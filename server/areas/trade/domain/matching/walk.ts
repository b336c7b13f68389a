/**
 * The taker's walk through the book (pure): level by level from the best price, taking users'
 * resting orders and the venue's quantity until the order is filled, its limit is reached (a limit
 * order never fills worse than its price) or the protection price is reached (a market order).
 *
 * Self-trade prevention is EXPIRE_MAKER (Binance's name): a resting order of the taker's own user
 * met on the way is cancelled (reported in `expired`) and the walk goes on past it.
 */
import { ExactDecimal, spotVwap } from '../../../../../core';
import type { TakerSide } from '../../../../../core/types/book';
import type { Liquidity, RestingOrder } from '../../../../market/books/symbol-book';

export interface WalkFill {
  price: string;
  qty: string;
  /** the resting user order taken; absent: the venue's liquidity */
  order?: RestingOrder;
}

export interface WalkInput {
  side: TakerSide;
  userId: number;
  qty: string;
  /** worst price the walk may take (a limit, or the protection price); absent: no cap */
  cap?: string;
  liquidity: readonly Liquidity[];
}

/** How far a walk of `qty` for `userId` up to `cap` reads the book (a list cut there walks the same). */
export interface LiquidityCut {
  qty: string;
  userId: number;
  cap?: string;
}

export interface WalkResult {
  fills: WalkFill[];
  filled: string;
  /** Σ price × qty of the fills */
  total: string;
  /** the quantity left unfilled */
  rest: string;
  expired: RestingOrder[];
}

const D = (v: string) => new ExactDecimal(v);

export function walk(w: WalkInput): WalkResult {
  let left = D(w.qty);
  let filled = D('0');
  let total = D('0');
  const fills: WalkFill[] = [];
  const expired: RestingOrder[] = [];
  for (const l of w.liquidity) {
    if (left.lte(0)) break;
    const price = D(l.price);
    if (w.cap !== undefined && (w.side === 'buy' ? price.gt(w.cap) : price.lt(w.cap))) break;
    if (l.order && l.order.userId === w.userId) {
      expired.push(l.order);
      continue;
    }
    const q = ExactDecimal.min(left, D(l.qty));
    if (q.lte(0)) continue;
    fills.push({ price: l.price, qty: q.toFixed(), ...(l.order ? { order: l.order } : {}) });
    left = left.minus(q);
    filled = filled.plus(q);
    total = total.plus(price.times(q));
  }
  return { fills, filled: filled.toFixed(), total: total.toFixed(), rest: left.toFixed(), expired };
}

/** Volume-weighted average price of a walk, rounded half-up to `dp` decimals (null: nothing filled). */
/** total ÷ filled (core spotVwap: the one formula the proof recomputes too). */
export function vwap(r: Pick<WalkResult, 'filled' | 'total'>, dp = 18): string | null {
  return spotVwap(r.filled, r.total, dp);
}
