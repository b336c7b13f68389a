/**
 * The book as an engine step plans it: the symbol's book as committed, with the effects of the
 * step's orders planned before this one laid over it (their fills, their expired own orders, their
 * resting remainders) — the book is changed only after the step's statement commits, in order, so a
 * refused order's plan never reaches it. Liquidity merges as SymbolBook.liquidity does: per price
 * users' orders first (by id), then the venue's level less what the step took from it.
 */
import { ExactDecimal } from '../../../../../core';
import type { BookSideName, TakerSide } from '../../../../../core/types/book';
import type { Liquidity, RestingOrder, SymbolBook } from '../../../../market/books/symbol-book';
import type { WalkResult } from './walk';

type Exact = InstanceType<typeof ExactDecimal>;
const D = (v: string) => new ExactDecimal(v);
const better = (side: BookSideName, a: string, b: string) => (side === 'bid' ? D(a).gt(b) : D(a).lt(b));

export class StepView {
  /** the step's changes to users' orders: the order now, or null when it is gone */
  private readonly over = new Map<number, RestingOrder | null>();
  private readonly used = { bid: new Map<string, Exact>(), ask: new Map<string, Exact>() };

  constructor(private readonly book: SymbolBook) {}

  get version(): number | undefined {
    return this.book.version;
  }

  liquidity(takerSide: TakerSide): Liquidity[] {
    const side: BookSideName = takerSide === 'buy' ? 'ask' : 'bid';
    const want: TakerSide = side === 'bid' ? 'buy' : 'sell';
    const users = this.book.resting(side).filter((o) => !this.over.has(o.id));
    for (const o of this.over.values()) if (o && o.side === want) users.push(o);
    users.sort((a, b) => (D(a.price).eq(b.price) ? a.id - b.id : better(side, a.price, b.price) ? -1 : 1));
    const venue = this.venue(side);
    const out: Liquidity[] = [];
    let i = 0;
    let j = 0;
    while (i < users.length || j < venue.length) {
      const u = users[i];
      const v = venue[j];
      if (u && (!v || !better(side, v.price, u.price))) {
        out.push({ price: u.price, qty: u.remaining, order: u });
        i++;
      } else {
        out.push(v);
        j++;
      }
    }
    return out;
  }

  private venue(side: BookSideName): Liquidity[] {
    const used = this.used[side];
    return this.book.venue(side).flatMap((l) => {
      const left = D(l.qty).minus(used.get(l.price) ?? 0);
      return left.gt(0) ? [{ price: l.price, qty: left.toFixed() }] : [];
    });
  }

  /** A planned order's effects: its expired own orders gone, makers cut, venue taken, a remainder resting. */
  apply(takerSide: TakerSide, plan: WalkResult, resting: RestingOrder | null): void {
    for (const o of plan.expired) this.over.set(o.id, null);
    const side: BookSideName = takerSide === 'buy' ? 'ask' : 'bid';
    for (const f of plan.fills) {
      if (f.order) {
        const left = D(f.order.remaining).minus(f.qty);
        this.over.set(f.order.id, left.gt(0) ? { ...f.order, remaining: left.toFixed() } : null);
      } else if (this.book.version !== undefined) {
        const m = this.used[side];
        m.set(f.price, (m.get(f.price) ?? D('0')).plus(f.qty));
      }
    }
    if (resting) this.over.set(resting.id, resting);
  }
}
