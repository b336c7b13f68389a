/**
 * Incremental K-line aggregation: ticks in, OHLCV candles for up to nine periods out.
 *
 * Rules
 * - Buckets: see bucket.ts (UTC, Monday weeks, calendar months). A bucket is chosen by the tick's
 *   `ts`; empty buckets produce no candle (charts draw gaps).
 * - Sequence, per symbol. `lastSeq` is the highest seq accepted so far.
 *   - seq > lastSeq + 1: the seqs in between are reported once as `gap` (inclusive range) and
 *     remembered as missing; the tick itself is then processed normally. The gap comes with the
 *     tick's outcome, `applied` or `late-dropped` alike (the caller refetches on either).
 *   - seq ≤ lastSeq and remembered as missing: a late tick. It is processed normally and no longer
 *     missing. Up to 256 missing ranges are remembered per symbol; older ones are forgotten and
 *     their ticks then count as duplicates (the caller has refetched history by then).
 *   - seq ≤ lastSeq and not missing: `duplicate`, ignored.
 *   - The first tick of a symbol never reports a gap (there is nothing to measure it against).
 * - Time, per series (symbol × period). The open bar is the newest bar of the series.
 *   - ts inside the open bar's bucket: the tick updates it in place. high/low/volume always take
 *     it. `close` takes its price only if its seq is the highest the bar has seen, and `open` only
 *     if its seq is the lowest, so a late tick never rewinds close and an early one fixes open.
 *   - ts in a later bucket: the open bar is closed (frozen as strings) and a new bar opens.
 *   - ts in an earlier bucket: this series skips the tick — a closed bar never changes.
 *   The outcome is `applied` if at least one series took the tick, else `late-dropped` (counted).
 *   So a late tick can still reach the 1day bar after its 1min bar has closed: higher periods stay
 *   truthful, and the reported gap lets the caller refetch the lower ones.
 * - Numbers: price and qty must be non-negative decimal strings; anything else throws RangeError
 *   (so do a non-finite ts and a non-integer seq). Arithmetic is exact: per-symbol scaled integers
 *   in float64 while they fit in 2^53 (volume overflow spills into a BigInt), BigInt for the whole
 *   symbol otherwise (scaled.ts). decimal.js never runs per tick. Candle strings are built only when
 *   read, in canonical form (no exponent, no trailing fractional zeros).
 * - Memory: at most `maxBars` bars per series (closed bars beyond that are forgotten, oldest first),
 *   plus up to 32 closed bars per symbol on their way into the histories (bar-log.ts).
 * - Folding (fold.ts), invisible in the results: every rule above holds as if each period were
 *   updated per tick. The shortest period is the base. A longer period whose bucket boundaries are
 *   all base boundaries (all but `1mon` over a `1week` base) is folded: its slot holds the base bars
 *   already closed into its bucket, merged (high max, low min, open of the lower open seq, close of
 *   the higher close seq, exact volume sum), plus late ticks the base no longer takes, and its open
 *   bar, as read, is that merged with the base bar while the base bar lies in its bucket. After
 *   load() reseeds the base bar, the folded periods take ticks themselves until the base opens its
 *   next bucket. Any other period is updated per tick, like the base.
 *
 * Speed (bench/core-throughput.ts): a tick costs one Map lookup (the symbol's state), two char-code
 * parses into scaled integers, and an update of the base slot in one Float64Array per symbol (the
 * open bars side by side), plus the unfolded periods' slots if any. The folded slots are visited
 * only when a tick leaves the base bar's bucket (or is late for it). A slot caches its bucket's
 * [start, end), so date math runs only when a tick leaves it, and then as integer arithmetic
 * (calendar.ts). Closed bars go into a small per-symbol log and from there into the histories in
 * batches (bar-log.ts): most of a tick's cost is memory that is not in cache, and single writes to
 * nine rings per symbol were a third of it. Nothing is allocated per tick except a closed bar's
 * history slot when a series' ring grows (bar-history.ts), a gap report, and on the rare BigInt
 * paths.
 */
import type { Candle, Period, Tick } from '../types/market';
import { PERIODS } from '../types/market';
import Decimal from 'decimal.js';
import { flushLog } from './bar-log';
import {
  CLOSE,
  CSEQ,
  END,
  HIGH,
  LOW,
  OPEN,
  OSEQ,
  STRIDE,
  TIME,
  hasBar,
  setSlotVolume,
  slotCandle,
  slotVolume,
} from './bar-slot';
import { bucketStart, nextBucketStart } from './bucket';
import type { AggregatorOptions, ApplyResult, KlineAggregator, SeqGap } from './aggregator-types';
import { bigToCandle, bigValue, fastValue, rescaleFast, toBig } from './symbol-scale';
import { SymbolState, takeMissing } from './symbol-state';
import { FoldPlan, applyFast, baseVolumeIn, detach, release, view } from './fold';
import { MAX_FAST_SCALE, bigPow10, parseScaledBig } from './scaled';

export type { AggregatorOptions, ApplyOutcome, ApplyResult, KlineAggregator, SeqGap } from './aggregator-types';

// pure: an unused frozen constant must not keep this module (and its chunk) in a route
const APPLIED: ApplyResult = /* @__PURE__ */ Object.freeze({ outcome: 'applied' });
const DUPLICATE: ApplyResult = /* @__PURE__ */ Object.freeze({ outcome: 'duplicate' });
const LATE_DROPPED: ApplyResult = /* @__PURE__ */ Object.freeze({ outcome: 'late-dropped' });
const MAX_MISSING_RANGES = 256;
const DEFAULT_MAX_BARS = 1000;

export function createKlineAggregator(opts: AggregatorOptions = {}): KlineAggregator {
  const periods: readonly Period[] = [...new Set(opts.periods ?? PERIODS)];
  for (const p of periods) if (!(PERIODS as readonly string[]).includes(p)) throw new RangeError(`unknown period ${p}`);
  const maxBars = opts.maxBars ?? DEFAULT_MAX_BARS;
  if (!Number.isInteger(maxBars) || maxBars < 1) throw new RangeError('maxBars must be a positive integer');
  const histCap = maxBars - 1; // the open bar is the last of the maxBars
  const n = periods.length;
  const plan = new FoldPlan(periods);
  const symbols = new Map<string, SymbolState>();
  const stats = { applied: 0, duplicates: 0, lateDropped: 0, gaps: 0 };

  function periodIndex(period: Period): number {
    const i = periods.indexOf(period);
    if (i < 0) throw new RangeError(`period ${period} is not aggregated here`);
    return i;
  }

  function state(symbol: string): SymbolState {
    let st = symbols.get(symbol);
    if (st === undefined) symbols.set(symbol, (st = new SymbolState(n, histCap)));
    return st;
  }

  function applyBig(st: SymbolState, p: bigint, q: bigint, seq: number, ts: number): boolean {
    const bars = st.bigBars;
    let applied = false;
    for (let i = 0; i < n; i++) {
      const b = bars[i];
      if (b.has && ts < b.end) {
        if (ts < b.time) continue;
        if (p > b.high) b.high = p;
        else if (p < b.low) b.low = p;
        if (seq > b.closeSeq) {
          b.close = p;
          b.closeSeq = seq;
        } else if (seq < b.openSeq) {
          b.open = p;
          b.openSeq = seq;
        }
        b.vol += q;
      } else {
        if (b.has) st.hist[i].pushCandle(bigToCandle(b, st));
        const period = periods[i];
        b.has = true;
        b.time = bucketStart(ts, period);
        b.end = nextBucketStart(b.time, period);
        b.open = b.high = b.low = b.close = p;
        b.vol = q;
        b.openSeq = b.closeSeq = seq;
      }
      applied = true;
    }
    return applied;
  }

  /** Accepts or rejects the tick's seq; returns the result to answer early, or the gap (or null). */
  function checkSeq(st: SymbolState, symbol: string, seq: number): ApplyResult | SeqGap | null {
    if (!st.hasSeq || seq > st.lastSeq) {
      let gap: SeqGap | null = null;
      if (st.hasSeq && seq > st.lastSeq + 1) {
        gap = { symbol, fromSeq: st.lastSeq + 1, toSeq: seq - 1 };
        st.missing.push(gap.fromSeq, gap.toSeq);
        if (st.missing.length > 2 * MAX_MISSING_RANGES) st.missing.splice(0, 2);
        stats.gaps++;
      }
      st.hasSeq = true;
      st.lastSeq = seq;
      return gap;
    }
    if (takeMissing(st, seq)) return null;
    stats.duplicates++;
    return DUPLICATE;
  }

  function apply(tick: Tick): ApplyResult {
    const { symbol, seq, ts } = tick;
    if (!Number.isSafeInteger(seq)) throw new RangeError(`tick seq must be an integer: ${seq}`);
    if (!Number.isFinite(ts)) throw new RangeError(`tick ts must be finite: ${ts}`);
    const st = state(symbol);
    // Parse before touching seq state so a malformed tick leaves no trace but a (harmless) rescale.
    let p = 0;
    let q = 0;
    if (st.fast) {
      p = fastValue(st, tick.price, true);
      q = p < 0 ? -1 : fastValue(st, tick.qty, false);
      if (q < 0) toBig(st, plan);
    }
    let bp = 0n;
    let bq = 0n;
    if (!st.fast) {
      bp = bigValue(st, tick.price, true);
      bq = bigValue(st, tick.qty, false);
    }
    const seqResult = checkSeq(st, symbol, seq);
    if (seqResult === DUPLICATE) return DUPLICATE;
    const applied = st.fast ? applyFast(plan, st, p, q, seq, ts) : applyBig(st, bp, bq, seq, ts);
    const gap = seqResult as SeqGap | null;
    if (!applied) {
      stats.lateDropped++;
      // The gap is reported even though the tick itself is dropped: its seq has moved lastSeq on,
      // so this is the only time the caller hears of the missing range.
      return gap === null ? LATE_DROPPED : { outcome: 'late-dropped', gap };
    }
    stats.applied++;
    return gap === null ? APPLIED : { outcome: 'applied', gap };
  }

  function openCandle(st: SymbolState, i: number): Candle | undefined {
    if (st.fast) {
      const j = view(plan, st, i);
      const c = hasBar(st.bars, j) ? slotCandle(st, j) : undefined;
      release(plan, st);
      return c;
    }
    const b = st.bigBars[i];
    return b.has ? bigToCandle(b, st) : undefined;
  }

  /** The close seq of period i's open bar. */
  function openCloseSeq(st: SymbolState, i: number): number {
    if (!st.fast) return st.bigBars[i].closeSeq;
    const seq = st.bars[view(plan, st, i) * STRIDE + CSEQ];
    release(plan, st);
    return seq;
  }

  /** Makes `c` the open bar of series i; its open and close count as set by no tick (seq −∞). */
  function seedOpenBar(st: SymbolState, i: number, c: Candle, period: Period, closeSeq: number): void {
    const time = c.time;
    const end = nextBucketStart(time, period);
    if (st.fast) {
      const prices = [c.open, c.high, c.low, c.close];
      prices.forEach((s) => fastValue(st, s, true)); // settles the scale at the most decimals seen
      const [o, h, l, cl] = prices.map((s) => fastValue(st, s, true));
      // Volumes of long bars are legitimately huge: parse exactly and split instead of going BigInt.
      const vol = parseScaledBig(c.volume);
      if (o >= 0 && h >= 0 && l >= 0 && cl >= 0 && vol.scale <= MAX_FAST_SCALE) {
        if (vol.scale > st.qScale) rescaleFast(st, false, vol.scale - st.qScale);
        const b = st.bars;
        const x = i * STRIDE;
        b[x + OPEN] = o;
        b[x + HIGH] = h;
        b[x + LOW] = l;
        b[x + CLOSE] = cl;
        setSlotVolume(st, i, vol.m * bigPow10(st.qScale - vol.scale));
        b[x + TIME] = time;
        b[x + END] = end;
        b[x + OSEQ] = -Infinity;
        b[x + CSEQ] = closeSeq;
        return;
      }
      toBig(st, plan);
    }
    const b = st.bigBars[i];
    for (const s of [c.open, c.high, c.low, c.close]) bigValue(st, s, true); // settles the scale first
    b.open = bigValue(st, c.open, true);
    b.high = bigValue(st, c.high, true);
    b.low = bigValue(st, c.low, true);
    b.close = bigValue(st, c.close, true);
    b.vol = bigValue(st, c.volume, false);
    b.has = true;
    b.time = time;
    b.end = end;
    b.openSeq = -Infinity;
    b.closeSeq = closeSeq;
  }

  /**
   * History seeding. Candle times are snapped to their bucket; input is sorted, and for equal times
   * the later entry wins. Against a live open bar:
   * - history ending before the live bar: it becomes the closed history under it (closed live bars
   *   newer than the history are kept);
   * - history ending in the live bar's bucket: that candle's open wins (it saw the bucket start),
   *   high/low merge, close stays live (it is newer), volume is the larger of the two (the REST
   *   snapshot and the live stream overlap; adding would double count);
   * - history ending after the live bar: the history replaces the series.
   */
  function load(symbol: string, period: Period, candles: Candle[]): void {
    const i = periodIndex(period);
    if (candles.length === 0) return;
    const st = state(symbol);
    flushLog(st);
    const byTime = new Map<number, Candle>();
    for (const c of candles) {
      const time = bucketStart(c.time, period);
      byTime.set(time, { time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume });
    }
    const sorted = [...byTime.values()].sort((a, b) => a.time - b.time);
    const lastLoaded = sorted[sorted.length - 1];
    const live = openCandle(st, i);
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
    if (i === plan.base && st.fast) detach(plan, st);
    if (live !== undefined && live.time === lastLoaded.time) {
      const closeSeq = openCloseSeq(st, i);
      const D = Decimal;
      const merged: Candle = {
        time: live.time,
        open: lastLoaded.open,
        high: D.max(live.high, lastLoaded.high).toFixed(),
        low: D.min(live.low, lastLoaded.low).toFixed(),
        close: live.close,
        volume: D.max(live.volume, lastLoaded.volume).toFixed(),
      };
      seedOpenBar(st, i, merged, period, closeSeq);
    } else {
      seedOpenBar(st, i, lastLoaded, period, -Infinity);
    }
    // A folded period's slot holds the partial: what the base bar adds on reading is not stored twice.
    if (st.fast) {
      const bv = baseVolumeIn(plan, st, i);
      if (bv !== 0n) setSlotVolume(st, i, slotVolume(st, i) - bv);
    }
  }

  return {
    apply,
    series(symbol, period) {
      const i = periodIndex(period);
      const st = symbols.get(symbol);
      if (st === undefined) return [];
      flushLog(st);
      const open = openCandle(st, i);
      const out = st.hist[i].toCandles();
      if (open !== undefined) out.push(open);
      return out;
    },
    last(symbol, period) {
      const i = periodIndex(period);
      const st = symbols.get(symbol);
      return st === undefined ? undefined : openCandle(st, i);
    },
    load,
    lastSeq(symbol) {
      const st = symbols.get(symbol);
      return st?.hasSeq ? st.lastSeq : undefined;
    },
    stats: () => ({ ...stats }),
  };
}
