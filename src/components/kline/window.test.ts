import { describe, expect, it } from 'vitest';
import type { HistoryPayload } from '../../market/types';
import { BarWindow, WINDOW, olderRange, prependOlder } from './window';

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
