import type { Clock } from './clock';

/**
 * At most one `flush` per window. The first request after a quiet spell flushes at once (no added
 * latency for a lone tick). A request inside the window does not flush at the window's end but at
 * the first request after it, so a flush follows the arrival of a server batch instead of landing
 * at a random point between two batches (the data it carries is then as young as it can be); a
 * timer at the window's end plus `graceMs` (longer than the server's batch period) flushes anyway
 * when no further request comes.
 *
 * `earliest()` (optional) says when the soonest of the flush's consumers may be served — the
 * engine's watchers can ask for a longer window than the base one — and no flush runs before it.
 */
export class Throttle {
  private last = -Infinity;
  private timer: unknown = null;
  private timerAt = Infinity;

  constructor(
    private readonly windowMs: number,
    /** returns whether it sent anything: an empty flush does not open a window */
    private readonly flush: () => boolean,
    private readonly clock: Clock,
    private readonly graceMs = 0,
    private readonly earliest: () => number = () => -Infinity,
  ) {}

  request(): void {
    const now = this.clock.now();
    const due = Math.max(this.last + this.windowMs, this.earliest());
    this.schedule(now >= due ? now : due + this.graceMs, now);
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  private schedule(at: number, now: number): void {
    if (this.timer !== null && this.timerAt <= at) return;
    this.cancel();
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => this.run(), Math.max(0, at - now));
  }

  private run(): void {
    this.timer = null;
    this.timerAt = Infinity;
    const at = this.clock.now();
    if (this.flush()) this.last = at;
  }
}
