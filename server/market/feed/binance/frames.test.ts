import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DepthBook } from './depth-book';
import { FrameError, parseFrame, parsePayload, type DepthEvent } from './frames';

describe('frames', () => {
  it('reads aggTrade like trade (aggregate id, taker side from m)', () => {
    const ev = parsePayload({
      e: 'aggTrade',
      E: 2,
      s: 'BTCUSDT',
      a: 26129,
      p: '0.01633102',
      q: '4.70443515',
      f: 27781,
      l: 27781,
      T: 1,
      m: true,
      M: true,
    });
    expect(ev).toEqual({
      kind: 'trade',
      venue: 'BTCUSDT',
      id: 26129,
      price: '0.01633102',
      qty: '4.70443515',
      time: 1,
      side: 'sell',
    });
  });

  it('refuses what is not the documented shape, and a SUBSCRIBE reply', () => {
    expect(() => parseFrame('{"result":null,"id":1}')).toThrow('a request reply');
    expect(() =>
      parseFrame('{"stream":"btcusdt@trade","data":{"e":"trade","s":"BTCUSDT","t":1,"p":67000.5,"q":"1","T":1}}'),
    ).toThrow(FrameError);
    expect(() => parseFrame('{"stream":"x","data":{"e":"outboundAccountPosition","s":"BTCUSDT"}}')).toThrow(
      /unknown event/,
    );
    expect(() => parseFrame('not json')).toThrow(FrameError);
  });
});

describe('DepthBook with futures diffs (pu)', () => {
  const ev = (U: number, u: number, pu: number, bid: string): DepthEvent => ({
    kind: 'depth',
    venue: 'BTCUSDT',
    first: U,
    last: u,
    prev: pu,
    bids: [[bid, '1']],
    asks: [],
  });
  it('chains on pu after the first diff and resyncs when pu breaks the chain', () => {
    const b = new DepthBook();
    expect(b.onEvent(ev(95, 105, 94, '1'))).toBe('buffered');
    expect(b.onSnapshot({ lastUpdateId: 100, bids: [], asks: [] })).toBe('live');
    expect(b.onEvent(ev(106, 110, 105, '2'))).toBe('applied');
    expect(b.onEvent(ev(111, 115, 109, '3'))).toBe('gap');
    expect(b.state).toBe('unsynced');
    expect(b.top(10).bids.map((l) => l.price)).toEqual(['2', '1']);
  });
  it('takes another snapshot when the buffered diffs start after it', () => {
    const b = new DepthBook();
    b.onEvent(ev(200, 210, 199, '1'));
    expect(b.onSnapshot({ lastUpdateId: 150, bids: [], asks: [] })).toBe('too-old');
    expect(b.onSnapshot({ lastUpdateId: 205, bids: [['0.5', '2']], asks: [] })).toBe('live');
    expect(b.top(10).bids).toEqual([
      { price: '1', qty: '1' },
      { price: '0.5', qty: '2' },
    ]);
  });
});

describe('DepthBook levels', () => {
  it('always equal a fresh sort of the price → quantity map', () => {
    const px = fc.integer({ min: 1, max: 400 }).map((u) => new Decimal(u).div(100).toFixed());
    const q = fc.oneof(fc.constant('0'), fc.integer({ min: 1, max: 9 }).map(String));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(px, q)),
        fc.array(fc.array(fc.tuple(fc.boolean(), px, q), { maxLength: 8 }), { maxLength: 30 }),
        (snap, diffs) => {
          const b = new DepthBook();
          b.onSnapshot({ lastUpdateId: 0, bids: snap, asks: snap });
          const want = { bid: new Map<string, string>(), ask: new Map<string, string>() };
          const put = (m: Map<string, string>, p: string, qty: string) => {
            if (qty === '0') m.delete(p);
            else m.set(p, qty);
          };
          for (const [p, qty] of snap) for (const m of [want.bid, want.ask]) put(m, p, qty);
          diffs.forEach((d, i) => {
            const bids = d.filter(([isBid]) => isBid).map(([, p, qty]) => [p, qty] as [string, string]);
            const asks = d.filter(([isBid]) => !isBid).map(([, p, qty]) => [p, qty] as [string, string]);
            expect(b.onEvent({ kind: 'depth', venue: 'X', first: i + 1, last: i + 1, bids, asks })).toBe('applied');
            for (const [p, qty] of bids) put(want.bid, p, qty);
            for (const [p, qty] of asks) put(want.ask, p, qty);
          });
          const sorted = (m: Map<string, string>, dir: number) =>
            [...m]
              .sort(([a], [c]) => dir * new Decimal(a).cmp(c))
              .slice(0, 20)
              .map(([price, qty]) => ({ price, qty }));
          const top = b.top(20);
          expect({ bids: top.bids, asks: top.asks }).toEqual({ bids: sorted(want.bid, -1), asks: sorted(want.ask, 1) });
        },
      ),
    );
  });
});
