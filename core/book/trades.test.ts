import { describe, expect, it } from 'vitest';
import { TradeRing } from './trades';
import type { TradePrint } from '../types/book';

const t = (seq: number, epoch = 1): TradePrint => ({
  symbol: 'X',
  epoch,
  seq,
  ts: seq,
  price: String(seq),
  qty: '1',
  side: seq % 2 ? 'buy' : 'sell',
});

describe('TradeRing', () => {
  it('keeps the newest `capacity` prints, newest first', () => {
    const ring = new TradeRing(3);
    for (let s = 1; s <= 5; s++) ring.push(t(s));
    expect(ring.newest().map((x) => x.seq)).toEqual([5, 4, 3]);
    expect(ring.newest(2).map((x) => x.seq)).toEqual([5, 4]);
    expect(ring.size).toBe(3);
  });

  it('ignores a re-delivered print and starts over on a new epoch', () => {
    const ring = new TradeRing(10);
    ring.push(t(1));
    ring.push(t(2));
    expect(ring.push(t(2))).toBe(false);
    expect(ring.push(t(9, 0))).toBe(false);
    expect(ring.push(t(1, 2))).toBe(true);
    expect(ring.newest().map((x) => [x.epoch, x.seq])).toEqual([[2, 1]]);
  });
});
