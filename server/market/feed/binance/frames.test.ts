import { describe, expect, it } from 'vitest';
import { DepthBook } from './depth-book';
import { FrameError, parseFrame, parsePayload, type DepthEvent } from './frames';

describe('frames', () => {
  it('reads aggTrade like trade (aggregate id, taker side from m)', () => {
    const ev = parsePayload({ e: 'aggTrade', E: 2, s: 'BTCUSDT', a: 26129, p: '0.01633102', q: '4.70443515', f: 27781, l: 27781, T: 1, m: true, M: true });
    expect(ev).toEqual({ kind: 'trade', venue: 'BTCUSDT', id: 26129, price: '0.01633102', qty: '4.70443515', time: 1, side: 'sell' });
  });

  it('refuses what is not the documented shape, and a SUBSCRIBE reply', () => {
    expect(() => parseFrame('{"result":null,"id":1}')).toThrow('a request reply');
    expect(() => parseFrame('{"stream":"btcusdt@trade","data":{"e":"trade","s":"BTCUSDT","t":1,"p":67000.5,"q":"1","T":1}}')).toThrow(FrameError);
    expect(() => parseFrame('{"stream":"x","data":{"e":"outboundAccountPosition","s":"BTCUSDT"}}')).toThrow(/unknown event/);
    expect(() => parseFrame('not json')).toThrow(FrameError);
  });
});

describe('DepthBook with futures diffs (pu)', () => {
  const ev = (U: number, u: number, pu: number, bid: string): DepthEvent => ({ kind: 'depth', venue: 'BTCUSDT', first: U, last: u, prev: pu, bids: [[bid, '1']], asks: [] });
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
    expect(b.top(10).bids).toEqual([{ price: '1', qty: '1' }, { price: '0.5', qty: '2' }]);
  });
});
