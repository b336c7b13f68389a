/**
 * The one place that decides how a bar reaches the chart. lightweight-charts throws when `update`
 * gets a time older than its last bar, and can only rewrite (not insert) an older bar with its
 * `historicalUpdate` flag — so every bar passes through here first.
 */
import type { ChartBar } from '../../market/types';

export interface BarTarget {
  /** `historical` true: rewrite an existing older bar */
  update(bar: ChartBar, historical: boolean): void;
}

export class BarGuard {
  /** times drawn on the chart, ascending */
  private times: number[] = [];

  /** After setData: these times are on the chart. */
  reset(times: ArrayLike<number>): void {
    this.times = Array.from(times);
  }

  /** how many bars are drawn */
  get size(): number {
    return this.times.length;
  }

  get lastTime(): number | null {
    return this.times.length ? this.times[this.times.length - 1] : null;
  }

  /**
   * Apply bars (in any order) to the target. Returns false when a bar would have to be inserted
   * between drawn bars: only a fresh setData can show it, so the caller reloads.
   */
  apply(bars: readonly ChartBar[], target: BarTarget): boolean {
    const sorted = [...bars].sort((a, b) => a.time - b.time);
    let ok = true;
    for (const bar of sorted) {
      const times = this.times;
      const last = times.length ? times[times.length - 1] : -Infinity;
      if (bar.time > last) {
        times.push(bar.time);
        target.update(bar, false);
      } else if (bar.time === last) {
        target.update(bar, false);
      } else if (bar.time < times[0]) {
        // Older than anything shown: the user has not scrolled there; nothing to draw.
        continue;
      } else if (indexOfTime(times, bar.time) >= 0) {
        target.update(bar, true);
      } else {
        ok = false;
      }
    }
    return ok;
  }
}

/** The index of time `t` in ascending `sorted`, or -1. */
export function indexOfTime(sorted: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === t) return mid;
    if (sorted[mid] < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
