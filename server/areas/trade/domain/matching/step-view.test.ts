import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { SymbolBook, type Liquidity, type RestingOrder } from '../../../../market/books/symbol-book';
import { StepView } from './step-view';
import { takerLiquidity } from './liquidity';
import { walk } from './walk';

const feed = {
  book: (symbol: string) => ({
    symbol,
    version: 1,
    bids: [
      { price: '99', qty: '1' },
      { price: '97', qty: '2' },
    ],
    asks: [
      { price: '101', qty: '1' },
      { price: '103', qty: '2' },
    ],
  }),
};

/** The merge every read did before the sorted lists were cached: sort all, merge with the venue. */
function naive(
  orders: RestingOrder[],
  venue: { price: string; qty: string }[],
  takerSide: 'buy' | 'sell',
): Liquidity[] {
  const side = takerSide === 'buy' ? 'ask' : 'bid';
  const better = (a: string, b: string) => (side === 'bid' ? new Decimal(a).gt(b) : new Decimal(a).lt(b));
  const want = side === 'bid' ? 'buy' : 'sell';
  const users = orders
    .filter((o) => o.side === want)
    .sort((a, b) => (new Decimal(a.price).eq(b.price) ? a.id - b.id : better(a.price, b.price) ? -1 : 1));
  const out: Liquidity[] = [];
  let i = 0;
  let j = 0;
  while (i < users.length || j < venue.length) {
    const u = users[i];
    const v = venue[j];
    if (u && (!v || !better(v.price, u.price))) {
      out.push({ price: u.price, qty: u.remaining, order: u });
      i++;
    } else {
      out.push({ price: v.price, qty: v.qty });
      j++;
    }
  }
  return out;
}

/** Users' quantity per price of one side, best first, summed from the orders. */
function naiveLevels(orders: RestingOrder[], side: 'bid' | 'ask'): [string, string][] {
  const m = new Map<string, Decimal>();
  const want = side === 'bid' ? 'buy' : 'sell';
  for (const o of orders) if (o.side === want) m.set(o.price, (m.get(o.price) ?? new Decimal(0)).plus(o.remaining));
  const rows = [...m].map(([p, q]): [string, string] => [p, q.toFixed()]);
  return rows.sort((a, b) => (side === 'bid' ? -1 : 1) * new Decimal(a[0]).comparedTo(b[0]));
}

const shape = (l: Liquidity[]) => l.map((x) => `${x.price}:${x.qty}:${x.order?.id ?? 'venue'}`);
const PRICES = ['97', '98', '99', '99.5', '100', '101', '101.5', '103', '104'];

describe('SymbolBook sorted-list cache', () => {
  it('liquidity, resting and the step view follow every rest, fill and removal as a full re-sort would', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const book = new SymbolBook('X/USDT', feed, 1);
    const live = new Map<number, RestingOrder>();
    let id = 0;
    for (let step = 0; step < 200; step++) {
      const op = rnd(4);
      const ids = [...live.keys()];
      if (op < 2 || !ids.length) {
        const o: RestingOrder = {
          id: ++id,
          userId: 1,
          side: rnd(2) ? 'buy' : 'sell',
          price: PRICES[rnd(PRICES.length)],
          remaining: String(1 + rnd(5)),
        };
        book.rest(o);
        live.set(o.id, { ...o });
      } else if (op === 2) {
        const k = ids[rnd(ids.length)];
        const left = String(rnd(3));
        book.setRemaining(k, left);
        if (left === '0') live.delete(k);
        else live.set(k, { ...(live.get(k) as RestingOrder), remaining: left });
      } else {
        const k = ids[rnd(ids.length)];
        book.remove(k);
        live.delete(k);
      }
      for (const t of ['buy', 'sell'] as const) {
        const venue = book.venue(t === 'buy' ? 'ask' : 'bid');
        const want = shape(naive([...live.values()], venue, t));
        expect(shape(book.liquidity(t))).toEqual(want);
        expect(shape(new StepView(book).liquidity(t))).toEqual(want);
      }
      for (const side of ['bid', 'ask'] as const)
        expect(book.userLevels(side)).toEqual(naiveLevels([...live.values()], side));
    }
  });

  it('a walk of the list cut at its limit and quantity is the walk of the whole list, over a step’s changes too', () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const venueLess = { book: () => undefined };
    const books = [new SymbolBook('X/USDT', feed, 1), new SymbolBook('Y/USDT', venueLess, 1)];
    let id = 0;
    const order = (): RestingOrder => ({
      id: ++id,
      userId: 1 + rnd(3),
      side: rnd(2) ? 'buy' : 'sell',
      price: PRICES[rnd(PRICES.length)],
      remaining: String(1 + rnd(5)),
    });
    for (const book of books) for (let i = 0; i < 40; i++) book.rest(order());
    let walks = 0;
    for (let step = 0; step < 60; step++) {
      for (const book of books) {
        const view = new StepView(book);
        for (let j = 0; j < 6; j++) {
          const side = rnd(2) ? ('buy' as const) : ('sell' as const);
          const cut = { qty: String(rnd(14)), userId: 1 + rnd(3), cap: PRICES[rnd(PRICES.length)] };
          const last = PRICES[rnd(PRICES.length)];
          const run = (liquidity: Liquidity[]) =>
            walk({ side, userId: cut.userId, qty: cut.qty, cap: cut.cap, liquidity });
          const whole = run(takerLiquidity(view, side, last));
          const part = takerLiquidity(view, side, last, cut);
          expect(run(part)).toEqual(whole);
          if (whole.fills.length) walks++;
          const rest = new Decimal(whole.rest).gt(0);
          view.apply(
            side,
            whole,
            rest ? { id: ++id, userId: cut.userId, side, price: cut.cap, remaining: whole.rest } : null,
          );
        }
        // the book moves on between steps: an order in, one out
        book.rest(order());
        const ids = [...book.resting('bid'), ...book.resting('ask')].map((o) => o.id);
        if (ids.length) book.remove(ids[rnd(ids.length)]);
      }
    }
    expect(walks).toBeGreaterThan(100);
  });

  it("the step view lays its orders' effects over the cached list in book order", () => {
    const book = new SymbolBook('X/USDT', feed, 1);
    book.rest({ id: 1, userId: 1, side: 'sell', price: '100', remaining: '3' });
    book.rest({ id: 2, userId: 1, side: 'sell', price: '100.5', remaining: '3' });
    book.rest({ id: 3, userId: 1, side: 'sell', price: '100', remaining: '3' });
    expect(shape(book.liquidity('buy'))).toEqual(['100:3:1', '100:3:3', '100.5:3:2', '101:1:venue', '103:2:venue']);
    const view = new StepView(book);
    view.apply(
      'buy',
      {
        fills: [{ price: '100', qty: '3', order: book.order(1) }],
        expired: [],
        rest: '0',
      } as unknown as Parameters<StepView['apply']>[1],
      null,
    );
    view.apply('sell', { fills: [], expired: [{ id: 2 }], rest: '2' } as unknown as Parameters<StepView['apply']>[1], {
      id: 9,
      userId: 2,
      side: 'sell',
      price: '100',
      remaining: '2',
    });
    view.apply('sell', { fills: [], expired: [], rest: '1' } as unknown as Parameters<StepView['apply']>[1], {
      id: 10,
      userId: 2,
      side: 'sell',
      price: '99.5',
      remaining: '1',
    });
    expect(shape(view.liquidity('buy'))).toEqual(['99.5:1:10', '100:3:3', '100:2:9', '101:1:venue', '103:2:venue']);
    // the book itself is unchanged until the step commits
    expect(shape(book.liquidity('buy'))).toEqual(['100:3:1', '100:3:3', '100.5:3:2', '101:1:venue', '103:2:venue']);
  });
});
