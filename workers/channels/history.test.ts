import { describe, expect, it } from 'vitest';
import { defaultRange, HistoryError, parseHistory, toPayload, MAX_HISTORY_BARS } from './history';

const c = (time: number, close = '1.5') => ({ time, open: '1', high: '2', low: '0.5', close, volume: '10' });

describe('history', () => {
  it('parses the envelope to bars in seconds, sorted, unique, malformed dropped', () => {
    const bars = parseHistory({
      code: 1,
      msg: 'ok',
      data: [c(120_000), c(60_000), { time: 1 }, c(120_000, '3'), c(0, 'NaN')],
    });
    expect(bars.map((b) => b.time)).toEqual([60, 120]);
    expect(bars[1].close).toBe(3);
  });

  it('an error envelope throws with its message', () => {
    expect(() => parseHistory({ code: -1, msg: 'bad symbol', data: [] })).toThrow(HistoryError);
    expect(() => parseHistory({ code: -1, msg: 'bad symbol', data: [] })).toThrow('bad symbol');
  });

  it('default range covers MAX_HISTORY_BARS buckets up to now', () => {
    const now = Date.UTC(2024, 5, 1, 12, 30, 15);
    const r = defaultRange('1min', now);
    expect(r.to).toBe(Math.ceil(now / 1000));
    expect((Math.floor(now / 60_000) * 60 - r.from) / 60).toBe(MAX_HISTORY_BARS - 1);
  });

  it('payload columns line up', () => {
    const p = toPayload('A', '1min', parseHistory({ code: 1, msg: 'ok', data: [c(0), c(60_000)] }));
    expect(Array.from(p.time)).toEqual([0, 60]);
    expect(Array.from(p.close)).toEqual([1.5, 1.5]);
    expect(p.volume).toBeInstanceOf(Float64Array);
  });
});
