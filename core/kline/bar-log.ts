/**
 * Closed bars of one float64 symbol on their way into the series' histories (bar-history.ts).
 *
 * Why: a symbol's histories are nine rings in nine places. Written one bar at a time, each closed
 * bar costs a walk to its ring (history object, buffer) that is rarely in cache: for a symbol that
 * trades a few times a minute, nearly every tick closes a bar, and these walks were a third of the
 * aggregator's time. So closed bars are first appended to a small log in the symbol's record
 * (record.ts), in close order, and moved into their rings LOG_BARS at a time: one walk per ring per
 * batch, the writes side by side.
 *
 * Rule: whoever reads or writes a history directly (series(), load(), the move to BigInt) flushes
 * the symbol's log first, so every history is always read complete and in close order. A bar whose
 * volume has spilled out of float64 is not logged: the log is flushed and the bar pushed as strings.
 */
import type { BarHistory } from './bar-history';
import { slotCandle, type ScaledBars } from './bar-slot';
import {
  CLOSE,
  HIGH,
  LOG0,
  LOG_BARS,
  LOG_LEN,
  LOG_STRIDE,
  LOW,
  OPEN,
  PSCALE,
  QSCALE,
  SPILLED,
  TIME,
  VOL,
  slotAt,
} from './record';

export { LOG_BARS, LOG_STRIDE } from './record';
const SCALE_BASE = 32;

/** A float64 symbol's histories (its log is in its record). */
export interface LoggedBars extends ScaledBars {
  /** closed bars per period index */
  hist: BarHistory[];
  logLen: number;
}

/** Closes slot i's bar into its history (by way of the log in the record at `at` of page `b`). */
export function closeBar(st: LoggedBars, b: Float64Array, at: number, i: number): void {
  if (b[at + SPILLED] !== 0 && st.volBig !== null && st.volBig[i] !== 0n) {
    flushLog(st);
    st.hist[i].pushCandle(slotCandle(st, i));
    return;
  }
  const x = slotAt(at, i);
  const n = b[at + LOG_LEN];
  const y = at + LOG0 + n * LOG_STRIDE;
  b[y] = i;
  b[y + 1] = b[x + TIME];
  b[y + 2] = b[x + OPEN];
  b[y + 3] = b[x + HIGH];
  b[y + 4] = b[x + LOW];
  b[y + 5] = b[x + CLOSE];
  b[y + 6] = b[x + VOL];
  b[y + 7] = b[at + PSCALE] * SCALE_BASE + b[at + QSCALE];
  b[at + LOG_LEN] = n + 1;
  if (n + 1 === LOG_BARS) flushLog(st);
}

/** Moves the logged bars into their histories, oldest first. */
export function flushLog(st: LoggedBars): void {
  const l = st.rec;
  const start = st.at + LOG0;
  const end = start + st.logLen * LOG_STRIDE;
  for (let y = start; y < end; y += LOG_STRIDE) {
    const sc = l[y + 7];
    const qs = sc % SCALE_BASE;
    st.hist[l[y]].pushScaled(l[y + 1], l[y + 2], l[y + 3], l[y + 4], l[y + 5], l[y + 6], (sc - qs) / SCALE_BASE, qs);
  }
  st.logLen = 0;
}
