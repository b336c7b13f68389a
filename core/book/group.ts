/**
 * Depth rows for display: levels grouped by a price step the trader picks (0.01 / 0.1 / 1 / 10 …)
 * and cumulative quantities for the depth chart. Bids round DOWN to the step and asks round UP (a
 * group never shows a better price than the orders in it), quantities are summed exactly in scaled
 * BigInt — display rows are few (top N, at most a few times a second), so exactness costs nothing.
 */
import { formatScaled, parseScaledBig, bigPow10 } from '../kline/scaled';
import type { BookSideName } from '../types/book';
import type { BookLevel } from './side';

export interface DepthRow {
  /** the group's price (canonical decimal string; the view pads it to the step's decimals) */
  price: string;
  /** summed quantity of the group */
  qty: string;
  /** cumulative quantity from the best row through this one (the depth chart) */
  total: string;
}

/** Anything that hands out levels best first (BookSide does). */
export interface LevelSource {
  at(i: number): BookLevel | undefined;
}

interface Scaled {
  m: bigint;
  scale: number;
}

function add(a: Scaled, b: Scaled): Scaled {
  if (a.scale === b.scale) return { m: a.m + b.m, scale: a.scale };
  const s = Math.max(a.scale, b.scale);
  return { m: a.m * bigPow10(s - a.scale) + b.m * bigPow10(s - b.scale), scale: s };
}

/** The group price of `price`: bids floor to a multiple of `step`, asks ceil. */
export function groupPrice(price: string, step: string, side: BookSideName): string {
  const p = parseScaledBig(price);
  const t = parseScaledBig(step);
  if (t.m <= 0n) throw new RangeError(`group step must be positive: ${step}`);
  const s = Math.max(p.scale, t.scale);
  const pm = p.m * bigPow10(s - p.scale);
  const tm = t.m * bigPow10(s - t.scale);
  const q = side === 'bid' ? pm / tm : (pm + tm - 1n) / tm; // BigInt division truncates: p ≥ 0
  return formatScaled(q * tm, s);
}

/**
 * The best `rows` rows of one side, grouped by `step` (undefined: one row per level), best first,
 * each with its cumulative total. Reads only as many levels as the rows need (plus one).
 */
export function depthRows(levels: LevelSource, side: BookSideName, rows: number, step?: string): DepthRow[] {
  const out: DepthRow[] = [];
  let total: Scaled = { m: 0n, scale: 0 };
  let price: string | undefined;
  let qty: Scaled = { m: 0n, scale: 0 };
  const close = () => {
    if (price === undefined) return;
    total = add(total, qty);
    out.push({ price, qty: formatScaled(qty.m, qty.scale), total: formatScaled(total.m, total.scale) });
  };
  for (let i = 0; ; i++) {
    const l = levels.at(i);
    if (l === undefined) break;
    const p = step === undefined ? l.price : groupPrice(l.price, step, side);
    if (p !== price) {
      close();
      if (out.length >= rows) return out;
      price = p;
      qty = { m: 0n, scale: 0 };
    }
    qty = add(qty, parseScaledBig(l.qty));
  }
  if (out.length < rows) close();
  return out;
}
