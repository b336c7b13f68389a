import type { BookRow } from '../../market/types';

/**
 * Bar lengths of two book sides on one scale: each row's running total over the larger of the
 * two sides' last totals (Binance's cumulative bars), so a thin side looks thin.
 */
export function depthFractions(bids: readonly BookRow[], asks: readonly BookRow[]): { bids: number[]; asks: number[] } {
  const last = (r: readonly BookRow[]) => (r.length ? Number(r[r.length - 1].total) : 0);
  const max = Math.max(last(bids), last(asks));
  const f = (r: readonly BookRow[]) => r.map((x) => (max > 0 ? Number(x.total) / max : 0));
  return { bids: f(bids), asks: f(asks) };
}
