/**
 * When a chart's live updates reach its series. lightweight-charts repaints every pane and both
 * price axes for any change (its API has no narrower redraw): on a slow phone that frame is the
 * pair page's longest task. The pacer gives it a frame of its own and paints it less often when it
 * is costly; every update is still applied, in order — only when changes, never what.
 *
 * - A frame of its own: the draws run in a task after the next paint, so the chart's redraw lands
 *   in the frame after the one that lays out the DOM the same worker message changed (ticker,
 *   book rows, readout).
 * - Less often when costly: the pacer times the chart's frame (a requestAnimationFrame queued
 *   after the chart's own runs after its draw) and waits `cost / share` before the next draws, so
 *   the chart keeps to about `share` of the main thread (a fast phone's ~8 ms frame: 0.27 s, under
 *   the 1 s cadence of the chart's snapshots; a 45 ms one at 6× throttle: 1.5 s).
 */

/** The clock and frame hooks the pacer uses: the browser's, or a test's. */
export interface PacerHost {
  now(): number;
  frame(fn: (t: number) => void): number;
  cancelFrame(id: number): void;
  later(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  cancelLater(id: ReturnType<typeof setTimeout>): void;
}

const browserHost = (): PacerHost => ({
  now: () => performance.now(),
  frame: (fn) => requestAnimationFrame(fn),
  cancelFrame: (id) => cancelAnimationFrame(id),
  later: (fn, ms) => setTimeout(fn, ms),
  cancelLater: (id) => clearTimeout(id),
});

/** the main thread's share the chart's redraws keep to */
export const CHART_SHARE = 0.03;
/** the longest wait between draws, whatever the frame costs (the chart never looks frozen) */
export const MAX_GAP_MS = 3000;

export class DrawPacer {
  private queue: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private raf: number | null = null;
  /** when the last draws ran, and the chart frame's cost (ms; a moving average) */
  private last = -Infinity;
  private cost = 0;

  constructor(private readonly host: PacerHost = browserHost()) {}

  /** the wait after a draw before the next (ms) */
  gap(): number {
    return Math.min(MAX_GAP_MS, this.cost / CHART_SHARE);
  }

  /** `draw` runs at the next slot, after the draws queued before it. */
  schedule(draw: () => void): void {
    this.queue.push(draw);
    if (this.timer !== null || this.raf !== null) return;
    const wait = Math.max(0, this.last + this.gap() - this.host.now());
    this.timer = this.host.later(() => {
      this.timer = null;
      // after the next paint: a frame callback, then a task
      this.raf = this.host.frame(() => {
        this.raf = null;
        this.timer = this.host.later(() => {
          this.timer = null;
          this.flush();
        }, 0);
      });
    }, wait);
  }

  /** The queued draws now (a history replacing the chart's bars must not be drawn over by older ones). */
  flush(): void {
    const q = this.queue;
    this.queue = [];
    this.cancelSlot();
    if (!q.length) return;
    this.last = this.host.now();
    for (const f of q) f();
    // queued after the chart's own frame callback (its update asked for one): runs after its draw
    this.host.frame((t) => {
      const took = Math.max(0, this.host.now() - t);
      this.cost = this.cost ? this.cost * 0.7 + took * 0.3 : took;
    });
  }

  /** The queued draws are dropped (the chart or its series went). */
  cancel(): void {
    this.queue = [];
    this.cancelSlot();
  }

  private cancelSlot(): void {
    if (this.timer !== null) this.host.cancelLater(this.timer);
    if (this.raf !== null) this.host.cancelFrame(this.raf);
    this.timer = null;
    this.raf = null;
  }
}
