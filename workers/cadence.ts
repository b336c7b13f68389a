/**
 * Data age per stream. A stream is stale when it has been silent for longer than 3× its usual
 * interval (learned as a moving average), never less than 5 s and never more than 60 s — so a
 * fast stream is flagged quickly and a slow one is not flagged between two normal messages.
 */
const MIN_MS = 5_000;
const MAX_MS = 60_000;
const FACTOR = 3;
const ALPHA = 0.2;

interface Entry {
  lastAt: number;
  avgGap: number | null;
  /** counted from a subscription, not a message: the first message teaches no cadence */
  unheard?: boolean;
}

export class Cadence {
  private streams = new Map<string, Entry>();

  heard(key: string, now: number): void {
    const e = this.streams.get(key);
    if (!e) {
      this.streams.set(key, { lastAt: now, avgGap: null });
      return;
    }
    const gap = now - e.lastAt;
    // Messages of one batch arrive together; only the spacing between batches is the cadence.
    // After markAllUnheard the gap is infinite, after `opened` it is a round trip: neither says
    // anything about the cadence.
    const learn = !e.unheard;
    e.unheard = false;
    if (learn && gap > 0 && Number.isFinite(gap))
      e.avgGap = e.avgGap === null ? gap : e.avgGap + ALPHA * (gap - e.avgGap);
    e.lastAt = now;
  }

  /**
   * A stream heard before and just subscribed again (a row scrolled back into view): count its
   * silence from `now`, without learning a cadence from the gap — its current state is on the way,
   * and flagging it stale for that round trip would flash the stale style on every scroll. A stream
   * never heard, or unheard since a reconnect, stays not live until it speaks.
   */
  grace(key: string, now: number): void {
    const e = this.streams.get(key);
    if (e && Number.isFinite(e.lastAt) && now > e.lastAt) e.lastAt = now;
  }

  /**
   * A chart's stream just opened, never heard: live from now for the floor (5 s), stale if it
   * stays silent past it. The server sends no first state on a kline subscription — the chart's
   * history was just loaded over REST and its next bar comes with the pair's next trade — so
   * "not live until it speaks" flashed the chart's stale mark on every chart opened. A stream
   * heard before is graced as above; one unheard since a reconnect stays not live.
   */
  opened(key: string, now: number): void {
    if (!this.streams.has(key)) this.streams.set(key, { lastAt: now, avgGap: null, unheard: true });
    else this.grace(key, now);
  }

  lastHeard(key: string): number {
    return this.streams.get(key)?.lastAt ?? 0;
  }

  thresholdMs(key: string): number {
    const avg = this.streams.get(key)?.avgGap ?? null;
    return avg === null ? MIN_MS : Math.min(MAX_MS, Math.max(MIN_MS, FACTOR * avg));
  }

  /** A stream never heard since the last reset is not live either. */
  isStale(key: string, now: number): boolean {
    const e = this.streams.get(key);
    return !e || now - e.lastAt > this.thresholdMs(key);
  }

  /** After a reconnect nothing is live until it speaks again; the learned cadence is kept. */
  markAllUnheard(): void {
    for (const e of this.streams.values()) e.lastAt = -Infinity;
  }

  forget(key: string): void {
    this.streams.delete(key);
  }
}
