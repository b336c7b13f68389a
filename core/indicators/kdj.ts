/**
 * KDJ (default 9, 3, 3), the Chinese exchanges' (and 通达信's) formula:
 *   RSV = (C − LLV(L, n)) / (HHV(H, n) − LLV(L, n)) × 100   (0 when the window's range is 0, as 通达信
 *         and technicalindicators' Stochastic %K do)
 *   K = ((m1 − 1) × K₋₁ + RSV) / m1,  D = ((m2 − 1) × D₋₁ + K) / m2,  J = 3K − 2D
 * with K₋₁ = D₋₁ = 50 before the first value (the exchanges' seeding). Values start once n bars
 * exist (bar n − 1). technicalindicators has no KDJ (its Stochastic %D is an SMA of %K), so the
 * tests check RSV against its Stochastic %K and the smoothing against an explicit reference.
 * Highest high / lowest low: monotonic deques over the last n − 1 committed bars, so an update of
 * the open bar is O(1).
 */
import { MonotonicWindow } from './window';
import { checkPeriod, INDICATOR_DEFAULTS, runBatch, type Incremental, type IndicatorBar } from './types';

export interface KdjValue {
  k: number;
  d: number;
  j: number;
}

const KDJ_SEED = 50;

export class KdjState implements Incremental<KdjValue> {
  private readonly highs: MonotonicWindow;
  private readonly lows: MonotonicWindow;
  private prevK = KDJ_SEED;
  private prevD = KDJ_SEED;
  private count = 0;

  constructor(
    readonly period: number = INDICATOR_DEFAULTS.kdj.period,
    readonly kSmooth: number = INDICATOR_DEFAULTS.kdj.kSmooth,
    readonly dSmooth: number = INDICATOR_DEFAULTS.kdj.dSmooth,
  ) {
    checkPeriod(period);
    checkPeriod(kSmooth, 'K smoothing');
    checkPeriod(dSmooth, 'D smoothing');
    this.highs = new MonotonicWindow(period - 1, 'max');
    this.lows = new MonotonicWindow(period - 1, 'min');
  }

  get length(): number {
    return this.count;
  }

  private value(bar: IndicatorBar): KdjValue {
    if (this.count + 1 < this.period) return { k: NaN, d: NaN, j: NaN };
    const hh = Math.max(this.highs.peek(), bar.high);
    const ll = Math.min(this.lows.peek(), bar.low);
    const range = hh - ll;
    const rsv = range === 0 ? 0 : ((bar.close - ll) / range) * 100;
    const k = ((this.kSmooth - 1) * this.prevK + rsv) / this.kSmooth;
    const d = ((this.dSmooth - 1) * this.prevD + k) / this.dSmooth;
    return { k, d, j: 3 * k - 2 * d };
  }

  push(bar: IndicatorBar): KdjValue {
    const v = this.value(bar);
    if (!Number.isNaN(v.k)) {
      this.prevK = v.k;
      this.prevD = v.d;
    }
    this.highs.push(bar.high);
    this.lows.push(bar.low);
    this.count++;
    return v;
  }

  update(bar: IndicatorBar): KdjValue {
    return this.value(bar);
  }
}

export function kdj(bars: readonly IndicatorBar[], period?: number, kSmooth?: number, dSmooth?: number): KdjValue[] {
  return runBatch(new KdjState(period, kSmooth, dSmooth), bars);
}
