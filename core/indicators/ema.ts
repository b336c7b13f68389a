/**
 * EMA of the close (default 7 / 25 / 99). α = 2 / (n + 1), seeded with the simple mean of the
 * first n values — the convention of technicalindicators and TradingView, so the line starts at
 * bar n − 1 like the MA instead of drifting in from the first close.
 */
import { RollingMean } from './window';
import { CloseLines } from './close-lines';
import { INDICATOR_DEFAULTS, runBatch, type IndicatorBar } from './types';

/** One EMA line over numbers: O(1) push and peek. */
export class EmaLine {
  private readonly alpha: number;
  private readonly seed: RollingMean;
  private prev = NaN;
  private count = 0;

  constructor(readonly period: number) {
    this.seed = new RollingMean(period);
    this.alpha = 2 / (period + 1);
  }

  get length(): number {
    return this.count;
  }

  peek(x: number): number {
    // Same operation order as push, so an update equals the push that later commits the bar.
    return this.count < this.period ? this.seed.peek(x) : (x - this.prev) * this.alpha + this.prev;
  }

  push(x: number): number {
    const v = this.count < this.period ? this.seed.push(x) : (x - this.prev) * this.alpha + this.prev;
    this.prev = v;
    this.count++;
    return v;
  }
}

export class EmaState extends CloseLines {
  constructor(periods: readonly number[] = INDICATOR_DEFAULTS.ema) {
    super(periods.map((p) => new EmaLine(p)));
  }
}

/** Batch EMA: out[i][k] is EMA(periods[k]) at bar i. */
export function ema(bars: readonly IndicatorBar[], periods: readonly number[] = INDICATOR_DEFAULTS.ema): number[][] {
  return runBatch(new EmaState(periods), bars);
}
