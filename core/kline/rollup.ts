/**
 * Rolling lower-period candles up into a higher period (e.g. 1min history → 4hour for the chart).
 *
 * Rules
 * - Each input candle falls into the `to` bucket that contains its `time`; buckets follow bucket.ts.
 * - Per bucket: open = open of the earliest candle, close = close of the latest, high = max of
 *   highs, low = min of lows, volume = exact sum of volumes. Output is oldest first, one candle per
 *   non-empty bucket, values in canonical form (no exponent, no trailing fractional zeros).
 * - Input order does not matter (it is sorted by time, stable); candles with equal `time` are
 *   taken in input order.
 * - The input period must nest in `to`, `nestsIn(input, to)` (calendar.ts, the one rule the
 *   aggregator's folding uses too): every input bucket then lies inside one output bucket. The
 *   candles do not say their period, so it is not checked here; rolling a period that does not
 *   nest (1week into 1mon) puts a straddling week wholly into the month of its start.
 */
import type { Candle, Period } from '../types/market';
import Decimal from 'decimal.js';
import { bucketStart } from './bucket';
import { bigPow10, formatScaled, parseScaledBig } from './scaled';

function canonical(s: string): string {
  const { m, scale } = parseScaledBig(s);
  return formatScaled(m, scale);
}

export function aggregateCandles(candles: Candle[], to: Period): Candle[] {
  const sorted = candles.map((c, k) => ({ c, k })).sort((a, b) => a.c.time - b.c.time || a.k - b.k);
  const out: Candle[] = [];
  let cur: {
    time: number;
    open: string;
    high: Decimal;
    low: Decimal;
    close: string;
    vol: bigint;
    scale: number;
  } | null = null;
  const flush = () => {
    if (cur === null) return;
    out.push({
      time: cur.time,
      open: canonical(cur.open),
      high: cur.high.toFixed(),
      low: cur.low.toFixed(),
      close: canonical(cur.close),
      volume: formatScaled(cur.vol, cur.scale),
    });
  };
  for (const { c } of sorted) {
    const time = bucketStart(c.time, to);
    const v = parseScaledBig(c.volume);
    if (cur === null || cur.time !== time) {
      flush();
      cur = {
        time,
        open: c.open,
        high: new Decimal(c.high),
        low: new Decimal(c.low),
        close: c.close,
        vol: v.m,
        scale: v.scale,
      };
      continue;
    }
    const h = new Decimal(c.high);
    const l = new Decimal(c.low);
    if (h.gt(cur.high)) cur.high = h;
    if (l.lt(cur.low)) cur.low = l;
    cur.close = c.close;
    // Exact volume sum: align both to the larger scale and add as BigInt.
    if (v.scale > cur.scale) {
      cur.vol = cur.vol * bigPow10(v.scale - cur.scale) + v.m;
      cur.scale = v.scale;
    } else cur.vol += v.m * bigPow10(cur.scale - v.scale);
  }
  flush();
  return out;
}
