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
    // After markAllUnheard the gap is infinite: it says nothing about the cadence.
    if (gap > 0 && Number.isFinite(gap)) e.avgGap = e.avgGap === null ? gap : e.avgGap + ALPHA * (gap - e.avgGap);
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
