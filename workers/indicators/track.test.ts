import { describe, expect, it } from 'vitest';
import { boll, ema, kdj, macd, ma, rsi } from '../../core';
import type { ChartBar } from '../api-types';
import { IndicatorTrack } from './track';

/** A deterministic walk of bars, one a minute. */
function bars(n: number): ChartBar[] {
  const out: ChartBar[] = [];
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p + Math.sin(i * 1.7) * 3 + ((i * 7919) % 13) / 13 - 0.5);
    out.push({
      time: 60 * i,
      open: o,
      high: Math.max(o, p) + 1,
      low: Math.min(o, p) - 1,
      close: p,
      volume: 10 + ((i * 31) % 17),
    });
  }
  return out;
}

const col = (r: ReturnType<IndicatorTrack['compute']>, name: string) =>
  Array.from(r.lines.find((l) => l.name === name)!.values);

describe('indicator track', () => {
  it('growing bar by bar, with the open bar revised between, gives the batch numbers of core', () => {
    const all = bars(150);
    const t = new IndicatorTrack({ main: 'ma', sub: 'macd' });
    for (let i = 1; i <= all.length; i++) {
      const open = all[i - 1];
      // the open bar ticks a few times before it closes
      t.compute([...all.slice(0, i - 1), { ...open, close: open.close + 5, volume: 1 }], open.time);
      t.compute(all.slice(0, i), open.time);
    }
    const r = t.compute(all, 0);
    expect(r.time.length).toBe(150);
    expect(col(r, 'MA7')).toEqual(ma(all).map((v) => v[0]));
    expect(col(r, 'DIF')).toEqual(macd(all).map((v) => v.dif));
    expect(col(r, 'MACD')).toEqual(macd(all).map((v) => v.hist));
  });

  it('answers only the bars from `from` on, and starts again when the series is reloaded', () => {
    const all = bars(120);
    const t = new IndicatorTrack({ main: 'ema', sub: 'kdj' });
    expect(t.compute(all, all[100].time).time.length).toBe(20);
    // a series that now starts elsewhere (reloaded): the track recomputes from its first bar
    const later = all.slice(50);
    const r = t.compute(later, 0);
    expect(col(r, 'EMA7')).toEqual(ema(later).map((v) => v[0]));
    expect(col(r, 'K')).toEqual(kdj(later).map((v) => v.k));
  });

  it('runs the trader’s parameters (lines named by them), and the defaults for a set that would not pass', () => {
    const all = bars(120);
    const t = new IndicatorTrack({ main: 'boll', sub: 'rsi', params: { boll: [10, 1.5], rsi: [5, 9, 30] } });
    const r = t.compute(all, 0);
    expect(col(r, 'UP')).toEqual(boll(all, 10, 1.5).map((v) => v.upper));
    expect(r.lines.filter((l) => l.pane === 'sub').map((l) => l.name)).toEqual(['RSI5', 'RSI9', 'RSI30']);
    expect(col(r, 'RSI9')).toEqual(rsi(all, [5, 9, 30]).map((v) => v[1]));
    const bad = new IndicatorTrack({ main: 'ma', sub: 'macd', params: { ma: [0, 25, 99], macd: [26, 12, 9] } }).compute(
      all,
      0,
    );
    expect(col(bad, 'MA7')).toEqual(ma(all).map((v) => v[0]));
    expect(col(bad, 'DIF')).toEqual(macd(all).map((v) => v.dif));
  });
});
