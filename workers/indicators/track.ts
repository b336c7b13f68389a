/**
 * One chart's indicators over one worker series, kept incrementally: closed bars are pushed into
 * core's states once, the still-open (last) bar is only `update`d, so a live tick costs O(1) per
 * line instead of a recomputation of the whole history. When the series changes under it in a way
 * pushes cannot follow (a reload, older bars prepended, a committed bar revised), it starts again
 * from the first bar — the batch and the incremental forms give the same numbers (core/indicators).
 */
import type { ChartBar, IndicatorLines, IndicatorSpec } from '../api-types';
import { runnerOf, type Runner } from './specs';

interface Part {
  pane: 'main' | 'sub';
  runner: Runner;
  /** one array per line, one value per committed bar */
  values: number[][];
}

export class IndicatorTrack {
  private parts: Part[] = [];
  private times: number[] = [];
  /** the last committed bar as it was pushed, to notice a revision */
  private lastPushed: ChartBar | null = null;

  constructor(readonly spec: IndicatorSpec) {
    this.reset();
  }

  private reset(): void {
    this.parts = [];
    for (const [pane, name] of [
      ['main', this.spec.main],
      ['sub', this.spec.sub],
    ] as const) {
      const runner = runnerOf(name, this.spec.params);
      if (runner) this.parts.push({ pane, runner, values: runner.lines.map(() => []) });
    }
    this.times = [];
    this.lastPushed = null;
  }

  /** Whether the committed prefix still matches `bars` (same times, the last pushed bar unchanged). */
  private follows(bars: readonly ChartBar[]): boolean {
    const n = this.times.length;
    if (n === 0) return true;
    if (bars.length <= n || bars[0].time !== this.times[0]) return false;
    const b = bars[n - 1];
    const p = this.lastPushed;
    return (
      !!p && b.time === p.time && b.close === p.close && b.high === p.high && b.low === p.low && b.volume === p.volume
    );
  }

  /**
   * Catches up with `bars` (the series, oldest first; the last one still open) and returns the
   * lines for the bars at or after `from` (seconds; 0 for all).
   */
  compute(bars: readonly ChartBar[], from = 0): IndicatorLines {
    if (!this.follows(bars)) this.reset();
    const last = bars.length - 1;
    for (let i = this.times.length; i < last; i++) {
      const b = bars[i];
      for (const part of this.parts) {
        const flat = part.runner.flat(part.runner.state.push(b));
        for (let k = 0; k < flat.length; k++) part.values[k].push(flat[k]);
      }
      this.times.push(b.time);
      this.lastPushed = { ...b };
    }
    const open = last >= 0 ? bars[last] : null;
    const openValues = open ? this.parts.map((p) => p.runner.flat(p.runner.state.update(open))) : [];

    // the committed bars from `from` on, then the open bar
    let start = this.times.length;
    while (start > 0 && this.times[start - 1] >= from) start--;
    const count = this.times.length - start + (open && open.time >= from ? 1 : 0);
    const time = new Float64Array(count);
    for (let i = 0; i < this.times.length - start; i++) time[i] = this.times[start + i];
    if (open && open.time >= from) time[count - 1] = open.time;
    const lines: IndicatorLines['lines'] = [];
    this.parts.forEach((part, pi) => {
      part.runner.lines.forEach((l, k) => {
        const values = new Float64Array(count);
        const src = part.values[k];
        for (let i = 0; i < this.times.length - start; i++) values[i] = src[start + i];
        if (open && open.time >= from) values[count - 1] = openValues[pi][k];
        lines.push({ pane: part.pane, name: l.name, kind: l.kind, values });
      });
    });
    return { time, lines };
  }
}
