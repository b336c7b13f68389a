/** VOL: the bar's volume and simple moving averages of it (default MA5 / MA10). */
import { RollingMean } from './window';
import { INDICATOR_DEFAULTS, runBatch, type Incremental, type IndicatorBar } from './types';

export interface VolValue {
  volume: number;
  /** one per period, NaN until its window fills */
  ma: number[];
}

export class VolState implements Incremental<VolValue> {
  private readonly lines: RollingMean[];

  constructor(periods: readonly number[] = INDICATOR_DEFAULTS.vol) {
    this.lines = periods.map((p) => new RollingMean(p));
  }

  get length(): number {
    return this.lines[0]?.length ?? 0;
  }

  push(bar: IndicatorBar): VolValue {
    return { volume: bar.volume, ma: this.lines.map((l) => l.push(bar.volume)) };
  }

  update(bar: IndicatorBar): VolValue {
    return { volume: bar.volume, ma: this.lines.map((l) => l.peek(bar.volume)) };
  }
}

export function vol(bars: readonly IndicatorBar[], periods: readonly number[] = INDICATOR_DEFAULTS.vol): VolValue[] {
  return runBatch(new VolState(periods), bars);
}
