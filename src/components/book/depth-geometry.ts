import type { BookRow } from '../../market/types';

export interface DepthGeometry {
  /** price range shown, centred on the mid price */
  lo: number;
  hi: number;
  mid: number;
  /** largest running total of either side */
  maxTotal: number;
  /** step outlines, best price first: [price, running total] */
  bids: [number, number][];
  asks: [number, number][];
}

/**
 * What the depth chart draws from the worker's rows: each side's running totals as a step line
 * out from the mid price, on one price range wide enough for the farther side (so the sides
 * compare), plain numbers — a drawing, not money.
 */
export function depthGeometry(bids: readonly BookRow[], asks: readonly BookRow[]): DepthGeometry | null {
  if (!bids.length || !asks.length) return null;
  const b = bids.map((r) => [Number(r.price), Number(r.total)] as [number, number]);
  const a = asks.map((r) => [Number(r.price), Number(r.total)] as [number, number]);
  const mid = (b[0][0] + a[0][0]) / 2;
  const half = Math.max(mid - b[b.length - 1][0], a[a.length - 1][0] - mid) || mid * 0.001;
  const maxTotal = Math.max(b[b.length - 1][1], a[a.length - 1][1]);
  return { lo: mid - half, hi: mid + half, mid, maxTotal, bids: b, asks: a };
}
