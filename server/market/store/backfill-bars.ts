/**
 * The backfill's bars in integer units (price units of `price_decimals`, volume units of
 * `qty_decimals`) while they are walked and rolled up: a first start walks ~650,000 1min bars but
 * keeps BACKFILL_BARS per period, so only the kept bars become decimal strings. The roll-up follows
 * core's aggregateCandles rule for rule (bucket by bucketStart; open of the earliest, close of the
 * latest, max high, min low, exact volume sum), and the strings are the canonical forms that
 * function writes, so the candles are the same as rolling up the strings (backfill.test.ts).
 */
import { bucketStart, type Candle, type Period } from '../../../core';
import { canonicalDecimal, formatUnits } from '../feed/units';

export interface UnitBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** a sum over many bars may pass 2^53 units */
  volume: bigint;
}

/** Rolls `bars` up into `to` (aggregateCandles' rules, on integer units). */
export function rollUpBars(bars: readonly UnitBar[], to: Period): UnitBar[] {
  const sorted = bars.every((b, i) => i === 0 || bars[i - 1].time <= b.time)
    ? bars
    : [...bars].sort((a, b) => a.time - b.time);
  const out: UnitBar[] = [];
  let cur: UnitBar | null = null;
  for (const b of sorted) {
    const time = bucketStart(b.time, to);
    if (cur === null || cur.time !== time) {
      if (cur) out.push(cur);
      cur = { ...b, time };
      continue;
    }
    if (b.high > cur.high) cur.high = b.high;
    if (b.low < cur.low) cur.low = b.low;
    cur.close = b.close;
    cur.volume += b.volume;
  }
  if (cur) out.push(cur);
  return out;
}

/** A bar as the candle strings the store keeps: canonical plain decimals. */
export function barCandle(b: UnitBar, priceDecimals: number, qtyDecimals: number): Candle {
  const price = (u: number) => canonicalDecimal(formatUnits(u, priceDecimals));
  return {
    time: b.time,
    open: price(b.open),
    high: price(b.high),
    low: price(b.low),
    close: price(b.close),
    volume: volumeText(b.volume, qtyDecimals),
  };
}

function volumeText(units: bigint, decimals: number): string {
  const s = units.toString();
  if (decimals === 0) return s;
  const padded = s.length > decimals ? s : '0'.repeat(decimals - s.length + 1) + s;
  return canonicalDecimal(`${padded.slice(0, padded.length - decimals)}.${padded.slice(padded.length - decimals)}`);
}
