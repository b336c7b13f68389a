/**
 * Per-fill money of a spot order, exact, so an order's fills add up to what one fill of the same
 * total would cost (fees rounded once per order, not once per fill):
 * - a fill's fee is feeOf(order total after it) − feeOf(order total before it), feeOf rounding UP
 *   to 8 decimals (core/calc/spot.ts's rule);
 * - a resting buy holds exactly buyFrozen(remaining, limit) = remaining × limit + feeOf(…); a maker
 *   fill spends frozen(before) − frozen(after), its fee being what that leaves beyond price × qty.
 */
import { ExactDecimal, spotTradeAmounts } from '../../../../../core';

const D = (v: string) => new ExactDecimal(v);

export function feeOf(total: string, rate: string): string {
  return D(total).times(rate).toDecimalPlaces(8, ExactDecimal.ROUND_UP).toFixed();
}

/** The fee of a fill that brings the order's total from `before` to `before + price × qty`. */
export function fillFee(
  before: string,
  price: string,
  qty: string,
  rate: string,
): { total: string; fee: string; after: string } {
  const total = D(price).times(qty);
  const after = D(before).plus(total);
  return {
    total: total.toFixed(),
    fee: D(feeOf(after.toFixed(), rate)).minus(feeOf(before, rate)).toFixed(),
    after: after.toFixed(),
  };
}

/** Quote a resting buy of `qty` at `price` holds: total + fee. */
export function buyFrozen(qty: string, price: string, rate: string): string {
  if (D(qty).lte(0)) return '0';
  return spotTradeAmounts({ side: 'buy', price, amount: qty, feeRate: rate }).quoteIn;
}
