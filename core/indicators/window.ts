/**
 * Window primitives shared by the indicators: a rolling sum of the last `period − 1` committed
 * values (so the open bar's value is one add away) and a monotonic deque for highest/lowest.
 */
import { checkPeriod } from './types';

/** Simple moving average line over numbers: O(1) push and peek. */
export class RollingMean {
  /** the last period − 1 committed values, oldest overwritten first */
  private readonly ring: Float64Array;
  private sumPrev = 0;
  private count = 0;

  constructor(readonly period: number) {
    checkPeriod(period);
    this.ring = new Float64Array(Math.max(1, period - 1));
  }

  get length(): number {
    return this.count;
  }

  /** The mean of the window ending at `x` if `x` were the next value (NaN until it fills). */
  peek(x: number): number {
    return this.count + 1 >= this.period ? (this.sumPrev + x) / this.period : NaN;
  }

  push(x: number): number {
    const v = this.peek(x);
    const keep = this.period - 1;
    if (keep > 0) {
      const slot = this.count % keep;
      if (this.count >= keep) this.sumPrev -= this.ring[slot];
      this.ring[slot] = x;
      this.sumPrev += x;
      // A running sum drifts by rounding over long series: resum the window now and then (O(1) amortised).
      if (this.count >= keep && this.count % (keep * 8) === 0) {
        let s = 0;
        for (let i = 0; i < keep; i++) s += this.ring[i];
        this.sumPrev = s;
      }
    }
    this.count++;
    return v;
  }

  /** Sum of squared deviations from `mean` over the window ending at `x` (O(period); for BOLL). */
  squaredDeviation(x: number, mean: number): number {
    let s = (x - mean) * (x - mean);
    const keep = this.period - 1;
    for (let i = 0; i < keep; i++) {
      const d = this.ring[i] - mean;
      s += d * d;
    }
    return s;
  }
}

/**
 * Highest (or lowest) of the last `size` committed values: a monotonic deque in a ring, O(1)
 * amortised push, O(1) peek. Entries are [index, value]; the front is the extreme.
 */
export class MonotonicWindow {
  private readonly idx: Float64Array;
  private readonly vals: Float64Array;
  private readonly cap: number;
  private head = 0;
  private len = 0;
  private count = 0;

  constructor(
    readonly size: number,
    private readonly kind: 'max' | 'min',
  ) {
    this.cap = size + 1;
    this.idx = new Float64Array(this.cap);
    this.vals = new Float64Array(this.cap);
  }

  /** The extreme of the window; −∞ for an empty max window, +∞ for an empty min window. */
  peek(): number {
    if (this.len === 0) return this.kind === 'max' ? -Infinity : Infinity;
    return this.vals[this.head];
  }

  push(v: number): void {
    const max = this.kind === 'max';
    // Drop from the back every value the new one dominates: they can never be the extreme again.
    while (this.len > 0) {
      const back = this.vals[(this.head + this.len - 1) % this.cap];
      if (max ? back <= v : back >= v) this.len--;
      else break;
    }
    const at = (this.head + this.len) % this.cap;
    this.idx[at] = this.count;
    this.vals[at] = v;
    this.len++;
    this.count++;
    // Evict what fell out of the window (indices older than the last `size`).
    while (this.len > 0 && this.idx[this.head] <= this.count - 1 - this.size) {
      this.head = (this.head + 1) % this.cap;
      this.len--;
    }
  }
}
