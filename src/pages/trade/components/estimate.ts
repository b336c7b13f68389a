/**
 * What a market order is expected to fill at, walked over the book rows the worker sent (the top
 * levels, ungrouped): the volume-weighted price, the slippage from the touch, and for a buy by
 * quote amount the quantity it buys. An estimate for the confirmation sheet only — the server
 * walks its own book under the symbol's queue (matching/walk.ts, quote-walk.ts) and decides.
 */
import { ExactDecimal } from '../../../../core';

const D = (v: string | number) => new ExactDecimal(v);

export interface Level {
  price: string;
  qty: string;
}

export interface FillEstimate {
  /** volume-weighted price of the walk */
  price: string;
  /** base quantity the walk takes */
  qty: string;
  /** |vwap − touch| / touch × 100, 2 decimals */
  slippagePct: string;
  /** false when the rows shown run out before the order is filled (the estimate is a floor) */
  complete: boolean;
}

/**
 * Walks `levels` (best first: asks for a buy, bids for a sell) for a base quantity, or for a quote
 * amount to spend fee included (`feeRate` on top of price × qty, as the server charges it).
 */
export function estimateFill(
  levels: readonly Level[],
  want: { qty: string } | { quote: string; feeRate: string },
  qtyDecimals: number,
): FillEstimate | null {
  if (!levels.length) return null;
  const byQuote = 'quote' in want;
  let left = byQuote ? D(want.quote).div(D(1).plus(want.feeRate)) : D(want.qty);
  if (!left.gt(0)) return null;
  let qty = D(0);
  let total = D(0);
  for (const l of levels) {
    const price = D(l.price);
    const take = ExactDecimal.min(D(l.qty), byQuote ? left.div(price) : left);
    qty = qty.plus(take);
    total = total.plus(take.times(price));
    left = left.minus(byQuote ? take.times(price) : take);
    if (left.lte(0)) break;
  }
  if (qty.lte(0)) return null;
  const vwap = total.div(qty);
  const touch = D(levels[0].price);
  // by quote the server buys whole steps of the pair's quantity: round down as it does
  const bought = byQuote ? qty.toDecimalPlaces(qtyDecimals, ExactDecimal.ROUND_DOWN) : qty;
  return {
    price: vwap.toDecimalPlaces(12, ExactDecimal.ROUND_HALF_UP).toFixed(),
    qty: bought.toFixed(),
    slippagePct: vwap.minus(touch).abs().div(touch).times(100).toFixed(2, ExactDecimal.ROUND_HALF_UP),
    complete: left.lte(0),
  };
}
