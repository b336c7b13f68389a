import { describe, expect, it } from 'vitest';
import type { StreamStatus, TickerRow } from './api-types';
import { Watcher } from './watcher';

const row = (symbol: string, last: string): TickerRow => ({
  symbol,
  last,
  open: '1',
  high: last,
  low: '1',
  volume: '0',
  changePct: '0.00',
  turnover: '0.00',
  dir: 0,
  seq: 1,
  ts: 0,
});
const status = (stale: string[] = []): StreamStatus => ({ connected: true, lastHeardAt: 1, stale });

describe('Watcher', () => {
  it('coalesces changes into one snapshot with only the rows of its view', () => {
    const w = new Watcher(1, { symbols: ['BTC/USDT'] });
    const rows = new Map([
      ['BTC/USDT', row('BTC/USDT', '2')],
      ['ETH/USDT', row('ETH/USDT', '3')],
    ]);
    w.build(status(), rows); // initial
    w.noteTickers(['BTC/USDT', 'ETH/USDT']);
    w.noteTickers(['BTC/USDT']);
    const s = w.build(status(), rows);
    expect(s?.tickers?.map((r) => r.symbol)).toEqual(['BTC/USDT']);
    expect(w.build(status(), rows)).toBeNull(); // nothing new, status unchanged
  });

  it('sends a status-only snapshot when the stale set changes', () => {
    const w = new Watcher(1, { symbols: ['A'] });
    const rows = new Map<string, TickerRow>();
    w.build(status(), rows);
    expect(w.build(status(['A']), rows)).toEqual({ status: status(['A']) });
    expect(w.build(status(['A']), rows)).toBeNull();
  });

  it('a symbol coming into view gets its current row at once', () => {
    const w = new Watcher(1, { symbols: [] });
    const rows = new Map([['A', row('A', '5')]]);
    w.build(status(), rows);
    w.setView({ symbols: ['A'] });
    expect(w.build(status(), rows)?.tickers).toEqual([row('A', '5')]);
  });

  it('chart bars only for its own series, in time order; a series switch drops pending bars', () => {
    const w = new Watcher(1, { symbols: [], chart: { symbol: 'A', period: '1min' } });
    const b = (time: number) => ({ time, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    expect(w.noteBars('kline:B:1min', [b(1)])).toBe(false);
    w.noteBars('kline:A:1min', [b(120), b(60)]);
    w.noteBars('kline:A:1min', [b(120)]);
    expect(w.build(status(), new Map())?.chart).toEqual({ symbol: 'A', period: '1min', bars: [b(60), b(120)] });
    w.noteBars('kline:A:1min', [b(180)]);
    w.setView({ symbols: [], chart: { symbol: 'A', period: '5min' } });
    expect(w.build(status(), new Map())?.chart).toBeUndefined();
  });
});
