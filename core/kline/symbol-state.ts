/**
 * One symbol's aggregation state (aggregator.ts). The hot part (seq, scales, flags, open bars and
 * where its histories' rings lie) is the symbol's record in a shared page (record.ts); this object
 * holds the rest — missing seq ranges, spilled volume, the BigInt bars, bars kept as strings, the
 * histories' readers — and exposes the record's header as properties for the paths that are not
 * per tick.
 */
import type { Candle } from '../types/market';
import type { ApplyResult, SeqGap } from './aggregator-types';
import { BarHistory, type BarStore } from './bar-history';
import { END, FAST, HAS_SEQ, LAST_SEQ, MAX_SLOTS, NONE, PSCALE, QSCALE, SPILLED, slotAt } from './record';

/** The same bar once the symbol has outgrown float64 integers. */
export class BigBar {
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

export class SymbolState {
  /** missing seq ranges as flat [from, to, from, to, …] pairs, oldest first */
  missing: number[] = [];
  private spill: bigint[] | null = null;
  bigBars: BigBar[] = [];
  /** closed bars per period index, oldest first (bar-history.ts) */
  hist: BarHistory[];
  /** per period index, history bars kept as strings by ring position, once one is */
  strs: ((Candle | undefined)[] | null)[];

  /** `rec` is the page holding the symbol's record at `at` (record.ts); `store` the histories' rings */
  constructor(
    readonly rec: Float64Array,
    readonly at: number,
    n: number,
    store: BarStore,
  ) {
    rec[at + FAST] = 1;
    for (let i = 0; i < MAX_SLOTS; i++) rec[slotAt(at, i) + END] = NONE;
    this.hist = [];
    this.strs = [];
    for (let i = 0; i < n; i++) {
      this.hist.push(new BarHistory(store, this, i));
      this.strs.push(null);
    }
  }

  /** spilled volume per slot, once any has spilled (bar-slot.ts); the record's SPILLED flag follows it */
  get volBig(): bigint[] | null {
    return this.spill;
  }
  set volBig(v: bigint[] | null) {
    this.spill = v;
    this.rec[this.at + SPILLED] = v === null ? 0 : 1;
  }

  get hasSeq(): boolean {
    return this.rec[this.at + HAS_SEQ] === 1;
  }
  get lastSeq(): number {
    return this.rec[this.at + LAST_SEQ];
  }
  /** true while the symbol's numbers fit float64 integers, false for good once they do not */
  get fast(): boolean {
    return this.rec[this.at + FAST] === 1;
  }
  set fast(v: boolean) {
    this.rec[this.at + FAST] = v ? 1 : 0;
  }
  /** decimals of every scaled price held for this symbol */
  get pScale(): number {
    return this.rec[this.at + PSCALE];
  }
  set pScale(v: number) {
    this.rec[this.at + PSCALE] = v;
  }
  /** decimals of every scaled qty held for this symbol */
  get qScale(): number {
    return this.rec[this.at + QSCALE];
  }
  set qScale(v: number) {
    this.rec[this.at + QSCALE] = v;
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

/** Up to this many missing ranges are remembered per symbol (aggregator.ts "Sequence"). */
const MAX_MISSING_RANGES = 256;
// pure: an unused frozen constant must not keep this module (and its chunk) in a route
export const DUPLICATE: ApplyResult = /* @__PURE__ */ Object.freeze({ outcome: 'duplicate' });

/** The counters behind KlineAggregator.stats(). */
export interface SeqStats {
  applied: number;
  duplicates: number;
  lateDropped: number;
  gaps: number;
}

/**
 * Accepts or rejects the tick's seq (aggregator.ts "Sequence"): DUPLICATE to answer at once, else
 * the gap the seq jumps over (or null), with the seq recorded. The next seq in line reads and
 * writes the record only.
 */
export function acceptSeq(
  st: SymbolState,
  b: Float64Array,
  at: number,
  symbol: string,
  seq: number,
  stats: SeqStats,
): ApplyResult | SeqGap | null {
  const has = b[at + HAS_SEQ] === 1;
  const last = b[at + LAST_SEQ];
  if (!has || seq > last) {
    let gap: SeqGap | null = null;
    if (has && seq > last + 1) {
      gap = { symbol, fromSeq: last + 1, toSeq: seq - 1 };
      st.missing.push(gap.fromSeq, gap.toSeq);
      if (st.missing.length > 2 * MAX_MISSING_RANGES) st.missing.splice(0, 2);
      stats.gaps++;
    }
    b[at + HAS_SEQ] = 1;
    b[at + LAST_SEQ] = seq;
    return gap;
  }
  if (takeMissing(st, seq)) return null;
  stats.duplicates++;
  return DUPLICATE;
}
