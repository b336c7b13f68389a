/**
 * RSI (default 6 / 12 / 24) with Wilder smoothing, aligned with technicalindicators (and
 * TradingView's ta.rsi): the first average gain/loss is the simple mean of the first n changes, then
 * avg = (avg × (n − 1) + change) / n. The first value is at bar n (n changes need n + 1 closes).
 * No loss → 100 (also for a flat series), no gain → 0. Unlike technicalindicators we do not round
 * to 2 decimals: that is the display's job.
 */
import { CloseLines } from './close-lines';
import { checkPeriod, INDICATOR_DEFAULTS, runBatch, type IndicatorBar } from './types';

/** One RSI line over closes: O(1) push and peek. */
class RsiLine {
  private prevClose = NaN;
  private count = 0;
  private gainSum = 0;
  private lossSum = 0;
  private avgGain = NaN;
  private avgLoss = NaN;

  constructor(readonly period: number) {
    checkPeriod(period);
  }

  get length(): number {
    return this.count;
  }

  /** Returns the RSI at `close`; with `commit` the bar becomes the last committed one. */
  private step(close: number, commit: boolean): number {
    const n = this.period;
    if (this.count === 0) {
      if (commit) {
        this.prevClose = close;
        this.count = 1;
      }
      return NaN;
    }
    const change = close - this.prevClose;
    const gain = change > 0 ? change : 0;
    const loss = change < 0 ? -change : 0;
    const changes = this.count; // including this one
    let ag = NaN;
    let al = NaN;
    if (changes === n) {
      ag = (this.gainSum + gain) / n;
      al = (this.lossSum + loss) / n;
    } else if (changes > n) {
      ag = (this.avgGain * (n - 1) + gain) / n;
      al = (this.avgLoss * (n - 1) + loss) / n;
    }
    if (commit) {
      if (changes < n) {
        this.gainSum += gain;
        this.lossSum += loss;
      }
      this.avgGain = ag;
      this.avgLoss = al;
      this.prevClose = close;
      this.count++;
    }
    if (Number.isNaN(ag)) return NaN;
    if (al === 0) return 100;
    if (ag === 0) return 0;
    return 100 - 100 / (1 + ag / al);
  }

  push(close: number): number {
    return this.step(close, true);
  }

  peek(close: number): number {
    return this.step(close, false);
  }
}

export class RsiState extends CloseLines {
  constructor(periods: readonly number[] = INDICATOR_DEFAULTS.rsi) {
    super(periods.map((p) => new RsiLine(p)));
  }
}

export function rsi(bars: readonly IndicatorBar[], periods: readonly number[] = INDICATOR_DEFAULTS.rsi): number[][] {
  return runBatch(new RsiState(periods), bars);
}
