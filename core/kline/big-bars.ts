/**
 * The BigInt per-tick path of the K-line aggregator, for a symbol whose numbers have outgrown
 * float64 integers (symbol-scale.ts `toBig`): every period is updated per tick, no folding.
 */
import type { Period } from '../types/market';
import { bucketStart, nextBucketStart } from './bucket';
import { bigToCandle } from './symbol-scale';
import type { BigBar, SymbolState } from './symbol-state';

/** A tick inside bar b's bucket. */
function update(b: BigBar, p: bigint, q: bigint, seq: number): void {
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
}

/** Closes bar b (into history i) if it holds one, and opens one with the tick. */
function reopen(st: SymbolState, i: number, period: Period, p: bigint, q: bigint, seq: number, ts: number): void {
  const b = st.bigBars[i];
  if (b.has) st.hist[i].pushCandle(bigToCandle(b, st));
  b.has = true;
  b.time = bucketStart(ts, period);
  b.end = nextBucketStart(b.time, period);
  b.open = b.high = b.low = b.close = p;
  b.vol = q;
  b.openSeq = b.closeSeq = seq;
}

/** Applies a tick to a BigInt symbol; true if any period took it. */
export function applyBig(
  st: SymbolState,
  periods: readonly Period[],
  p: bigint,
  q: bigint,
  seq: number,
  ts: number,
): boolean {
  const bars = st.bigBars;
  let applied = false;
  for (let i = 0; i < periods.length; i++) {
    const b = bars[i];
    if (b.has && ts < b.end) {
      if (ts < b.time) continue; // older bucket: this series is past it
      update(b, p, q, seq);
    } else reopen(st, i, periods[i], p, q, seq, ts);
    applied = true;
  }
  return applied;
}
