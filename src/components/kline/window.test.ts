import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChartBar, HistoryPayload } from '../../market/types';
import { BarWindow, WINDOW, appendLive, olderRange, prependOlder, trimTo } from './window';

/** `n` 1min bars ending at `end` (unix s); close = time so a bar is recognisable. */
function history(n: number, end = 1_700_000_040): HistoryPayload {
  const time = Float64Array.from({ length: n }, (_, i) => end - (n - 1 - i) * 60);
  return {
    symbol: 'BTC/USDT',
    period: '1min',
    time,
    open: time.slice(),
    high: time.slice(),
    low: time.slice(),
    close: time.slice(),
    volume: time.map(() => 1),
  };
}

describe('BarWindow', () => {
  it('holds the newest bars of a long history, and all of a short one', () => {
    const w = new BarWindow(history(1500));
    expect(w.size).toBe(WINDOW.first);
    expect(w.bars.time[w.size - 1]).toBe(1_700_000_040);
    expect(w.bars.time[0]).toBe(1_700_000_040 - (WINDOW.first - 1) * 60);
    expect(new BarWindow(history(40)).size).toBe(40);
  });

  it('grows a page from the history when the view nears its left edge, and not before', () => {
    const w = new BarWindow(history(1500));
    expect(w.scrolledTo(WINDOW.edge)).toBe(false);
    expect(w.size).toBe(WINDOW.first);
    expect(w.scrolledTo(WINDOW.edge - 1)).toBe(true);
    expect(w.size).toBe(WINDOW.first + WINDOW.page);
    // the history runs out: the window stops at it, and only then asks the worker for older bars
    expect(w.wantsOlder(0)).toBeNull();
    while (w.scrolledTo(0));
    expect(w.size).toBe(1500);
    const first = w.bars.time[0];
    const r = w.wantsOlder(0);
    expect(r).toEqual({ from: first - WINDOW.page * 60, to: first - 1 });
    expect(w.wantsOlder(WINDOW.edge)).toBeNull();
  });

  it('takes older pages in front, skips bars it has, and stops once the server has nothing older', () => {
    const w = new BarWindow(history(100));
    const first = w.bars.time[0];
    // an answer overlapping the held bars: only the older part is new
    const older = history(WINDOW.page + 10, first + 9 * 60);
    expect(w.addOlder(older)).toBe(true);
    expect(w.size).toBe(100 + WINDOW.page);
    const t = w.bars.time;
    for (let i = 1; i < t.length; i++) expect(t[i] - t[i - 1]).toBe(60);
    expect(w.wantsOlder(0)).not.toBeNull();
    expect(w.addOlder(history(0))).toBe(false);
    expect(w.wantsOlder(0)).toBeNull();
  });
});

describe('prependOlder / olderRange', () => {
  it('copies every column in order and leaves the inputs alone', () => {
    const h = history(3, 1_000_000_020);
    const o = history(2, 1_000_000_020 - 3 * 60);
    const m = prependOlder(h, o);
    expect(Array.from(m.time)).toEqual([...Array.from(o.time), ...Array.from(h.time)]);
    expect(Array.from(m.volume)).toEqual([1, 1, 1, 1, 1]);
    expect(h.time.length).toBe(3);
  });

  it('covers whole buckets for calendar periods', () => {
    const jan1 = Date.UTC(2024, 0, 1) / 1000;
    const h = { ...history(1), period: '1mon' as const };
    expect(olderRange(h, jan1, 2)).toEqual({ from: Date.UTC(2023, 10, 1) / 1000, to: jan1 - 1 });
  });
});

/** The payload's bars as objects, oldest first. */
function barsOf(h: HistoryPayload): ChartBar[] {
  return Array.from(h.time, (time, i) => ({
    time,
    open: h.open[i],
    high: h.high[i],
    low: h.low[i],
    close: h.close[i],
    volume: h.volume[i],
  }));
}

describe('a chart following the live bars, trimmed back', () => {
  it('appendLive: the history with the live bars, as a map by time would hold them', () => {
    // a history on a minute grid with holes, and live bars anywhere on the grid (repeats included)
    const slot = fc.integer({ min: 0, max: 60 });
    fc.assert(
      fc.property(
        fc.uniqueArray(slot, { maxLength: 30 }),
        fc.array(slot, { maxLength: 30 }),
        fc.nat(),
        (hs, ls, seed) => {
          const times = [...hs].sort((a, b) => a - b).map((k) => 1_700_000_000 + k * 60);
          const hist = barsOf(history(0));
          for (const t of times) hist.push({ time: t, open: seed, high: seed, low: seed, close: seed, volume: 1 });
          const h = {
            symbol: 'BTC/USDT',
            period: '1min' as const,
            time: Float64Array.from(hist, (b) => b.time),
            open: Float64Array.from(hist, (b) => b.open),
            high: Float64Array.from(hist, (b) => b.high),
            low: Float64Array.from(hist, (b) => b.low),
            close: Float64Array.from(hist, (b) => b.close),
            volume: Float64Array.from(hist, (b) => b.volume),
          };
          const live = ls.map((k, i) => ({
            time: 1_700_000_000 + k * 60,
            open: i,
            high: i + 1,
            low: i - 1,
            close: i / 2,
            volume: i,
          }));
          const last = times.length ? times[times.length - 1] : -Infinity;
          const model = new Map(hist.map((b) => [b.time, b]));
          for (const b of live) if (model.has(b.time) || b.time > last) model.set(b.time, b);
          const want = [...model.values()].sort((a, b) => a.time - b.time);
          expect(barsOf(appendLive(h, live))).toEqual(want);
          expect(h.time.length).toBe(times.length); // the input is left alone
        },
      ),
      { numRuns: 300 },
    );
  });

  it('trims only past the slack, keeping the view and two edges left of it', () => {
    expect(trimTo(WINDOW.first + WINDOW.trimSlack - 1, 40)).toBeNull();
    expect(trimTo(WINDOW.first + WINDOW.trimSlack, 40)).toBe(WINDOW.first);
    // a user zoomed out to 400 bars keeps them, and the window does not at once grow again
    const keep = trimTo(2000, 400.5);
    expect(keep).toBe(401 + 2 * WINDOW.edge);
    expect(keep! - 400.5).toBeGreaterThan(WINDOW.edge);
    expect(trimTo(401 + 2 * WINDOW.edge + WINDOW.trimSlack - 1, 400.5)).toBeNull();
  });

  it('withLive: a day of live bars on 1min, held back to the newest, scroll-back still reaching the history', () => {
    const w = new BarWindow(history(1500));
    const end = 1_700_000_040;
    const live = Array.from({ length: 1440 }, (_, i) => ({
      time: end + i * 60,
      open: 1,
      high: 2,
      low: 0,
      close: 1,
      volume: i,
    }));
    const t = w.withLive(live, WINDOW.first);
    expect(t.size).toBe(WINDOW.first);
    expect(t.bars.time[WINDOW.first - 1]).toBe(end + 1439 * 60);
    expect(t.bars.volume[WINDOW.first - 1]).toBe(1439);
    // the history's last bar was rewritten live (volume 0), not repeated
    while (t.scrolledTo(0));
    expect(t.size).toBe(1500 + 1439);
    expect(t.bars.time[0]).toBe(end - 1499 * 60);
    const all = t.bars.time;
    for (let i = 1; i < all.length; i++) expect(all[i] - all[i - 1]).toBe(60);
    expect(t.bars.volume[1499]).toBe(0);
  });
});
