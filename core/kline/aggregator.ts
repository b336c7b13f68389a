/**
 * Incremental K-line aggregation: ticks in, OHLCV candles for up to nine periods out.
 *
 * Rules
 * - Buckets: see bucket.ts (UTC, Monday weeks, calendar months). A bucket is chosen by the tick's
 *   `ts`; empty buckets produce no candle (charts draw gaps).
 * - Sequence, per symbol. `lastSeq` is the highest seq accepted so far.
 *   - seq > lastSeq + 1: the seqs in between are reported once as `gap` (inclusive range) and
 *     remembered as missing; the tick itself is then processed normally.
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
 * - Memory: at most `maxBars` bars per series (closed bars beyond that are forgotten, oldest first).
 */
import type { Candle, Period, Tick } from '../index';
import { PERIODS } from '../index';
import Decimal from 'decimal.js';
import { BarHistory } from './bar-history';
import { bucketStart, nextBucketStart } from './bucket';
import {
  MAX_SAFE,
  bigPow10,
  formatScaled,
  normalizeDecimalString,
  parseScaledBig,
  parseScaledFast,
  pow10,
  type ScaledOut,
} from './scaled';

export interface AggregatorOptions {
  periods?: readonly Period[];
  /** bars kept per series in memory, default 1000 */
  maxBars?: number;
}
export type ApplyOutcome = 'applied' | 'duplicate' | 'late-dropped';
/** Missing seqs, inclusive. */
export interface SeqGap {
  symbol: string;
  fromSeq: number;
  toSeq: number;
}
export interface ApplyResult {
  outcome: ApplyOutcome;
  gap?: SeqGap;
}
export interface KlineAggregator {
  apply(tick: Tick): ApplyResult;
  /** oldest first, the open bar last */
  series(symbol: string, period: Period): Candle[];
  last(symbol: string, period: Period): Candle | undefined;
  /** seed from history; live ticks continue it */
  load(symbol: string, period: Period, candles: Candle[]): void;
  lastSeq(symbol: string): number | undefined;
  stats(): { applied: number; duplicates: number; lateDropped: number; gaps: number };
}

const APPLIED: ApplyResult = Object.freeze({ outcome: 'applied' });
const DUPLICATE: ApplyResult = Object.freeze({ outcome: 'duplicate' });
const LATE_DROPPED: ApplyResult = Object.freeze({ outcome: 'late-dropped' });
const MAX_MISSING_RANGES = 256;
const DEFAULT_MAX_BARS = 1000;

/** The open bar of one series while the symbol's values fit in float64 integers. */
class FastBar {
  has = false;
  time = 0;
  end = 0;
  open = 0;
  high = 0;
  low = 0;
  close = 0;
  /** volume = volBig + vol; vol stays a safe integer, the excess spills into volBig */
  vol = 0;
  volBig = 0n;
  /** seqs of the ticks that set open/close; −Infinity for a bar seeded by load() */
  openSeq = 0;
  closeSeq = 0;
}

/** The same bar once the symbol has outgrown float64 integers. */
class BigBar {
  has = false;
  time = 0;
  end = 0;
  open = 0n;
  high = 0n;
  low = 0n;
  close = 0n;
  vol = 0n;
  openSeq = 0;
  closeSeq = 0;
}

class SymbolState {
  hasSeq = false;
  lastSeq = 0;
  /** missing seq ranges as flat [from, to, from, to, …] pairs, oldest first */
  missing: number[] = [];
  fast = true;
  /** decimals of every scaled price / qty integer held for this symbol */
  pScale = 0;
  qScale = 0;
  fastBars: FastBar[];
  bigBars: BigBar[] = [];
  /** closed bars per period index, oldest first */
  hist: BarHistory[];
  constructor(n: number, histCap: number) {
    this.fastBars = Array.from({ length: n }, () => new FastBar());
    this.hist = Array.from({ length: n }, () => new BarHistory(histCap));
  }
}

function takeMissing(st: SymbolState, seq: number): boolean {
  const r = st.missing;
  // Newest ranges first: a late tick is almost always from the latest gap.
  for (let k = r.length - 2; k >= 0; k -= 2) {
    const from = r[k];
    const to = r[k + 1];
    if (seq < from || seq > to) continue;
    if (from === to) r.splice(k, 2);
    else if (seq === from) r[k] = from + 1;
    else if (seq === to) r[k + 1] = to - 1;
    else r.splice(k, 2, from, seq - 1, seq + 1, to);
    return true;
  }
  return false;
}

function fastToCandle(b: FastBar, pScale: number, qScale: number): Candle {
  return {
    time: b.time,
    open: formatScaled(b.open, pScale),
    high: formatScaled(b.high, pScale),
    low: formatScaled(b.low, pScale),
    close: formatScaled(b.close, pScale),
    volume: formatScaled(b.volBig === 0n ? b.vol : b.volBig + BigInt(b.vol), qScale),
  };
}


function bigToCandle(b: BigBar, st: SymbolState): Candle {
  return {
    time: b.time,
    open: formatScaled(b.open, st.pScale),
    high: formatScaled(b.high, st.pScale),
    low: formatScaled(b.low, st.pScale),
    close: formatScaled(b.close, st.pScale),
    volume: formatScaled(b.vol, st.qScale),
  };
}

/** Moves a symbol to BigInt arithmetic for good (rare: 16+ significant digits). */
function toBig(st: SymbolState): void {
  st.bigBars = st.fastBars.map((f) => {
    const b = new BigBar();
    b.has = f.has;
    b.time = f.time;
    b.end = f.end;
    b.open = BigInt(f.open);
    b.high = BigInt(f.high);
    b.low = BigInt(f.low);
    b.close = BigInt(f.close);
    b.vol = f.volBig + BigInt(f.vol);
    b.openSeq = f.openSeq;
    b.closeSeq = f.closeSeq;
    return b;
  });
  st.fastBars = [];
  st.fast = false;
}

/** Raises the symbol's price or qty scale by k decimals; false if a price would leave float64 integers. */
function rescaleFast(st: SymbolState, isPrice: boolean, k: number): boolean {
  const f = pow10(k);
  if (isPrice) {
    for (const b of st.fastBars) if (b.has && b.high * f > MAX_SAFE) return false; // high is the largest price
    for (const b of st.fastBars) {
      b.open *= f;
      b.high *= f;
      b.low *= f;
      b.close *= f;
    }
    st.pScale += k;
  } else {
    for (const b of st.fastBars) {
      const v = b.vol * f;
      if (b.volBig === 0n && v <= MAX_SAFE) b.vol = v;
      else {
        b.volBig = (b.volBig + BigInt(b.vol)) * bigPow10(k);
        b.vol = 0;
      }
    }
    st.qScale += k;
  }
  return true;
}

function rescaleBig(st: SymbolState, isPrice: boolean, k: number): void {
  const f = bigPow10(k);
  for (const b of st.bigBars) {
    if (isPrice) {
      b.open *= f;
      b.high *= f;
      b.low *= f;
      b.close *= f;
    } else b.vol *= f;
  }
  if (isPrice) st.pScale += k;
  else st.qScale += k;
}

const scratch: ScaledOut = { m: 0, scale: 0 };

/** Scaled value of `s` at the symbol's scale as a float64 integer, or −1 when it needs BigInt. */
function fastValue(st: SymbolState, s: string, isPrice: boolean): number {
  if (!parseScaledFast(s, scratch)) {
    const canon = normalizeDecimalString(s); // throws on garbage
    if (canon === s || !parseScaledFast(canon, scratch)) return -1;
  }
  let m = scratch.m;
  const sc = scratch.scale;
  const cur = isPrice ? st.pScale : st.qScale;
  if (sc > cur) {
    if (!rescaleFast(st, isPrice, sc - cur)) return -1;
  } else if (sc < cur) {
    m *= pow10(cur - sc);
    if (m > MAX_SAFE) return -1;
  }
  return m;
}

function bigValue(st: SymbolState, s: string, isPrice: boolean): bigint {
  const { m, scale } = parseScaledBig(s);
  const cur = isPrice ? st.pScale : st.qScale;
  if (scale > cur) {
    rescaleBig(st, isPrice, scale - cur);
    return m;
  }
  return scale < cur ? m * bigPow10(cur - scale) : m;
}

export function createKlineAggregator(opts: AggregatorOptions = {}): KlineAggregator {
  const periods: readonly Period[] = [...new Set(opts.periods ?? PERIODS)];
  for (const p of periods) if (!(PERIODS as readonly string[]).includes(p)) throw new RangeError(`unknown period ${p}`);
  const maxBars = opts.maxBars ?? DEFAULT_MAX_BARS;
  if (!Number.isInteger(maxBars) || maxBars < 1) throw new RangeError('maxBars must be a positive integer');
  const histCap = maxBars - 1; // the open bar is the last of the maxBars
  const n = periods.length;
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

  function applyFast(st: SymbolState, p: number, q: number, seq: number, ts: number): boolean {
    const bars = st.fastBars;
    let applied = false;
    for (let i = 0; i < n; i++) {
      const b = bars[i];
      if (b.has && ts < b.end) {
        if (ts < b.time) continue; // older bucket: this series is past it
        if (p > b.high) b.high = p;
        else if (p < b.low) b.low = p;
        if (seq > b.closeSeq) {
          b.close = p;
          b.closeSeq = seq;
        } else if (seq < b.openSeq) {
          b.open = p;
          b.openSeq = seq;
        }
        const v = b.vol + q;
        if (v <= MAX_SAFE) b.vol = v;
        else {
          b.volBig += BigInt(b.vol);
          b.vol = q;
        }
      } else {
        if (b.has) {
          // Closed bars stay numbers until read; strings only for the rare spilled volume.
          if (b.volBig === 0n) st.hist[i].pushScaled(b.time, b.open, b.high, b.low, b.close, b.vol, st.pScale, st.qScale);
          else st.hist[i].pushCandle(fastToCandle(b, st.pScale, st.qScale));
        }
        const period = periods[i];
        b.has = true;
        b.time = bucketStart(ts, period);
        b.end = nextBucketStart(b.time, period);
        b.open = b.high = b.low = b.close = p;
        b.vol = q;
        b.volBig = 0n;
        b.openSeq = b.closeSeq = seq;
      }
      applied = true;
    }
    return applied;
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
      if (q < 0) toBig(st);
    }
    let bp = 0n;
    let bq = 0n;
    if (!st.fast) {
      bp = bigValue(st, tick.price, true);
      bq = bigValue(st, tick.qty, false);
    }
    const seqResult = checkSeq(st, symbol, seq);
    if (seqResult === DUPLICATE) return DUPLICATE;
    const applied = st.fast ? applyFast(st, p, q, seq, ts) : applyBig(st, bp, bq, seq, ts);
    if (!applied) {
      stats.lateDropped++;
      return LATE_DROPPED;
    }
    stats.applied++;
    return seqResult === null ? APPLIED : { outcome: 'applied', gap: seqResult as SeqGap };
  }

  function openCandle(st: SymbolState, i: number): Candle | undefined {
    if (st.fast) {
      const b = st.fastBars[i];
      return b.has ? fastToCandle(b, st.pScale, st.qScale) : undefined;
    }
    const b = st.bigBars[i];
    return b.has ? bigToCandle(b, st) : undefined;
  }

  /** Makes `c` the open bar of series i; its open and close count as set by no tick (seq −∞). */
  function seedOpenBar(st: SymbolState, i: number, c: Candle, period: Period, closeSeq: number): void {
    const time = c.time;
    const end = nextBucketStart(time, period);
    if (st.fast) {
      const prices = [c.open, c.high, c.low, c.close];
      prices.forEach((s) => fastValue(st, s, true)); // settles the scale at the most decimals seen
      const [o, h, l, cl] = prices.map((s) => fastValue(st, s, true));
      if (o >= 0 && h >= 0 && l >= 0 && cl >= 0) {
        // Volumes of long bars are legitimately huge: parse exactly and split instead of going BigInt.
        const vol = parseScaledBig(c.volume);
        if (vol.scale > st.qScale) rescaleFast(st, false, vol.scale - st.qScale);
        const v = vol.m * bigPow10(st.qScale - vol.scale);
        const safe = v <= BigInt(MAX_SAFE);
        const b = st.fastBars[i];
        b.open = o;
        b.high = h;
        b.low = l;
        b.close = cl;
        b.vol = safe ? Number(v) : 0;
        b.volBig = safe ? 0n : v;
        b.has = true;
        b.time = time;
        b.end = end;
        b.openSeq = -Infinity;
        b.closeSeq = closeSeq;
        return;
      }
      toBig(st);
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
    if (live !== undefined && live.time === lastLoaded.time) {
      const closeSeq = st.fast ? st.fastBars[i].closeSeq : st.bigBars[i].closeSeq;
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
  }

  return {
    apply,
    series(symbol, period) {
      const i = periodIndex(period);
      const st = symbols.get(symbol);
      if (st === undefined) return [];
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
