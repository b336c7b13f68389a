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
 * - Memory: at most `maxBars` bars per series (closed bars beyond that are forgotten, oldest first).
 * - Folding (fold.ts), invisible in the results: every rule above holds as if each period were
 *   updated per tick. The shortest period is the base. A longer period whose bucket boundaries are
 *   all base boundaries (all but `1mon` over a `1week` base) is folded from its source, the longest
 *   shorter period that nests in it (5min from 1min, 15min from 5min, …, 1week and 1mon from 1day):
 *   its slot holds the source's bars already closed into its bucket, merged (high max, low min, open
 *   of the lower open seq, close of the higher close seq, exact volume sum), plus late ticks its
 *   source no longer takes, and its open bar, as read, is that merged with its source's open bar as
 *   read while that lies in its bucket. After load() reseeds a slot, it and the periods folded from
 *   it take ticks themselves until their source opens its next bucket. Any other period is updated
 *   per tick, like the base.
 *
 * Parts: this file holds the per-tick dispatch (class Aggregation); the record layout is in
 * record.ts, seq bookkeeping in symbol-state.ts, the float64 path in fold.ts and bar-slot.ts, the
 * BigInt path in big-bars.ts, number scales in symbol-scale.ts, load() in history-load.ts, the
 * histories in bar-history.ts.
 *
 * Speed (bench/core-throughput.ts): a tick costs one Map lookup (the symbol's interned index; none
 * when the tick's symbol is the previous tick's, as in a feed's batch of one symbol's trades), two
 * char-code parses into scaled integers, and an update of the base slot in the symbol's record: one
 * fixed-size run of numbers in a page shared by 64 symbols (record.ts) holding the seq, scales,
 * flags, the open bars side by side and where each history's ring lies, so a tick whose symbol is
 * out of cache costs one walk to memory, not one per object; the symbol's object is touched on rare
 * paths only. The folded slots are visited only when a tick leaves the base bar's bucket (or is late
 * for it), and then only along the chain of bars it closes: the closed base bar merges into one
 * slot (5min's), and each longer bar it closes into the next (fold.ts). A slot caches its bucket's
 * [start, end), so date math runs only when a tick leaves it,
 * and then as integer arithmetic (calendar.ts). A closed bar is written straight into its ring, a
 * run of bars in a slab shared by all series (bar-history.ts): most symbols trade less than once a
 * minute, so many ticks close a bar (39 % in the bench's stream). Nothing is allocated per tick
 * except, rarely, a slab when the rings outgrow the last one, a gap report, and on the rare BigInt
 * paths; not even heap numbers: the tick's float64s reach the fold through a Float64Array (fold.ts).
 */
import type { Candle, Period, Tick } from '../types/market';
import { PERIODS } from '../types/market';
import type { AggregatorOptions, ApplyResult, KlineAggregator, SeqGap } from './aggregator-types';
import { BarStore } from './bar-history';
import { applyBig } from './big-bars';
import { FoldPlan, P, Q, TS, applyFast, tick as fastTick } from './fold';
import { loadHistory } from './history-load';
import { openCandle } from './open-bar';
import { FAST, HAS_SEQ, LAST_SEQ, PAGE_BITS, PAGE_MASK, REC, newPage } from './record';
import { bigValue, fastValue, toBig } from './symbol-scale';
import { DUPLICATE, SymbolState, acceptSeq, type SeqStats } from './symbol-state';

export type { AggregatorOptions, KlineAggregator } from './aggregator-types';

// pure: an unused frozen constant must not keep this module (and its chunk) in a route
const APPLIED: ApplyResult = /* @__PURE__ */ Object.freeze({ outcome: 'applied' });
const LATE_DROPPED: ApplyResult = /* @__PURE__ */ Object.freeze({ outcome: 'late-dropped' });
const DEFAULT_MAX_BARS = 1000;

function checkedPeriods(periods: readonly Period[] | undefined): readonly Period[] {
  const out = [...new Set(periods ?? PERIODS)];
  for (const p of out) if (!(PERIODS as readonly string[]).includes(p)) throw new RangeError(`unknown period ${p}`);
  return out;
}

function checkedMaxBars(maxBars: number | undefined): number {
  const m = maxBars ?? DEFAULT_MAX_BARS;
  if (!Number.isInteger(m) || m < 1) throw new RangeError('maxBars must be a positive integer');
  return m;
}

function checkTick(seq: number, ts: number): void {
  if (!Number.isSafeInteger(seq)) throw new RangeError(`tick seq must be an integer: ${seq}`);
  if (!Number.isFinite(ts)) throw new RangeError(`tick ts must be finite: ${ts}`);
}

/** The aggregator's state and operations; createKlineAggregator hands out its methods. */
class Aggregation {
  readonly periods: readonly Period[];
  readonly plan: FoldPlan;
  readonly stats: SeqStats = { applied: 0, duplicates: 0, lateDropped: 0, gaps: 0 };
  /** interned symbol → index into `states` and the record pages (record.ts) */
  private readonly ids = new Map<string, number>();
  /** the last symbol looked up and its index: a feed hands over a symbol's trades together */
  private lastSymbol = '';
  private lastId = -1;
  private readonly states: SymbolState[] = [];
  private readonly pages: Float64Array[] = [];
  /** every series' closed bars; the open bar is the last of the maxBars, so maxBars − 1 are kept */
  private readonly store: BarStore;

  constructor(opts: AggregatorOptions) {
    this.periods = checkedPeriods(opts.periods);
    this.store = new BarStore(checkedMaxBars(opts.maxBars) - 1);
    this.plan = new FoldPlan(this.periods);
  }

  periodIndex(period: Period): number {
    const i = this.periods.indexOf(period);
    if (i < 0) throw new RangeError(`period ${period} is not aggregated here`);
    return i;
  }

  find(symbol: string): SymbolState | undefined {
    const id = this.ids.get(symbol);
    return id === undefined ? undefined : this.states[id];
  }

  state(symbol: string): SymbolState {
    return this.states[this.id(symbol)];
  }

  private id(symbol: string): number {
    // A string-typed field keeps this a string comparison (with `undefined` first it is the generic
    // strict equality); lengths first: in a feed of many symbols the previous one is seldom this one.
    const last = this.lastSymbol;
    if (symbol.length === last.length && symbol === last && this.lastId >= 0) return this.lastId;
    let id = this.ids.get(symbol);
    if (id === undefined) {
      id = this.states.length;
      if ((id & PAGE_MASK) === 0) this.pages.push(newPage());
      const st = new SymbolState(this.pages[id >> PAGE_BITS], (id & PAGE_MASK) * REC, this.periods.length, this.store);
      this.states.push(st);
      this.ids.set(symbol, id);
    }
    this.lastSymbol = symbol;
    this.lastId = id;
    return id;
  }

  apply(tick: Tick): ApplyResult {
    const { symbol, seq, ts } = tick;
    checkTick(seq, ts);
    const id = this.id(symbol);
    // The record, not the object: the object is read only on rare paths (symbol-state.ts).
    const b = this.pages[id >> PAGE_BITS];
    const at = (id & PAGE_MASK) * REC;
    const st = this.states[id];
    // Parse before touching seq state so a malformed tick leaves no trace but a (harmless) rescale.
    let p = 0;
    let q = 0;
    if (b[at + FAST] === 1) {
      p = fastValue(st, b, at, tick.price, true);
      q = p < 0 ? -1 : fastValue(st, b, at, tick.qty, false);
      if (q < 0) toBig(st, this.plan);
    }
    if (b[at + FAST] !== 1) return this.applyBigTick(st, tick);
    let gap: SeqGap | null = null;
    if (b[at + HAS_SEQ] === 1 && seq === b[at + LAST_SEQ] + 1)
      b[at + LAST_SEQ] = seq; // the next in line
    else {
      const seqResult = acceptSeq(st, b, at, symbol, seq, this.stats);
      if (seqResult === DUPLICATE) return DUPLICATE;
      gap = seqResult as SeqGap | null;
    }
    fastTick[P] = p; // not arguments: a float64 argument is boxed if applyFast is not inlined (fold.ts)
    fastTick[Q] = q;
    fastTick[TS] = ts;
    return this.outcome(applyFast(this.plan, this.store, st, b, at, seq), gap);
  }

  private applyBigTick(st: SymbolState, tick: Tick): ApplyResult {
    const bp = bigValue(st, tick.price, true);
    const bq = bigValue(st, tick.qty, false);
    const seqResult = acceptSeq(st, st.rec, st.at, tick.symbol, tick.seq, this.stats);
    if (seqResult === DUPLICATE) return DUPLICATE;
    return this.outcome(applyBig(st, this.periods, bp, bq, tick.seq, tick.ts), seqResult as SeqGap | null);
  }

  private outcome(applied: boolean, gap: SeqGap | null): ApplyResult {
    if (!applied) {
      this.stats.lateDropped++;
      // The gap is reported even though the tick itself is dropped: its seq has moved lastSeq on,
      // so this is the only time the caller hears of the missing range.
      return gap === null ? LATE_DROPPED : { outcome: 'late-dropped', gap };
    }
    this.stats.applied++;
    return gap === null ? APPLIED : { outcome: 'applied', gap };
  }

  series(symbol: string, period: Period): Candle[] {
    const i = this.periodIndex(period);
    const st = this.find(symbol);
    if (st === undefined) return [];
    const open = openCandle(this.plan, st, i);
    const out = st.hist[i].toCandles();
    if (open !== undefined) out.push(open);
    return out;
  }

  last(symbol: string, period: Period): Candle | undefined {
    const i = this.periodIndex(period);
    const st = this.find(symbol);
    return st === undefined ? undefined : openCandle(this.plan, st, i);
  }

  load(symbol: string, period: Period, candles: Candle[]): void {
    const i = this.periodIndex(period);
    if (candles.length === 0) return;
    loadHistory(this.plan, this.state(symbol), i, period, candles);
  }
}

export function createKlineAggregator(opts: AggregatorOptions = {}): KlineAggregator {
  const a = new Aggregation(opts);
  return {
    apply: (tick) => a.apply(tick),
    series: (symbol, period) => a.series(symbol, period),
    last: (symbol, period) => a.last(symbol, period),
    load: (symbol, period, candles) => a.load(symbol, period, candles),
    lastSeq(symbol) {
      const st = a.find(symbol);
      return st?.hasSeq ? st.lastSeq : undefined;
    },
    stats: () => ({ ...a.stats }),
  };
}
