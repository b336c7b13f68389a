/** One indicator line per period, each fed the bar's close: the shape MA, EMA and RSI share. */
import type { Incremental, IndicatorBar } from './types';

export interface CloseLine {
  readonly length: number;
  /** commit a closed bar's close and return the line's value there */
  push(close: number): number;
  /** the value if `close` were the next bar's, without committing it (the open bar) */
  peek(close: number): number;
}

export class CloseLines implements Incremental<number[]> {
  constructor(private readonly lines: readonly CloseLine[]) {}

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
