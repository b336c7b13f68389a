/** Reading a series' open bar, whichever path (float64 slots, folded or not, or BigInt) holds it. */
import type { Candle } from '../types/market';
import { hasBar, slotCandle } from './bar-slot';
import { type FoldPlan, release, view } from './fold';
import { CSEQ, slotAt } from './record';
import { bigToCandle } from './symbol-scale';
import type { SymbolState } from './symbol-state';

/** Period i's open bar as a Candle, if it has one. */
export function openCandle(plan: FoldPlan, st: SymbolState, i: number): Candle | undefined {
  if (st.fast) {
    const j = view(plan, st, i);
    const c = hasBar(st.rec, st.at, j) ? slotCandle(st, j) : undefined;
    release(plan, st);
    return c;
  }
  const b = st.bigBars[i];
  return b.has ? bigToCandle(b, st) : undefined;
}

/** The close seq of period i's open bar. */
export function openCloseSeq(plan: FoldPlan, st: SymbolState, i: number): number {
  if (!st.fast) return st.bigBars[i].closeSeq;
  const seq = st.rec[slotAt(st.at, view(plan, st, i)) + CSEQ];
  release(plan, st);
  return seq;
}
