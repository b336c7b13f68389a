/**
 * Closed bars of one float64 symbol on their way into the series' histories (bar-history.ts).
 *
 * Why: a symbol's histories are nine rings in nine places. Written one bar at a time, each closed
 * bar costs a walk to its ring (history object, buffer) that is rarely in cache: for a symbol that
 * trades a few times a minute, nearly every tick closes a bar, and these walks were a third of the
 * aggregator's time. So closed bars are first appended to one small per-symbol log, in close order,
 * and moved into their rings LOG_BARS at a time: one walk per ring per batch, the writes side by side.
 *
 * Rule: whoever reads or writes a history directly (series(), load(), the move to BigInt) flushes
 * the symbol's log first, so every history is always read complete and in close order. A bar whose
 * volume has spilled out of float64 is not logged: the log is flushed and the bar pushed as strings.
 */
import type { BarHistory } from './bar-history';
import { CLOSE, HIGH, LOW, OPEN, STRIDE, TIME, VOL, slotCandle, type ScaledBars } from './bar-slot';

/** Bars per log: the batch size of the moves into the rings. */
export const LOG_BARS = 32;
/** Per logged bar: slot index, time, open, high, low, close, volume, pScale · 32 + qScale. */
export const LOG_STRIDE = 8;
const SCALE_BASE = 32;

/** A float64 symbol's histories and their log. */
export interface LoggedBars extends ScaledBars {
  /** closed bars per period index */
  hist: BarHistory[];
  /** LOG_BARS · LOG_STRIDE numbers */
  log: Float64Array;
  logLen: number;
}

/** Closes slot i's bar into its history (by way of the log). */
export function closeBar(st: LoggedBars, i: number): void {
  if (st.volBig !== null && st.volBig[i] !== 0n) {
    flushLog(st);
    st.hist[i].pushCandle(slotCandle(st, i));
    return;
  }
  const b = st.bars;
  const x = i * STRIDE;
  const l = st.log;
  const y = st.logLen * LOG_STRIDE;
  l[y] = i;
  l[y + 1] = b[x + TIME];
  l[y + 2] = b[x + OPEN];
  l[y + 3] = b[x + HIGH];
  l[y + 4] = b[x + LOW];
  l[y + 5] = b[x + CLOSE];
  l[y + 6] = b[x + VOL];
  l[y + 7] = st.pScale * SCALE_BASE + st.qScale;
  if (++st.logLen === LOG_BARS) flushLog(st);
}

/** Moves the logged bars into their histories, oldest first. */
export function flushLog(st: LoggedBars): void {
  const l = st.log;
  const end = st.logLen * LOG_STRIDE;
  for (let y = 0; y < end; y += LOG_STRIDE) {
    const sc = l[y + 7];
    const qs = sc % SCALE_BASE;
    st.hist[l[y]].pushScaled(l[y + 1], l[y + 2], l[y + 3], l[y + 4], l[y + 5], l[y + 6], (sc - qs) / SCALE_BASE, qs);
  }
  st.logLen = 0;
}
