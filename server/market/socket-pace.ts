/**
 * When the batches go out (socket-batches.ts): on the next turn of the event loop after the first
 * update of a quiet spell — so the ticks of one feed batch still share one event — and then at most
 * once per period while updates keep coming. A room never gets more than one batch per period, as
 * with a fixed timer; but a fixed timer made every update wait for its next firing, half a period
 * on average and a whole one at worst, even when nothing had been sent for a while. At the usual
 * ~10 snapshots a second that wait was most of a 25 ms period on every snapshot's delivery delay
 * (bench/fanout.ts). An idle server also stops waking up 40 times a second for nothing.
 */
export class FlushPace {
  private last = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private closed = false;

  constructor(
    private readonly periodMs: number,
    private readonly flush: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Something was buffered: flush it as soon as the period allows. */
  due(): void {
    if (this.closed || this.timer || this.immediate) return;
    const wait = this.last + this.periodMs - this.now();
    if (wait <= 0) this.immediate = setImmediate(this.run);
    else {
      this.timer = setTimeout(this.run, wait);
      this.timer.unref?.();
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = this.immediate = undefined;
  }

  private readonly run = (): void => {
    this.timer = this.immediate = undefined;
    this.last = this.now();
    this.flush();
  };
}
