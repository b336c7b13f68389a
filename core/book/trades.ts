/**
 * Recent trades of one symbol: a fixed-capacity ring (the oldest print falls out), read newest
 * first. A print already seen (same epoch, seq not above the newest) is ignored, so a re-delivered
 * batch after a reconnect does not show trades twice; a new epoch (server restart) starts over.
 */
import type { TradePrint } from '../types/book';

export class TradeRing {
  private readonly ring: (TradePrint | undefined)[];
  private next = 0;
  private count = 0;
  private epoch = -Infinity;
  private lastSeq = -Infinity;

  constructor(readonly capacity = 100) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be a positive integer: ${capacity}`);
    this.ring = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Adds a print; returns false when it was a duplicate or stale. */
  push(t: TradePrint): boolean {
    if (t.epoch < this.epoch) return false;
    if (t.epoch > this.epoch) {
      this.epoch = t.epoch;
      this.lastSeq = -Infinity;
      this.clear();
    } else if (t.seq <= this.lastSeq) return false;
    this.lastSeq = t.seq;
    this.ring[this.next] = t;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
    return true;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** The newest `n` prints (default all held), newest first. */
  newest(n = this.count): TradePrint[] {
    const out: TradePrint[] = [];
    const k = Math.min(n, this.count);
    for (let i = 1; i <= k; i++) out.push(this.ring[(this.next - i + this.capacity) % this.capacity] as TradePrint);
    return out;
  }
}
