import { describe, expect, it } from 'vitest';
import { marketInstruments } from '../feed/instruments';
import { parseBenchBackfill } from '../../config';
import { BACKFILL_BARS, backfillSymbol } from './backfill';

describe('bench backfill (MARKET_BENCH_BACKFILL)', () => {
  it('reads "SYMBOL:BARS" and nothing else', () => {
    expect(parseBenchBackfill('BTC/USDT:6000')).toEqual({ symbol: 'BTC/USDT', minuteBars: 6000 });
    expect(parseBenchBackfill(undefined)).toBeNull();
    expect(parseBenchBackfill('BTC/USDT')).toBeNull();
    expect(parseBenchBackfill('BTC/USDT:lots')).toBeNull();
  });

  it('keeps more 1min bars for that symbol only, the same candles as the default backfill at the seam', () => {
    const ins = marketInstruments(0, 42).find((i) => i.symbol === 'BTC/USDT')!;
    const now = Date.UTC(2026, 10, 21, 8, 30, 12);
    const plain = backfillSymbol(ins, 42, now, ins.price);
    const long = backfillSymbol(ins, 42, now, ins.price, 6000);
    expect(plain.get('1min')).toHaveLength(BACKFILL_BARS);
    const mins = long.get('1min')!;
    expect(mins).toHaveLength(6000);
    for (let i = 1; i < mins.length; i++) expect(mins[i].time - mins[i - 1].time).toBe(60_000);
    expect(mins.slice(-BACKFILL_BARS)).toEqual(plain.get('1min'));
    expect(long.get('60min')).toEqual(plain.get('60min'));
  });
});
