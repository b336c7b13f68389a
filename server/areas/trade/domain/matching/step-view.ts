/**
 * The book as an engine step plans it: the symbol's book as committed, with the effects of the
 * step's orders planned before this one laid over it (their fills, their expired own orders, their
 * resting remainders) — the book is changed only after the step's statement commits, in order, so a
 * refused order's plan never reaches it. Liquidity merges as SymbolBook.liquidity does: per price
 * users' orders first (by id), then the venue's level less what the step took from it.
 */
import { ExactDecimal } from '../../../../../core';
import type { BookSideName, TakerSide } from '../../../../../core/types/book';
import {
  keyedOrder,
  placeOf,
  mergeLiquidity,
  type KeyedOrder,
  type Liquidity,
  type RestingOrder,
  type SymbolBook,
} from '../../../../market/books/symbol-book';
import type { LiquidityCut, WalkResult } from './walk';

type Exact = InstanceType<typeof ExactDecimal>;
const D = (v: string) => new ExactDecimal(v);

export class StepView {
  /** the step's changes to users' orders: the order now, or null when it is gone */
  private readonly over = new Map<number, RestingOrder | null>();
  private readonly used = { bid: new Map<string, Exact>(), ask: new Map<string, Exact>() };

  constructor(private readonly book: SymbolBook) {}

  get version(): number | undefined {
    return this.book.version;
  }

  /**
   * What a taker can take, best first; with a cut, only as far as its walk reads (walk.ts): the
   * book's thousands of resting orders beyond its limit or its quantity are not merged per order.
   */
  liquidity(takerSide: TakerSide, cut?: LiquidityCut): Liquidity[] {
    const side: BookSideName = takerSide === 'buy' ? 'ask' : 'bid';
    if (cut) return cutLiquidity(side, this.usersInOrder(side), this.venue(side), cut);
    return mergeLiquidity(side, this.users(side), this.venue(side));
  }

  /** users(side), one at a time: the book's list with the step's changes, its new orders merged in. */
  private *usersInOrder(side: BookSideName): Generator<KeyedOrder> {
    const fresh = this.fresh(side);
    let f = 0;
    for (const k of this.book.keyed(side)) {
      let cur: KeyedOrder | undefined = k;
      if (this.over.has(k.o.id)) {
        const now = this.over.get(k.o.id);
        cur = now ? { o: now, p: k.p } : undefined;
      }
      if (!cur) continue;
      while (f < fresh.length && keyedOrder(side, fresh[f], cur) < 0) yield fresh[f++];
      yield cur;
    }
    while (f < fresh.length) yield fresh[f++];
  }

  /** The step's new resting orders on a side (not in the book yet), in book order. */
  private fresh(side: BookSideName): KeyedOrder[] {
    const want: TakerSide = side === 'bid' ? 'buy' : 'sell';
    const out: KeyedOrder[] = [];
    for (const o of this.over.values())
      if (o && o.side === want && !this.book.order(o.id)) out.push({ o, p: D(o.price) });
    return out.sort((a, b) => keyedOrder(side, a, b));
  }

  /**
   * The side's users' orders in book order: the book's sorted list (cached per change) with the
   * step's changes laid over in place (same price and id, same place) and its new orders inserted.
   */
  private users(side: BookSideName): KeyedOrder[] {
    const base = this.book.keyed(side);
    if (!this.over.size) return base.slice();
    const out: KeyedOrder[] = [];
    for (const k of base) {
      if (!this.over.has(k.o.id)) out.push(k);
      else {
        const now = this.over.get(k.o.id);
        if (now) out.push({ o: now, p: k.p });
      }
    }
    const want: TakerSide = side === 'bid' ? 'buy' : 'sell';
    for (const o of this.over.values()) {
      if (!o || o.side !== want || this.book.order(o.id)) continue;
      const k = { o, p: D(o.price) };
      out.splice(placeOf(side, out, k), 0, k);
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

const beyond = (side: BookSideName, p: Exact, cap: Exact) => (side === 'ask' ? p.gt(cap) : p.lt(cap));

/**
 * mergeLiquidity's list, as far as a walk of `cut` reads it: up to its limit (the walk stops at the
 * first price past it) and until its quantity is taken (an own order met on the way is expired,
 * not taken), so the walk of the cut list is the walk of the whole.
 */
function cutLiquidity(
  side: BookSideName,
  users: Iterator<KeyedOrder>,
  venue: readonly Liquidity[],
  cut: LiquidityCut,
): Liquidity[] {
  const out: Liquidity[] = [];
  const cap = cut.cap === undefined ? undefined : D(cut.cap);
  let left = D(cut.qty);
  const take = (l: Liquidity, p: Exact): boolean => {
    if (left.lte(0) || (cap && beyond(side, p, cap))) return false;
    out.push(l);
    if (l.order?.userId === cut.userId) return true;
    const q = ExactDecimal.min(left, D(l.qty));
    if (q.gt(0)) left = left.minus(q);
    return true;
  };
  const user = (k: KeyedOrder) => take({ price: k.o.price, qty: k.o.remaining, order: k.o }, k.p);
  let u = users.next();
  for (const v of venue) {
    const vp = D(v.price);
    // per price users first (mergeLiquidity's rule)
    for (; !u.done && !beyond(side, u.value.p, vp); u = users.next()) if (!user(u.value)) return out;
    if (!take(v, vp)) return out;
  }
  for (; !u.done; u = users.next()) if (!user(u.value)) return out;
  return out;
}
