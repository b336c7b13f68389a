import type { Clock } from './clock';

/**
 * At most one `flush` per window. The first request after a quiet spell flushes at once (no added
 * latency for a lone tick); requests inside the window are coalesced into one flush at its end.
 */
export class Throttle {
  private last = -Infinity;
  private timer: unknown = null;

  constructor(
    private readonly windowMs: number,
    /** returns whether it sent anything: an empty flush does not open a window */
    private readonly flush: () => boolean,
    private readonly clock: Clock,
  ) {}

  request(): void {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.last + this.windowMs - this.clock.now());
    this.timer = this.clock.setTimeout(() => this.run(), wait);
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): void {
    this.timer = null;
    const at = this.clock.now();
    if (this.flush()) this.last = at;
  }
}
