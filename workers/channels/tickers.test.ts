import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channel, ExactDecimal, tickerToTuple } from '../../core';
import { compareDecimalStrings, fromTuple, parseTickerUpdates, TickerBook } from './tickers';

const decimal = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,12}$/), fc.option(fc.stringMatching(/^\d{1,10}$/), { nil: undefined }))
  .map(([neg, i, f]) => `${neg ? '-' : ''}${i}${f === undefined ? '' : `.${f}`}`);

describe('tickers channel', () => {
  it('compares decimal strings exactly as decimal arithmetic does (property)', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => compareDecimalStrings(a, b) === new ExactDecimal(a).comparedTo(b)),
      { numRuns: 2000 },
    );
    expect(compareDecimalStrings('0.10', '0.1')).toBe(0);
    expect(compareDecimalStrings('-0', '0.000')).toBe(0);
    expect(compareDecimalStrings('007.5', '7.49')).toBe(1);
    expect(compareDecimalStrings('99999999999999999.1', '99999999999999999.10000001')).toBe(-1); // beyond a double's precision
  });

  it('decodes the wire array [symbol, seq, ts, last, open, high, low, volume] and still accepts objects', () => {
    const u = {
      symbol: 'ETH/USDT',
      seq: 3,
      ts: 5,
      last: '3000.01',
      open: '2900',
      high: '3100',
      low: '2800',
      volume: '1.5',
    };
    expect(fromTuple(['ETH/USDT', 3, 5, '3000.01', '2900', '3100', '2800', '1.5'])).toEqual(u);
    const { items, dropped } = parseTickerUpdates([
      ['ETH/USDT', 3, 5, '3000.01', '2900', '3100', '2800', '1.5'],
      u,
      ['ETH/USDT', 3, 5, '1e3', '2900', '3100', '2800', '1.5'],
      'x',
    ]);
    expect(items).toEqual([u, u]);
    expect(dropped).toBe(2);
  });

  it('decodes exactly what the server encodes (one tuple definition in core) on the per-symbol channel name', () => {
    const u = {
      symbol: 'BTC/USDT',
      seq: 9,
      ts: 1_700_000_000_000,
      last: '65000.5',
      open: '64000',
      high: '65100',
      low: '63900.25',
      volume: '12.345',
    };
    expect(tickerToTuple(u)).toEqual([
      'BTC/USDT',
      9,
      1_700_000_000_000,
      '65000.5',
      '64000',
      '65100',
      '63900.25',
      '12.345',
    ]);
    expect(fromTuple(JSON.parse(JSON.stringify(tickerToTuple(u))))).toEqual(u);
    expect(channel.ticker('BTC/USDT')).toBe('tickers:BTC/USDT');
  });

  it('keeps the newest update per symbol, its direction, and builds change% only when a row is read', () => {
    const book = new TickerBook();
    const t = (seq: number, last: string) => ({
      symbol: 'A',
      seq,
      ts: seq,
      last,
      open: '100',
      high: '200',
      low: '50',
      volume: '1',
    });
    expect(book.apply([t(1, '100'), t(2, '101.5'), t(2, '99'), t(1, '1')])).toEqual(['A']);
    expect(book.rows.get('A')).toMatchObject({ seq: 2, last: '101.5', dir: 1, changePct: '+1.50' });
    expect(book.apply([t(3, '101.50')])).toEqual(['A']); // same value, other spelling: no direction change
    expect(book.rows.get('A')?.dir).toBe(1);
    book.apply([t(4, '101.4')]);
    expect(book.rows.get('A')).toMatchObject({ dir: -1, changePct: '+1.40' });
    expect([...book.rows.keys()]).toEqual(['A']);
  });
});
