/**
 * One symbol's book on the server: the venue's levels (from the feed) merged with users' resting
 * limit orders, which is what a taker walks and what `depth:<symbol>` publishes.
 *
 * - Venue liquidity a user fill consumed is held back (`consume`) until the venue re-quotes (the
 *   feed book's version changes), so two sweeps in a row do not both get the touch. In cluster
 *   mode the leader's consumption reaches the other nodes (`mirrorConsumed`, tagged with the venue
 *   version it was taken from), so their depth shows it taken too until the same re-quote.
 * - At one price, users' resting orders come before the venue's quantity (they were there first:
 *   the venue re-quotes on every update), and among users by order id (time priority).
 * - Publishing: `publish()` folds the merged levels into a core BookSource and flushes one diff.
 *   Only watched symbols publish; a new subscriber's snapshot is taken right after a publish.
 * - Cluster mode: only the engine leader holds the resting orders; every other node's book shows
 *   them as `mirrored` levels (price → users' total), which the leader publishes
 *   (server/scale/resting-mirror.ts). A book holds either its own orders or a mirror, never both.
 */
import Decimal from 'decimal.js';
import { BookSource } from '../../../core/book/source';
import type { BookSideName, DepthDiff, DepthSnapshot, TakerSide } from '../../../core/types/book';
import type { MarketFeed, VenueLevel } from '../feed/types';

export interface RestingOrder {
  id: number;
  userId: number;
  side: TakerSide;
  /** canonical decimal string */
  price: string;
  /** unfilled quantity, canonical decimal string */
  remaining: string;
}

/** One slice of liquidity a taker can take: a user's resting order, or the venue's level (no order). */
export interface Liquidity {
  price: string;
  qty: string;
  order?: RestingOrder;
}

const canon = (v: string | Decimal): string => new Decimal(v).toFixed();
const better = (side: BookSideName, a: Decimal, b: Decimal) => (side === 'bid' ? a.gt(b) : a.lt(b));

/** A resting order with its price parsed (sorting and merging compare them many times). */
export interface KeyedOrder {
  o: RestingOrder;
  p: Decimal;
}

/** Book order within one side: best price first, then by id (time priority). */
export function keyedOrder(side: BookSideName, a: KeyedOrder, b: KeyedOrder): number {
  return a.p.eq(b.p) ? a.o.id - b.o.id : better(side, a.p, b.p) ? -1 : 1;
}

/** Users' orders (sorted) merged with the venue's levels: per price users first, best first. */
export function mergeLiquidity(
  side: BookSideName,
  users: readonly KeyedOrder[],
  venue: readonly { price: string; qty: string }[],
): Liquidity[] {
  const out: Liquidity[] = [];
  let i = 0;
  for (const v of venue) {
    const vp = new Decimal(v.price);
    for (; i < users.length && !better(side, vp, users[i].p); i++) {
      const u = users[i].o;
      out.push({ price: u.price, qty: u.remaining, order: u });
    }
    out.push({ price: v.price, qty: v.qty });
  }
  for (; i < users.length; i++) {
    const u = users[i].o;
    out.push({ price: u.price, qty: u.remaining, order: u });
  }
  return out;
}

/** Users' resting orders of one side, sorted once and then kept in order by each change (a step walks them once per order). */
interface SideCache {
  sorted?: readonly KeyedOrder[];
  /** price → users' total (and how many orders), in `sorted`'s order */
  levels?: Levels;
}

/** A price's users' total and how many orders make it. */
interface Level {
  q: Decimal;
  n: number;
}
type Levels = Map<string, Level>;

/** Level sums: exact for any NUMERIC(36,18) quantities (decimal.js's default keeps 20 digits). */
const Exact = /* @__PURE__ */ (() => Decimal.clone({ precision: 60 }))();

const sideOf = (s: TakerSide): BookSideName => (s === 'buy' ? 'bid' : 'ask');

/** Adds `q` and `n` orders to the level at `price` (a level with no order left goes); true when the level is new. */
function addLevel(m: Levels, price: string, q: Decimal, n: number): boolean {
  const had = m.get(price);
  if (!had) {
    if (n > 0) m.set(price, { q: new Exact(q), n });
    return n > 0;
  }
  had.n += n;
  if (had.n <= 0) m.delete(price);
  else had.q = had.q.plus(q);
  return false;
}

/** The levels in book order (best first), as a build from the sorted list puts them. */
function inBookOrder(side: BookSideName, m: Levels): Levels {
  const e = [...m].map(([p, q]) => ({ p, q, d: new Decimal(p) }));
  e.sort((a, b) => (a.d.eq(b.d) ? 0 : better(side, a.d, b.d) ? -1 : 1));
  return new Map(e.map((x) => [x.p, x.q]));
}

/** Where `k` goes in a side's sorted list (or is: ids are unique). */
export function placeOf(side: BookSideName, list: readonly KeyedOrder[], k: KeyedOrder): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyedOrder(side, list[mid], k) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function inserted(side: BookSideName, list: readonly KeyedOrder[], o: RestingOrder): readonly KeyedOrder[] {
  const k = { o, p: new Decimal(o.price) };
  const out = list.slice();
  out.splice(placeOf(side, list, k), 0, k);
  return out;
}

function without(side: BookSideName, list: readonly KeyedOrder[], o: RestingOrder): readonly KeyedOrder[] | undefined {
  const at = placeOf(side, list, { o, p: new Decimal(o.price) });
  if (list[at]?.o.id !== o.id) return undefined; // not where it should be: built again when asked
  const out = list.slice();
  out.splice(at, 1);
  return out;
}

export class SymbolBook {
  readonly source: BookSource;
  private readonly orders = new Map<number, RestingOrder>();
  private consumedVersion: number | undefined;
  private readonly consumed = { bid: new Map<string, Decimal>(), ask: new Map<string, Decimal>() };
  private readonly published = { bid: new Map<string, string>(), ask: new Map<string, string>() };
  private mirrored = { bid: new Map<string, string>(), ask: new Map<string, string>() };
  /** the leader's consumption of a venue version this node has not seen yet (its relay lags) */
  private pending: { version: number; side: BookSideName; price: string; qty: string }[] = [];
  private cache: Record<BookSideName, SideCache> = { bid: {}, ask: {} };

  constructor(
    readonly symbol: string,
    private readonly feed: Pick<MarketFeed, 'book'>,
    epoch: number,
    /** called after every change of the resting orders (the cluster's mirror publisher listens) */
    private readonly onOrdersChanged: () => void = () => {},
    /** called after a user fill consumed venue liquidity (the cluster's mirror publisher listens) */
    private readonly onConsumed: (version: number, side: BookSideName, price: string, qty: string) => void = () => {},
  ) {
    this.source = new BookSource(symbol, epoch);
  }

  /** The feed's book version (undefined: the feed publishes no book for this symbol). */
  get version(): number | undefined {
    return this.feed.book(this.symbol)?.version;
  }

  /** The venue's levels of one side after what users consumed, best first. */
  venue(side: BookSideName): VenueLevel[] {
    const b = this.feed.book(this.symbol);
    if (!b) return [];
    if (b.version !== this.consumedVersion) {
      this.consumedVersion = b.version;
      this.consumed.bid.clear();
      this.consumed.ask.clear();
      // the leader's consumption waits for one version change: it is this one, or a re-quote past it
      const due = this.pending.filter((c) => c.version === b.version);
      this.pending = [];
      for (const c of due) this.hold(c.side, c.price, c.qty);
    }
    const used = this.consumed[side];
    const out: VenueLevel[] = [];
    for (const l of side === 'bid' ? b.bids : b.asks) {
      const price = canon(l.price);
      const u = used.get(price);
      if (!u) out.push({ price, qty: canon(l.qty) });
      else {
        const left = new Decimal(l.qty).minus(u);
        if (left.gt(0)) out.push({ price, qty: left.toFixed() });
      }
    }
    return out;
  }

  /** Holds back `qty` of the venue's level at `price` until the venue re-quotes (a committed fill's). */
  consume(side: BookSideName, price: string, qty: string): void {
    this.hold(side, price, qty);
    const v = this.version;
    if (v !== undefined) this.onConsumed(v, side, canon(price), canon(qty));
  }

  /**
   * What the leader's fill consumed from venue version `version` (a node that does not lead): held
   * back while this node's venue book is that version; one it has not relayed yet waits for it;
   * one already re-quoted is nothing (the leader's hold ended with it too).
   */
  mirrorConsumed(version: number, side: BookSideName, price: string, qty: string): void {
    const now = this.version;
    if (now === version) this.hold(side, price, qty);
    else if (now !== undefined) {
      this.venue(side); // sync first, so the wait starts at the version seen now
      this.pending.push({ version, side, price: canon(price), qty: canon(qty) });
    }
  }

  private hold(side: BookSideName, price: string, qty: string): void {
    this.venue(side); // sync the version first
    const m = this.consumed[side];
    const p = canon(price);
    m.set(p, (m.get(p) ?? new Decimal(0)).plus(qty));
  }

  rest(o: RestingOrder): void {
    const had = this.orders.get(o.id);
    if (had) this.changed(had, false);
    const r = { ...o, price: canon(o.price), remaining: canon(o.remaining) };
    this.orders.set(o.id, r);
    this.changed(r, true);
  }

  setRemaining(id: number, remaining: string): void {
    const o = this.orders.get(id);
    if (!o) return;
    if (new Decimal(remaining).lte(0)) {
      this.orders.delete(id);
      this.changed(o, false);
      return;
    }
    const now = canon(remaining);
    const c = this.cache[sideOf(o.side)];
    if (c.levels) addLevel(c.levels, o.price, new Exact(now).minus(o.remaining), 0);
    o.remaining = now;
    this.onOrdersChanged();
  }

  remove(id: number): void {
    const o = this.orders.get(id);
    if (o && this.orders.delete(id)) this.changed(o, false);
  }

  /**
   * An order came (`added`) or went: its side's sorted list and levels follow it in place of being
   * built again (a step changes a few orders of a book that may hold thousands): the list is copied
   * with the order put in (or taken out) at its place, never changed in place.
   */
  private changed(o: RestingOrder, added: boolean): void {
    const side = sideOf(o.side);
    const c = this.cache[side];
    if (c.sorted) c.sorted = added ? inserted(side, c.sorted, o) : without(side, c.sorted, o);
    if (c.levels) {
      const q = new Exact(o.remaining);
      const fresh = addLevel(c.levels, o.price, added ? q : q.neg(), added ? 1 : -1);
      if (fresh) c.levels = inBookOrder(side, c.levels);
    }
    this.onOrdersChanged();
  }

  /** Users' resting quantity per price of one side, best first (what the leader mirrors out). */
  userLevels(side: BookSideName): [price: string, qty: string][] {
    return [...this.levels(side)].map(([p, l]) => [p, l.q.toFixed()]);
  }

  private levels(side: BookSideName): Levels {
    const c = this.cache[side];
    if (c.levels) return c.levels;
    const m: Levels = new Map();
    for (const { o } of this.keyed(side)) addLevel(m, o.price, new Exact(o.remaining), 1);
    return (c.levels = m);
  }

  /** Replaces the mirrored users' levels (a node that does not lead: the leader's published ones). */
  setMirror(bids: readonly [string, string][], asks: readonly [string, string][]): void {
    this.mirrored = {
      bid: new Map(bids.map(([p, q]) => [canon(p), canon(q)])),
      ask: new Map(asks.map(([p, q]) => [canon(p), canon(q)])),
    };
  }

  get hasMirror(): boolean {
    return this.mirrored.bid.size > 0 || this.mirrored.ask.size > 0;
  }

  /** true when users have resting orders here (the cross check's fast exit) */
  get hasOrders(): boolean {
    return this.orders.size > 0;
  }

  order(id: number): RestingOrder | undefined {
    return this.orders.get(id);
  }

  /** Users' resting orders on one side, best price first, then by id. */
  resting(side: BookSideName): RestingOrder[] {
    return this.keyed(side).map((k) => k.o);
  }

  /** Users' resting orders of one side in book order with their parsed prices: sorted once, then each change makes a new list (never changed in place). */
  keyed(side: BookSideName): readonly KeyedOrder[] {
    const c = this.cache[side];
    if (c.sorted) return c.sorted;
    const want: TakerSide = side === 'bid' ? 'buy' : 'sell';
    const keyed = [...this.orders.values()].filter((o) => o.side === want).map((o) => ({ o, p: new Decimal(o.price) }));
    return (c.sorted = keyed.sort((a, b) => keyedOrder(side, a, b)));
  }

  /** What a taker on `takerSide` can take, best first: per price users' orders, then the venue. */
  liquidity(takerSide: TakerSide): Liquidity[] {
    const side: BookSideName = takerSide === 'buy' ? 'ask' : 'bid';
    return mergeLiquidity(side, this.keyed(side), this.venue(side));
  }

  /** The merged levels of one side (venue + users' own or mirrored orders), price → total quantity. */
  private merged(side: BookSideName): Map<string, string> {
    const m = new Map<string, Decimal>();
    for (const l of this.venue(side)) m.set(l.price, new Decimal(l.qty));
    for (const [p, l] of this.levels(side)) m.set(p, (m.get(p) ?? new Decimal(0)).plus(l.q));
    for (const [p, q] of this.mirrored[side]) m.set(p, (m.get(p) ?? new Decimal(0)).plus(q));
    return new Map([...m].map(([p, q]) => [p, q.toFixed()]));
  }

  /** Folds the current merged book into the source and flushes one diff (null when unchanged). */
  publish(): DepthDiff | null {
    for (const side of ['bid', 'ask'] as const) {
      const now = this.merged(side);
      const before = this.published[side];
      for (const [p, q] of now) if (before.get(p) !== q) this.source.set(side, p, q);
      for (const p of before.keys()) if (!now.has(p)) this.source.set(side, p, '0');
      this.published[side] = now;
    }
    return this.source.flush();
  }

  snapshot(): DepthSnapshot {
    return this.source.snapshot();
  }
}
