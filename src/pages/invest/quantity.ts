import { dualAmount, ExactDecimal, type DualProduct } from '../../../core';

export type QtyCheck =
  | { ok: true; num: number; amount: string }
  | { ok: false; key: 'required' | 'integer' | 'min' | 'max' | 'remaining' | 'balance'; n?: number };

/**
 * Spec §5: the purchase quantity is required and an integer; then it must be within the product's
 * per-order limits and remaining shares, and its cost (num × unit price) within the balance.
 * `value` is the canonical decimal the amount box produced ('' when empty).
 */
export function checkQuantity(
  value: string,
  p: Pick<DualProduct, 'min_num' | 'max_num' | 'remaining_shares' | 'per_price'>,
  available: string,
): QtyCheck {
  if (value === '') return { ok: false, key: 'required' };
  const v = new ExactDecimal(value);
  if (!v.isInteger()) return { ok: false, key: 'integer' };
  const min = Math.max(1, p.min_num);
  if (v.lt(min)) return { ok: false, key: 'min', n: min };
  if (v.gt(p.remaining_shares)) return { ok: false, key: 'remaining', n: p.remaining_shares };
  if (p.max_num !== null && v.gt(p.max_num)) return { ok: false, key: 'max', n: p.max_num };
  const amount = dualAmount(v.toNumber(), p.per_price); // core's num × unit price, as the server computes it
  if (new ExactDecimal(amount).gt(new ExactDecimal(available))) return { ok: false, key: 'balance' };
  return { ok: true, num: v.toNumber(), amount };
}

/** The most shares one order can buy now: remaining, per-order maximum and balance ÷ unit price. */
export function maxShares(
  p: Pick<DualProduct, 'max_num' | 'remaining_shares' | 'per_price'>,
  available: string,
): number {
  const price = new ExactDecimal(p.per_price);
  const byBalance = price.gt(0) ? new ExactDecimal(available).div(price).floor().toNumber() : 0;
  return Math.max(0, Math.min(p.remaining_shares, p.max_num ?? Infinity, byBalance));
}
