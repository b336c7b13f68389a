/**
 * Shared shapes and conventions of the chart indicators.
 *
 * Indicators are DISPLAY values, not money: they use plain JS numbers (float64) for speed — the
 * worker recomputes them many times a second for the open bar. No balance or order amount is ever
 * derived from them, so the exact-decimal rule for money does not apply here.
 *
 * Conventions shared by every file in this folder:
 * - A value is NaN until its window has filled (e.g. MA(7) is NaN for the first 6 bars); batch
 *   functions return arrays aligned with their input, NaN where undefined.
 * - Each indicator has (a) a batch function over a whole series and (b) an incremental state:
 *   `push(bar)` commits a closed bar and returns its value; `update(bar)` gives the value of the
 *   still-open bar after the committed ones without committing it (called many times a second,
 *   O(1), or O(period) for BOLL's deviation). Any number of updates may come between pushes; a
 *   push after updates is the open bar's final form (or a new bar) and is what gets committed.
 * - The batch function is the state pushed bar by bar, so both always give the same numbers.
 */

/** One candle as the indicators see it (numbers, already parsed from the wire's decimal strings). */
export interface IndicatorBar {
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** An indicator computed as bars arrive. */
export interface Incremental<Out> {
  /** Commits a closed bar; returns its value. */
  push(bar: IndicatorBar): Out;
  /** Value of the still-open bar following the committed ones; commits nothing. */
  update(bar: IndicatorBar): Out;
  /** Number of committed bars. */
  readonly length: number;
}

/** Default parameters (Binance's chart defaults; editable by the trader). */
export const INDICATOR_DEFAULTS = {
  ma: [7, 25, 99],
  ema: [7, 25, 99],
  boll: { period: 20, width: 2 },
  vol: [5, 10],
  macd: { fast: 12, slow: 26, signal: 9 },
  kdj: { period: 9, kSmooth: 3, dSmooth: 3 },
  rsi: [6, 12, 24],
} as const;

export function checkPeriod(period: number, name = 'period'): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`${name} must be a positive integer: ${period}`);
}

/** Runs `state` over `bars` (the batch form of every indicator). */
export function runBatch<Out>(state: Incremental<Out>, bars: readonly IndicatorBar[]): Out[] {
  const out: Out[] = new Array(bars.length);
  for (let i = 0; i < bars.length; i++) out[i] = state.push(bars[i]);
  return out;
}
