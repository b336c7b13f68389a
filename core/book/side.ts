/**
 * One side of a local order book, built for fast level updates (≥ 1 M/s in bench/book-apply.ts).
 *
 * A price is held as a scaled integer key (mantissa × 10^(scale − its decimals), exact while it stays
 * within 2^53) in a Map for O(1) lookup, plus a sorted array of keys and a parallel array of levels
 * kept in order by binary-search insertion. The arrays run from the worst price to the best, so the
 * levels that change most (near the top) sit at the end and a splice moves few elements. The exact
 * price and quantity strings from the wire are kept for display and exact sums.
 */
import { parseScaledFast, pow10, MAX_SAFE, type ScaledOut } from '../kline/scaled';
import type { BookLevelTuple, BookSideName } from '../types/book';

export interface BookLevel {
  price: string;
  qty: string;
}

const scratch: ScaledOut = { m: 0, scale: 0 };

const PLAIN = /^(?=\.?\d)\d*(?:\.\d*)?$/;
/** A plain non-negative decimal string (the fast parse covers almost all; long ones take the regex). */
function isQty(qty: string): boolean {
  return parseScaledFast(qty, scratch) || PLAIN.test(qty);
}

/** True when `qty` is zero ("0", "0.000", ".0"): the level is removed. */
function isZeroQty(qty: string): boolean {
  let zero = false;
  for (let i = 0; i < qty.length; i++) {
    const c = qty.charCodeAt(i);
    if (c === 48) zero = true;
    else if (c !== 46) return false;
  }
  return zero;
}

export class BookSide {
  /** sort keys ascending = worst → best: bids by price, asks by −price */
  private keys: number[] = [];
  private levels: BookLevel[] = [];
  private byKey = new Map<number, BookLevel>();
  /** decimals every key is scaled to; grows (rescaling the keys) when a finer price arrives */
  private scale = 0;

  constructor(readonly side: BookSideName) {}

  get size(): number {
    return this.keys.length;
  }

  clear(): void {
    this.keys = [];
    this.levels = [];
    this.byKey.clear();
    this.scale = 0;
  }

  /** Sort key of a price string: scaled integer, negated for asks (so best is always last). */
  private key(price: string): number {
    if (!parseScaledFast(price, scratch)) throw new RangeError(`bad ${this.side} price: ${JSON.stringify(price)}`);
    if (scratch.scale > this.scale) this.rescale(scratch.scale);
    const k = scratch.m * pow10(this.scale - scratch.scale);
    if (k > MAX_SAFE) throw new RangeError(`${this.side} price out of range: ${price}`);
    return this.side === 'bid' ? k : -k;
  }

  private rescale(scale: number): void {
    const f = pow10(scale - this.scale);
    this.scale = scale;
    this.byKey.clear();
    for (let i = 0; i < this.keys.length; i++) {
      const k = this.keys[i] * f;
      if (Math.abs(k) > MAX_SAFE) throw new RangeError(`${this.side} prices need more than 2^53 at ${scale} decimals`);
      this.keys[i] = k;
      this.byKey.set(k, this.levels[i]);
    }
  }

  /** First index whose key is ≥ k. */
  private lowerBound(k: number): number {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sets a level's absolute quantity; a zero quantity removes it. */
  set(price: string, qty: string): void {
    const k = this.key(price);
    const hit = this.byKey.get(k);
    if (isZeroQty(qty)) {
      if (hit === undefined) return;
      this.byKey.delete(k);
      const i = this.lowerBound(k);
      this.keys.splice(i, 1);
      this.levels.splice(i, 1);
      return;
    }
    if (!isQty(qty)) throw new RangeError(`bad ${this.side} qty: ${JSON.stringify(qty)}`);
    if (hit !== undefined) {
      hit.qty = qty;
      return;
    }
    const level: BookLevel = { price, qty };
    this.byKey.set(k, level);
    const keys = this.keys;
    // New best (or worst) levels are the common inserts: skip the search for them.
    const i = keys.length === 0 || keys[keys.length - 1] < k ? keys.length : this.lowerBound(k);
    if (i === keys.length) {
      keys.push(k);
      this.levels.push(level);
    } else {
      keys.splice(i, 0, k);
      this.levels.splice(i, 0, level);
    }
  }

  /** Replaces the whole side (a snapshot): one sort instead of n insertions. */
  load(levels: readonly BookLevelTuple[]): void {
    this.clear();
    // Scale first, so every key below is computed at the final scale (a later price never rescales).
    for (const [price] of levels) this.key(price);
    const fresh = new Map<number, BookLevel>();
    for (const [price, qty] of levels) {
      const k = this.key(price);
      if (isZeroQty(qty)) fresh.delete(k);
      else {
        if (!isQty(qty)) throw new RangeError(`bad ${this.side} qty: ${JSON.stringify(qty)}`);
        fresh.set(k, { price, qty });
      }
    }
    const ks = [...fresh.keys()].sort((a, b) => a - b);
    for (const k of ks) {
      const l = fresh.get(k) as BookLevel;
      this.keys.push(k);
      this.levels.push(l);
      this.byKey.set(k, l);
    }
  }

  /** The i-th best level (0 = best), or undefined. */
  at(i: number): BookLevel | undefined {
    return this.levels[this.levels.length - 1 - i];
  }

  /** The best `n` levels, best first (copies: safe to post to the main thread). */
  top(n: number): BookLevel[] {
    const out: BookLevel[] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < n; i--)
      out.push({ price: this.levels[i].price, qty: this.levels[i].qty });
    return out;
  }
}
