/**
 * KlineAggregator.load(): seeding a series from history under (or instead of) its live bars.
 *
 * Rules: candle times are snapped to their bucket; input is sorted, and for equal times the later
 * entry wins. Against a live open bar:
 * - history ending before the live bar: it becomes the closed history under it (closed live bars
 *   newer than the history are kept);
 * - history ending in the live bar's bucket: that candle's open wins (it saw the bucket start),
 *   high/low merge, close stays live (it is newer), volume is the larger of the two (the REST
 *   snapshot and the live stream overlap; adding would double count);
 * - history ending after the live bar: the history replaces the series.
 * The seeded open bar's open and close count as set by no tick (seq −∞), so live ticks move both.
 */
import Decimal from 'decimal.js';
import type { Candle, Period } from '../types/market';
import { setSlotVolume } from './bar-slot';
import { bucketStart, nextBucketStart } from './bucket';
import { type FoldPlan, unlink } from './fold';
import { openCandle, openCloseSeq } from './open-bar';
import { CLOSE, CSEQ, END, HIGH, LOW, OPEN, OSEQ, TIME, slotAt } from './record';
import { MAX_FAST_SCALE, bigPow10, parseScaledBig } from './scaled';
import { bigValue, fastValue, rescaleFast, toBig } from './symbol-scale';
import type { SymbolState } from './symbol-state';

/** Candles snapped to period buckets, one per bucket (the later entry wins), oldest first. */
function snapAndSort(candles: Candle[], period: Period): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of candles) {
    const time = bucketStart(c.time, period);
    byTime.set(time, { time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Seeds a float64 slot; false (nothing written) when the candle does not fit float64 integers. */
function seedFast(st: SymbolState, i: number, c: Candle, end: number, closeSeq: number): boolean {
  const prices = [c.open, c.high, c.low, c.close];
  prices.forEach((s) => fastValue(st, st.rec, st.at, s, true)); // settles the scale at the most decimals seen
  const [o, h, l, cl] = prices.map((s) => fastValue(st, st.rec, st.at, s, true));
  // Volumes of long bars are legitimately huge: parse exactly and split instead of going BigInt.
  const vol = parseScaledBig(c.volume);
  if (o < 0 || h < 0 || l < 0 || cl < 0 || vol.scale > MAX_FAST_SCALE) return false;
  if (vol.scale > st.qScale) rescaleFast(st, false, vol.scale - st.qScale);
  const b = st.rec;
  const x = slotAt(st.at, i);
  b[x + OPEN] = o;
  b[x + HIGH] = h;
  b[x + LOW] = l;
  b[x + CLOSE] = cl;
  setSlotVolume(st, i, vol.m * bigPow10(st.qScale - vol.scale));
  b[x + TIME] = c.time;
  b[x + END] = end;
  b[x + OSEQ] = -Infinity;
  b[x + CSEQ] = closeSeq;
  return true;
}

function seedBig(st: SymbolState, i: number, c: Candle, end: number, closeSeq: number): void {
  const b = st.bigBars[i];
  for (const s of [c.open, c.high, c.low, c.close]) bigValue(st, s, true); // settles the scale first
  b.open = bigValue(st, c.open, true);
  b.high = bigValue(st, c.high, true);
  b.low = bigValue(st, c.low, true);
  b.close = bigValue(st, c.close, true);
  b.vol = bigValue(st, c.volume, false);
  b.has = true;
  b.time = c.time;
  b.end = end;
  b.openSeq = -Infinity;
  b.closeSeq = closeSeq;
}

/** Makes `c` the open bar of series i (moving the symbol to BigInt if it does not fit float64). */
function seedOpenBar(plan: FoldPlan, st: SymbolState, i: number, c: Candle, period: Period, closeSeq: number): void {
  const end = nextBucketStart(c.time, period);
  if (st.fast) {
    if (seedFast(st, i, c, end, closeSeq)) return;
    toBig(st, plan);
  }
  seedBig(st, i, c, end, closeSeq);
}

/** The loaded candle and the live bar of the same bucket as one (rules above). */
function mergeSameBucket(live: Candle, loaded: Candle): Candle {
  return {
    time: live.time,
    open: loaded.open,
    high: Decimal.max(live.high, loaded.high).toFixed(),
    low: Decimal.min(live.low, loaded.low).toFixed(),
    close: live.close,
    volume: Decimal.max(live.volume, loaded.volume).toFixed(),
  };
}

/** load() for series i of a symbol; `candles` is not empty. */
export function loadHistory(plan: FoldPlan, st: SymbolState, i: number, period: Period, candles: Candle[]): void {
  const sorted = snapAndSort(candles, period);
  const lastLoaded = sorted[sorted.length - 1];
  const live = openCandle(plan, st, i);
  const hist = st.hist[i];
  if (live !== undefined && live.time > lastLoaded.time) {
    const newer = hist.toCandles().filter((c) => c.time > lastLoaded.time);
    hist.clear();
    for (const c of sorted) hist.pushCandle(c);
    for (const c of newer) hist.pushCandle(c);
    return;
  }
  hist.clear();
  for (let k = 0; k < sorted.length - 1; k++) hist.pushCandle(sorted[k]);
  if (st.fast) unlink(plan, st, i); // the reseeded bar is not the sum of its source's (fold.ts)
  if (live !== undefined && live.time === lastLoaded.time)
    seedOpenBar(plan, st, i, mergeSameBucket(live, lastLoaded), period, openCloseSeq(plan, st, i));
  else seedOpenBar(plan, st, i, lastLoaded, period, -Infinity);
}
