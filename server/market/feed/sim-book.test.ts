import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { catalogInstruments } from './instruments';
import { SimulatorFeed } from './simulator';
import { ScriptedFeed } from './scripted';

const instruments = catalogInstruments();

describe('simulator venue books', () => {
  it('builds a realistic book around the last trade, the same from the same seed', () => {
    const a = new SimulatorFeed({ instruments, seed: 5, tickRate: 100 });
    const b = new SimulatorFeed({ instruments, seed: 5, tickRate: 100 });
    const ticks = a.generate(3000);
    b.generate(3000);
    const last = ticks.filter((t) => t.symbol === 'BTC/USDT').at(-1)!;
    const book = a.book('BTC/USDT')!;
    expect(book).toEqual(b.book('BTC/USDT'));
    expect(book.version).toBe(last.seq);
    for (const side of [book.bids, book.asks]) {
      expect(side.length).toBeGreaterThanOrEqual(20);
      expect(side.length).toBeLessThanOrEqual(50);
    }
    const px = (l: { price: string }) => new Decimal(l.price);
    // strictly ordered best first, and a positive spread
    for (let i = 1; i < book.asks.length; i++) expect(px(book.asks[i]).gt(px(book.asks[i - 1]))).toBe(true);
    for (let i = 1; i < book.bids.length; i++) expect(px(book.bids[i]).lt(px(book.bids[i - 1]))).toBe(true);
    expect(px(book.asks[0]).gt(px(book.bids[0]))).toBe(true);
    // the trade sits at the touch its taker hit: a buy at the ask, a sell at the bid (within one step)
    const step = px(book.asks[1]).minus(px(book.asks[0]));
    const touch = last.side === 'buy' ? px(book.asks[0]) : px(book.bids[0]);
    expect(touch.minus(last.price).abs().lt(step)).toBe(true);
    // sizes thin out from the touch: the first five levels hold more than the last five
    const sum = (ls: { qty: string }[]) => ls.reduce((s, l) => s.plus(l.qty), new Decimal(0));
    expect(sum(book.asks.slice(0, 5)).gt(sum(book.asks.slice(-5)))).toBe(true);
  });

  it('re-quotes on every tick of the symbol and caches between', () => {
    const f = new SimulatorFeed({ instruments, seed: 6, tickRate: 100 });
    f.generate(500);
    const first = f.book('ETH/USDT');
    expect(f.book('ETH/USDT')).toBe(first);
    let n = 0;
    while (n === 0) n = f.generate(50).filter((t) => t.symbol === 'ETH/USDT').length;
    expect(f.book('ETH/USDT')!.version).toBeGreaterThan(first!.version);
  });
});

describe('ScriptedFeed books', () => {
  it('serves exactly the book a test sets, as a new version each time', () => {
    const f = new ScriptedFeed();
    expect(f.book('BTC/USDT')).toBeUndefined();
    const seen: string[] = [];
    f.onBook((s) => seen.push(s));
    f.setBook('BTC/USDT', { bids: [['99', '1']], asks: [['101', '2']] });
    const v = f.book('BTC/USDT')!;
    expect(v).toMatchObject({ bids: [{ price: '99', qty: '1' }], asks: [{ price: '101', qty: '2' }] });
    f.setBook('BTC/USDT', { bids: [], asks: [['101', '1']] });
    expect(f.book('BTC/USDT')!.version).toBeGreaterThan(v.version);
    expect(seen).toEqual(['BTC/USDT', 'BTC/USDT']);
  });
});
