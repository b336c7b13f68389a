/** MA: simple moving averages of the close (Binance default periods 7 / 25 / 99). */
import { RollingMean } from './window';
import { INDICATOR_DEFAULTS, runBatch, type Incremental, type IndicatorBar } from './types';

/** One value per period, NaN until that period's window fills. */
export class MaState implements Incremental<number[]> {
  private readonly lines: RollingMean[];

  constructor(periods: readonly number[] = INDICATOR_DEFAULTS.ma) {
    this.lines = periods.map((p) => new RollingMean(p));
  }

  get length(): number {
    return this.lines[0]?.length ?? 0;
  }

  push(bar: IndicatorBar): number[] {
    return this.lines.map((l) => l.push(bar.close));
  }

  update(bar: IndicatorBar): number[] {
    return this.lines.map((l) => l.peek(bar.close));
  }
}

/** Batch MA over a bar series: out[i][k] is MA(periods[k]) at bar i. */
export function ma(bars: readonly IndicatorBar[], periods: readonly number[] = INDICATOR_DEFAULTS.ma): number[][] {
  return runBatch(new MaState(periods), bars);
}
