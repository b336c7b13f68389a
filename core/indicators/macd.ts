/**
 * MACD (default 12, 26, 9): DIF = EMA(fast) − EMA(slow) of the close, DEA = EMA(signal) of DIF,
 * histogram = DIF − DEA (Binance's bars; Chinese exchanges draw 2 × (DIF − DEA) — a display
 * choice, scale it there). EMAs are SMA-seeded (see ema.ts), so DIF starts at bar slow − 1 and DEA
 * at bar slow + signal − 2, matching technicalindicators' MACD with EMA oscillator and signal.
 */
import { EmaLine } from './ema';
import { INDICATOR_DEFAULTS, runBatch, type Incremental, type IndicatorBar } from './types';

export interface MacdValue {
  dif: number;
  dea: number;
  hist: number;
}

export class MacdState implements Incremental<MacdValue> {
  private readonly fastLine: EmaLine;
  private readonly slowLine: EmaLine;
  private readonly signalLine: EmaLine;
  private count = 0;

  constructor(
    fast: number = INDICATOR_DEFAULTS.macd.fast,
    slow: number = INDICATOR_DEFAULTS.macd.slow,
    signal: number = INDICATOR_DEFAULTS.macd.signal,
  ) {
    this.fastLine = new EmaLine(fast);
    this.slowLine = new EmaLine(slow);
    this.signalLine = new EmaLine(signal);
  }

  get length(): number {
    return this.count;
  }

  private static value(dif: number, dea: number): MacdValue {
    return { dif, dea, hist: dif - dea };
  }

  push(bar: IndicatorBar): MacdValue {
    const dif = this.fastLine.push(bar.close) - this.slowLine.push(bar.close);
    this.count++;
    // DEA runs over defined DIFs only: its seed is the mean of the first `signal` of them.
    const dea = Number.isNaN(dif) ? NaN : this.signalLine.push(dif);
    return MacdState.value(dif, dea);
  }

  update(bar: IndicatorBar): MacdValue {
    const dif = this.fastLine.peek(bar.close) - this.slowLine.peek(bar.close);
    const dea = Number.isNaN(dif) ? NaN : this.signalLine.peek(dif);
    return MacdState.value(dif, dea);
  }
}

export function macd(bars: readonly IndicatorBar[], fast?: number, slow?: number, signal?: number): MacdValue[] {
  return runBatch(new MacdState(fast, slow, signal), bars);
}
