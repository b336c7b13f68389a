/**
 * One symbol's aggregation state (aggregator.ts): its seq bookkeeping, its open bars (float64 slots
 * while its numbers fit, BigBar once they do not), its histories and its closed-bar log.
 */
import type { ApplyResult, SeqGap } from './aggregator-types';
import { BarHistory } from './bar-history';
import { LOG_BARS, LOG_STRIDE } from './bar-log';
import { END, NONE, STRIDE } from './bar-slot';

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
  hasSeq = false;
  lastSeq = 0;
  /** missing seq ranges as flat [from, to, from, to, …] pairs, oldest first */
  missing: number[] = [];
  fast = true;
  /** decimals of every scaled price / qty integer held for this symbol */
  pScale = 0;
  qScale = 0;
  /**
   * Open bars while fast (bar-slot.ts): one slot per period index, then one scratch slot where a
   * folded period's open bar is assembled for reading (fold.ts). Folded slots hold partial bars.
   */
  bars: Float64Array;
  /** spilled volume per slot, once any has spilled */
  volBig: bigint[] | null = null;
  /** false while the base bar holds loaded history (fold.ts) */
  attached = true;
  bigBars: BigBar[] = [];
  /** closed bars per period index, oldest first; while fast, the newest may still be in the log */
  hist: BarHistory[];
  /** closed bars on their way into `hist` (bar-log.ts) */
  log = new Float64Array(LOG_BARS * LOG_STRIDE);
  logLen = 0;
  constructor(n: number, histCap: number) {
    this.bars = new Float64Array((n + 1) * STRIDE);
    for (let i = 0; i <= n; i++) this.bars[i * STRIDE + END] = NONE;
    this.hist = [];
    for (let i = 0; i < n; i++) this.hist.push(new BarHistory(histCap));
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
 * the gap the seq jumps over (or null), with the seq recorded.
 */
export function acceptSeq(st: SymbolState, symbol: string, seq: number, stats: SeqStats): ApplyResult | SeqGap | null {
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
