/**
 * A market buy by quote amount (Binance's quoteOrderQty): how much base `quote` buys walking the
 * book from the best ask, fee included (fees are charged in the quote on top of price × qty, so
 * total + feeOf(total) must fit in `quote`). The answer is a base quantity at the pair's decimals,
 * rounded down; the order then runs as an ordinary market buy of that quantity, so every fill,
 * fee and the protection band work as for any market order.
 */
import { ExactDecimal, type DecimalInput } from '../../../../../core';
import type { Liquidity } from '../../../../market/books/symbol-book';
import { feeOf } from './fees';
import { walk } from './walk';

const D = (v: DecimalInput | number) => new ExactDecimal(v);

export interface QuoteWalkInput {
  userId: number;
  /** quote to spend, fee included */
  quote: string;
  feeRate: string;
  qtyDecimals: number;
  /** the protection price: nothing above it is taken */
  cap?: string;
  liquidity: readonly Liquidity[];
}

/** The base quantity `quote` buys ("0" when it buys nothing at the pair's decimals). */
export function qtyForQuote(w: QuoteWalkInput): string {
  const budget = D(w.quote).div(D(1).plus(w.feeRate));
  let left = budget;
  let qty = D(0);
  for (const l of w.liquidity) {
    if (left.lte(0)) break;
    const price = D(l.price);
    if (w.cap !== undefined && price.gt(w.cap)) break;
    // the taker's own resting orders are expired by the walk, not filled: they buy nothing
    if (l.order && l.order.userId === w.userId) continue;
    const take = ExactDecimal.min(D(l.qty), left.div(price));
    qty = qty.plus(take);
    left = left.minus(take.times(price));
    if (take.lt(l.qty)) break;
  }
  let q = qty.toDecimalPlaces(w.qtyDecimals, ExactDecimal.ROUND_DOWN);
  // the fee rounds up to 8 decimals: step down until the walk's total and fee fit
  const step = D(1).div(D(10).pow(w.qtyDecimals));
  for (let i = 0; i < 10 && q.gt(0); i++) {
    const r = walk({ side: 'buy', userId: w.userId, qty: q.toFixed(), cap: w.cap, liquidity: w.liquidity });
    if (D(r.rest).isZero() && D(r.total).plus(feeOf(r.total, w.feeRate)).lte(w.quote)) break;
    q = q.minus(step);
  }
  return q.gt(0) ? q.toFixed() : '0';
}
