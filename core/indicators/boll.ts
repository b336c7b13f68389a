/**
 * BOLL (default 20, 2): middle = MA(n) of the close, upper/lower = middle ± width × σ, σ the
 * POPULATION standard deviation of the window (÷ n, as technicalindicators and Binance). σ is
 * summed afresh over the window each time (O(n)) rather than from a running sum of squares, which
 * cancels catastrophically for prices far from zero.
 */
import { RollingMean } from './window';
import { checkPeriod, INDICATOR_DEFAULTS, runBatch, type Incremental, type IndicatorBar } from './types';

export interface BollValue {
  mid: number;
  upper: number;
  lower: number;
}

export class BollState implements Incremental<BollValue> {
  private readonly mean: RollingMean;

  constructor(
    readonly period: number = INDICATOR_DEFAULTS.boll.period,
    readonly width: number = INDICATOR_DEFAULTS.boll.width,
  ) {
    checkPeriod(period);
    if (!Number.isFinite(width) || width < 0) throw new RangeError(`BOLL width must be ≥ 0: ${width}`);
    this.mean = new RollingMean(period);
  }

  get length(): number {
    return this.mean.length;
  }

  private value(x: number, mid: number): BollValue {
    if (Number.isNaN(mid)) return { mid: NaN, upper: NaN, lower: NaN };
    const sd = Math.sqrt(this.mean.squaredDeviation(x, mid) / this.period);
    return { mid, upper: mid + sd * this.width, lower: mid - sd * this.width };
  }

  push(bar: IndicatorBar): BollValue {
    // Deviation first: it reads the window before the push rotates it.
    const v = this.value(bar.close, this.mean.peek(bar.close));
    this.mean.push(bar.close);
    return v;
  }

  update(bar: IndicatorBar): BollValue {
    return this.value(bar.close, this.mean.peek(bar.close));
  }
}

export function boll(bars: readonly IndicatorBar[], period?: number, width?: number): BollValue[] {
  return runBatch(new BollState(period, width), bars);
}
