import type { ChartBar } from './api-types';

/**
 * One charted series (symbol × period) in the worker: REST history merged with live kline updates.
 *
 * Why the volume rule: a candle's volume only grows within its bucket, so of two states of the same
 * bar the one with the larger volume is the later one. That lets a REST answer and live updates be
 * merged in any arrival order without a newer state being overwritten by an older one — the seam
 * between history and live has no duplicated and no backward candle.
 */
export interface LiveBar {
  seq: number;
  bar: ChartBar;
}

export interface LiveResult {
  /** bars that changed, in time order */
  changed: ChartBar[];
  /** set when updates were lost across a bucket change: refetch from this time (seconds) */
  gapFrom?: number;
}

/** Keep memory bounded: a phone chart never needs more than this. */
const MAX_BARS = 5000;

export class ChartSeries {
  bars: ChartBar[] = [];
  private lastSeq: number | null = null;
  private lastLiveTime: number | null = null;
  private gen = 0;
  private loadingGen: number | null = null;
  private buffer: LiveBar[] = [];

  /** a REST answer with bars has been merged (not only live updates) */
  get hasHistory(): boolean {
    return this.restMerged;
  }
  private restMerged = false;

  /**
   * A default-window load has landed: together with an unbroken live stream since (the engine's
   * check), the series then reaches the present with nothing missing.
   */
  get windowLoaded(): boolean {
    return this.defaultLoaded;
  }
  private defaultLoaded = false;

  get loading(): boolean {
    return this.loadingGen !== null;
  }

  get lastTime(): number | null {
    return this.bars.length ? this.bars[this.bars.length - 1].time : null;
  }

  /** Live update. While a load is in flight it is buffered and replayed when the load lands. */
  applyLive(u: LiveBar): LiveResult {
    if (this.loadingGen !== null) {
      this.buffer.push(u);
      return { changed: [] };
    }
    return this.live(u);
  }

  /** Start a REST load; returns its generation. A later begin supersedes an earlier one. */
  beginLoad(): number {
    this.gen += 1;
    this.loadingGen = this.gen;
    return this.gen;
  }

  /**
   * A REST answer landed. Its bars are merged whatever its generation (they are true data), but only
   * the current generation ends the loading state and replays the buffered live updates.
   */
  completeLoad(gen: number, rest: ChartBar[]): ChartBar[] {
    const changed = new Map<number, ChartBar>();
    for (const b of rest) if (this.upsert(b)) changed.set(b.time, b);
    if (rest.length) this.restMerged = true;
    if (gen === this.loadingGen) {
      this.defaultLoaded = true;
      this.finish(changed);
    }
    this.trim();
    return [...changed.values()].sort((a, b) => a.time - b.time);
  }

  /** The load failed: stop buffering and apply what arrived meanwhile. */
  failLoad(gen: number): ChartBar[] {
    if (gen !== this.loadingGen) return [];
    const changed = new Map<number, ChartBar>();
    this.finish(changed);
    return [...changed.values()].sort((a, b) => a.time - b.time);
  }

  /** A new connection: the server may have restarted, so sequence numbers start over. */
  resetSeq(): void {
    this.lastSeq = null;
  }

  /** Bars whose time lies in [from, to] (seconds), in order. */
  slice(from = -Infinity, to = Infinity): ChartBar[] {
    return this.bars.filter((b) => b.time >= from && b.time <= to);
  }

  private finish(changed: Map<number, ChartBar>): void {
    this.loadingGen = null;
    const buffered = this.buffer;
    this.buffer = [];
    // Gaps inside the buffered stretch are covered by the REST answer just merged, so only the
    // changed bars matter here.
    for (const u of buffered) for (const b of this.live(u).changed) changed.set(b.time, b);
  }

  private live(u: LiveBar): LiveResult {
    // Equal seq is legitimate: when a bucket closes the server sends the closed bar's final state
    // and the new bar in one batch, both stamped with the tick that closed it.
    if (this.lastSeq !== null && u.seq < this.lastSeq) return { changed: [] };
    // Updates skipped within one bucket are harmless (each update carries the whole candle); skipped
    // across a bucket change, the previous bucket's final state may be lost.
    const jumped = this.lastSeq !== null && u.seq > this.lastSeq + 1;
    const gapFrom =
      jumped && this.lastLiveTime !== null && u.bar.time !== this.lastLiveTime ? this.lastLiveTime : undefined;
    this.lastSeq = u.seq;
    this.lastLiveTime = u.bar.time;
    const changed = this.upsert(u.bar) ? [u.bar] : [];
    this.trim();
    return gapFrom === undefined ? { changed } : { changed, gapFrom };
  }

  /** Sorted insert-or-replace by time; returns whether anything changed. */
  private upsert(bar: ChartBar): boolean {
    const bars = this.bars;
    const n = bars.length;
    if (n === 0 || bar.time > bars[n - 1].time) {
      bars.push(bar);
      return true;
    }
    let lo = 0;
    let hi = n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = bars[mid].time;
      if (t === bar.time) {
        const cur = bars[mid];
        if (cur.volume > bar.volume || sameBar(cur, bar)) return false;
        bars[mid] = bar;
        return true;
      }
      if (t < bar.time) lo = mid + 1;
      else hi = mid - 1;
    }
    bars.splice(lo, 0, bar);
    return true;
  }

  private trim(): void {
    if (this.bars.length > MAX_BARS) this.bars.splice(0, this.bars.length - MAX_BARS);
  }
}

function sameBar(a: ChartBar, b: ChartBar): boolean {
  return a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;
}
