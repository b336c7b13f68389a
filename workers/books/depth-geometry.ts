/**
 * The depth chart's geometry, computed in the worker so the page only scales and strokes it: each
 * side's running totals as a step outline out from the mid price, on one price range wide enough
 * for the farther side (so the sides compare), normalised to 0…1 on both axes. Plain numbers — a
 * drawing, not money; the totals themselves are the exact sums of core's depthRows.
 */
import type { BookRow, DepthGeometry } from '../api-types';

export function depthGeometry(bids: readonly BookRow[], asks: readonly BookRow[]): DepthGeometry | null {
  if (!bids.length || !asks.length) return null;
  const bestBid = Number(bids[0].price);
  const bestAsk = Number(asks[0].price);
  const mid = (bestBid + bestAsk) / 2;
  const half =
    Math.max(mid - Number(bids[bids.length - 1].price), Number(asks[asks.length - 1].price) - mid) || mid * 0.001 || 1;
  const lo = mid - half;
  const span = 2 * half;
  const maxTotal = Math.max(Number(bids[bids.length - 1].total), Number(asks[asks.length - 1].total));
  // the farthest level is at 0 or 1 exactly in decimals; in binary it can land a hair outside
  const unit = (v: number) => Math.min(1, Math.max(0, v));
  const side = (rows: readonly BookRow[]) => {
    const pts = new Float64Array(rows.length * 2);
    rows.forEach((r, i) => {
      pts[2 * i] = unit((Number(r.price) - lo) / span);
      pts[2 * i + 1] = maxTotal > 0 ? unit(Number(r.total) / maxTotal) : 0;
    });
    return pts;
  };
  return { lo, hi: mid + half, mid, bids: side(bids), asks: side(asks) };
}
