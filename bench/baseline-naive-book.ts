/**
 * The naive local book the core/ one is measured against: each side a plain array of decimal.js
 * levels; every level update finds the level by a linear scan, changes, removes or appends it, and
 * re-sorts the whole side with decimal.js comparisons — the obvious first implementation.
 */
import Decimal from 'decimal.js';
import type { DepthDiff, DepthSnapshot } from '../core/index';

interface NaiveLevel {
  price: Decimal;
  qty: Decimal;
}

export class NaiveBook {
  private bids: NaiveLevel[] = [];
  private asks: NaiveLevel[] = [];
  private seq = -1;

  applySnapshot(s: DepthSnapshot): void {
    this.bids = s.bids
      .map(([p, q]) => ({ price: new Decimal(p), qty: new Decimal(q) }))
      .sort((a, b) => b.price.cmp(a.price));
    this.asks = s.asks
      .map(([p, q]) => ({ price: new Decimal(p), qty: new Decimal(q) }))
      .sort((a, b) => a.price.cmp(b.price));
    this.seq = s.seq;
  }

  applyDiff(d: DepthDiff): void {
    if (d.seq <= this.seq) return;
    for (const [p, q] of d.bids) NaiveBook.set(this.bids, p, q, (a, b) => b.price.cmp(a.price));
    for (const [p, q] of d.asks) NaiveBook.set(this.asks, p, q, (a, b) => a.price.cmp(b.price));
    this.seq = d.seq;
  }

  private static set(side: NaiveLevel[], p: string, q: string, order: (a: NaiveLevel, b: NaiveLevel) => number): void {
    const price = new Decimal(p);
    const qty = new Decimal(q);
    const i = side.findIndex((l) => l.price.eq(price));
    if (qty.isZero()) {
      if (i >= 0) side.splice(i, 1);
    } else if (i >= 0) side[i].qty = qty;
    else side.push({ price, qty });
    side.sort(order);
  }

  get size(): number {
    return this.bids.length + this.asks.length;
  }
}
