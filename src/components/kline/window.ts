/**
 * Which bars the chart holds. lightweight-charts rebuilds a draw item for every bar a series holds
 * on each update (its pane views map the whole series, not the visible range), so a live chart
 * holding a 1,500-bar history paid for 1,500 candles and 1,500 volume bars every second while a
 * phone shows ~60 (bench/: the 1 s redraw frame was the one task over 50 ms at 4× CPU). The chart
 * therefore holds the newest `size` bars of the history it was given and takes older ones a page
 * at a time as the user scrolls near its left edge — first from that history, then from the
 * worker (`older`), until the server has nothing older. A chart following the live bars gains one
 * each period; past `trimSlack` more than its view needs it is trimmed back (trimTo, withLive).
 *
 * Pure bookkeeping over HistoryPayload views (subarrays: no copy); the component does the drawing.
 */
import { bucketStart } from '../../../core';
import type { ChartBar, HistoryPayload } from '../../market/types';
import { indexOfTime } from './guard';

export const WINDOW = {
  /**
   * bars held at first: ~2.5 screens of a phone. At 4× CPU and 50,000 ticks/s, 300 left one 51 ms
   * redraw frame per 30 s; 150 left none in two runs (bench/results/README.md).
   */
  first: 150,
  /** bars added per scroll-back step */
  page: 300,
  /** scroll-back starts when fewer than this many held bars are left of the view */
  edge: 50,
  /**
   * bars a chart following the live bars may gain past what it needs before it is trimmed back
   * (trimTo): on 1min a day adds 1,440, and 1,590 held bars cost 1.37× the CPU per redraw of 150
   * (docs/benchmarks.md, Soak); 300 cost no more than 150 within the noise
   */
  trimSlack: 150,
} as const;

/**
 * The bars a chart following the live bars is trimmed back to, or null while it holds few enough.
 * It keeps the visible bars and two edges left of them, so the trimmed window does not at once
 * grow again by scrolling back.
 */
export function trimTo(held: number, visible: number): number | null {
  const keep = Math.max(WINDOW.first, Math.ceil(visible) + 2 * WINDOW.edge);
  return held >= keep + WINDOW.trimSlack ? keep : null;
}

/** The last `n` bars of a payload: views on the same buffers, no copy. */
function tailOf(h: HistoryPayload, n: number): HistoryPayload {
  const from = Math.max(0, h.time.length - n);
  return {
    symbol: h.symbol,
    period: h.period,
    time: h.time.subarray(from),
    open: h.open.subarray(from),
    high: h.high.subarray(from),
    low: h.low.subarray(from),
    close: h.close.subarray(from),
    volume: h.volume.subarray(from),
  };
}

const FIELDS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

/** `older` bars strictly before `h`'s first bar, then `h` (new buffers). */
export function prependOlder(h: HistoryPayload, older: HistoryPayload): HistoryPayload {
  const first = h.time.length ? h.time[0] : Infinity;
  let k = 0;
  while (k < older.time.length && older.time[k] < first) k++;
  const out = { symbol: h.symbol, period: h.period } as HistoryPayload;
  for (const f of FIELDS) {
    const a = new Float64Array(k + h[f].length);
    a.set(older[f].subarray(0, k));
    a.set(h[f], k);
    out[f] = a;
  }
  return out;
}

/**
 * `h` with the live bars drawn since (new buffers): a bar at a time `h` has replaces it, a bar after
 * its last is appended; one between its bars that it lacks cannot be drawn in place and is dropped.
 */
export function appendLive(h: HistoryPayload, live: Iterable<ChartBar>): HistoryPayload {
  const bars = [...live].sort((a, b) => a.time - b.time);
  const n = h.time.length;
  const last = n ? h.time[n - 1] : -Infinity;
  let added = 0;
  for (let i = 0; i < bars.length; i++)
    if (bars[i].time > last && (i === 0 || bars[i].time !== bars[i - 1].time)) added++;
  const out = { symbol: h.symbol, period: h.period } as HistoryPayload;
  for (const f of FIELDS) {
    const a = new Float64Array(n + added);
    a.set(h[f]);
    out[f] = a;
  }
  let k = n;
  for (const b of bars) {
    let i: number;
    if (b.time <= last) i = indexOfTime(h.time, b.time);
    else if (k > n && out.time[k - 1] === b.time) i = k - 1;
    else i = k++;
    if (i >= 0) for (const f of FIELDS) out[f][i] = b[f];
  }
  return out;
}

/** The unix-seconds range of the `bars` buckets before the bucket opening at `firstTime`. */
export function olderRange(h: HistoryPayload, firstTime: number, bars: number): { from: number; to: number } {
  let start = bucketStart(firstTime * 1000, h.period);
  for (let k = 0; k < bars; k++) start = bucketStart(start - 1, h.period); // calendar months differ in length
  return { from: Math.floor(start / 1000), to: firstTime - 1 };
}

export class BarWindow {
  /** every bar the chart may show, oldest first (the history, plus older pages fetched since) */
  private all: HistoryPayload;
  private held: number;
  /** the server had nothing before the first bar */
  private exhausted = false;

  constructor(history: HistoryPayload, first: number = WINDOW.first) {
    this.all = history;
    this.held = Math.min(first, history.time.length);
  }

  /** What the chart holds now. */
  get bars(): HistoryPayload {
    return tailOf(this.all, this.held);
  }

  get size(): number {
    return this.held;
  }

  /**
   * The view's left edge moved to logical index `from` (0 = the first held bar). Returns true when
   * the window grew from bars already known (draw `bars` again), false when nothing changed.
   */
  scrolledTo(from: number): boolean {
    if (from >= WINDOW.edge || this.held >= this.all.time.length) return false;
    this.held = Math.min(this.all.time.length, this.held + WINDOW.page);
    return true;
  }

  /** The range to ask the worker for when the view is at the edge of everything known, else null. */
  wantsOlder(from: number): { from: number; to: number } | null {
    if (from >= WINDOW.edge || this.exhausted || this.held < this.all.time.length || !this.all.time.length) return null;
    return olderRange(this.all, this.all.time[0], WINDOW.page);
  }

  /** This window's bars with the live bars since, holding the newest `keep` (appendLive). */
  withLive(live: Iterable<ChartBar>, keep: number): BarWindow {
    const next = new BarWindow(appendLive(this.all, live), keep);
    next.exhausted = this.exhausted;
    return next;
  }

  /** Older bars arrived from the worker: held as the next page. Returns true when any were new. */
  addOlder(older: HistoryPayload): boolean {
    const before = this.all.time.length;
    this.all = prependOlder(this.all, older);
    const added = this.all.time.length - before;
    if (added === 0) this.exhausted = true;
    this.held += added;
    return added > 0;
  }
}
