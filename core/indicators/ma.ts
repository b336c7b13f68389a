/** MA: simple moving averages of the close (Binance default periods 7 / 25 / 99). */
import { RollingMean } from './window';
import { CloseLines } from './close-lines';
import { INDICATOR_DEFAULTS, runBatch, type IndicatorBar } from './types';

/** One value per period, NaN until that period's window fills. */
export class MaState extends CloseLines {
  constructor(periods: readonly number[] = INDICATOR_DEFAULTS.ma) {
    super(periods.map((p) => new RollingMean(p)));
  }
}

/** Batch MA over a bar series: out[i][k] is MA(periods[k]) at bar i. */
export function ma(bars: readonly IndicatorBar[], periods: readonly number[] = INDICATOR_DEFAULTS.ma): number[][] {
  return runBatch(new MaState(periods), bars);
}
