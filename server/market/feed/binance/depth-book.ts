/**
 * One symbol's local order book kept from Binance depth diffs, by the documented procedure
 * ("How to manage a local order book correctly", fixtures/README.md):
 *
 *  1. Buffer the diffs from the stream while not in sync.
 *  2. Take a REST snapshot (`lastUpdateId`); drop buffered diffs whose final id `u` ≤ lastUpdateId.
 *     The first diff left must have `U` ≤ lastUpdateId + 1 ≤ `u`, else the snapshot is too old:
 *     take another.
 *  3. From then on each diff must continue the last: `U` ≤ last u + 1 (spot; futures diffs carry
 *     `pu`, which must equal the last u). A diff with u ≤ last u is old and skipped (a second
 *     connection during a roll-over delivers the same diffs twice). Anything else is a gap: the
 *     book is out of sync until a new snapshot (one resync, however many diffs follow).
 *  4. A level's quantity is absolute; 0 removes the level.
 *
 * Out of sync, the book offers nothing (see feed.ts: a venue we cannot vouch for has no liquidity).
 */
import type { VenueLevel } from '../types';
import { cmpDec, isZero } from './decimals';
import type { DepthEvent } from './frames';

export type DepthState = 'unsynced' | 'live';
export type EventOutcome = 'applied' | 'old' | 'buffered' | 'gap';
export type SnapshotOutcome = 'live' | 'too-old';

export interface DepthSnapshot {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

/** buffered diffs kept while a snapshot is on its way (at 10/s, minutes' worth) */
const MAX_BUFFER = 5_000;

export class DepthBook {
  state: DepthState = 'unsynced';
  lastUpdateId = 0;
  /** changes whenever the levels or the state change */
  version = 0;
  private readonly bids = new Side(-1);
  private readonly asks = new Side(1);
  private buffer: DepthEvent[] = [];
  /** futures: the first diff after a snapshot is checked by range, the rest by `pu` */
  private fresh = false;
  private cache: { version: number; depth: number; bids: VenueLevel[]; asks: VenueLevel[] } | undefined;

  /** A diff from the stream. */
  onEvent(ev: DepthEvent): EventOutcome {
    if (this.state !== 'live') {
      this.buffer.push(ev);
      if (this.buffer.length > MAX_BUFFER) this.buffer.shift();
      return 'buffered';
    }
    return this.applyLive(ev);
  }

  /** A REST snapshot; then the buffered diffs. 'too-old': the diffs start after it, take another. */
  onSnapshot(s: DepthSnapshot): SnapshotOutcome {
    const pending = this.buffer.filter((e) => e.last > s.lastUpdateId);
    const first = pending[0];
    if (first && first.first > s.lastUpdateId + 1) {
      this.buffer = pending;
      return 'too-old';
    }
    this.bids.reset(s.bids);
    this.asks.reset(s.asks);
    this.lastUpdateId = s.lastUpdateId;
    this.state = 'live';
    this.fresh = true;
    this.buffer = [];
    this.version++;
    for (const ev of pending) if (this.applyLive(ev) === 'gap') return 'live'; // a gap inside the buffer: out of sync again
    return 'live';
  }

  /** Out of sync (a dropped connection): diffs are buffered until the next snapshot. */
  desync(): void {
    if (this.state === 'unsynced') return;
    this.state = 'unsynced';
    this.buffer = [];
    this.version++;
  }

  /** The best `depth` levels of each side, best first (cached per version). */
  top(depth: number): { bids: VenueLevel[]; asks: VenueLevel[] } {
    const c = this.cache;
    if (c && c.version === this.version && c.depth === depth) return c;
    const next = { version: this.version, depth, bids: this.bids.top(depth), asks: this.asks.top(depth) };
    this.cache = next;
    return next;
  }

  private applyLive(ev: DepthEvent): EventOutcome {
    if (ev.last <= this.lastUpdateId) return 'old';
    const continues =
      ev.prev !== undefined && !this.fresh ? ev.prev === this.lastUpdateId : ev.first <= this.lastUpdateId + 1;
    if (!continues) {
      this.state = 'unsynced';
      this.buffer = [ev];
      this.version++;
      return 'gap';
    }
    this.fresh = false;
    for (const [p, q] of ev.bids) this.bids.set(p, q);
    for (const [p, q] of ev.asks) this.asks.set(p, q);
    this.lastUpdateId = ev.last;
    this.version++;
    return 'applied';
  }
}

/**
 * One side: price → quantity, and the prices kept sorted best first (a diff touches a few levels:
 * a binary search and a splice each, so reading the top is a slice, not a sort of the whole book).
 */
class Side {
  private readonly qty = new Map<string, string>();
  private readonly keys: string[] = [];

  /** dir −1: bids (highest first), 1: asks (lowest first) */
  constructor(private readonly dir: 1 | -1) {}

  reset(levels: readonly [string, string][]): void {
    this.qty.clear();
    for (const [p, q] of levels)
      if (isZero(q)) this.qty.delete(p);
      else this.qty.set(p, q);
    this.keys.length = 0;
    this.keys.push(...[...this.qty.keys()].sort((a, b) => this.dir * cmpDec(a, b)));
  }

  /** an absolute quantity; 0 removes the level */
  set(price: string, q: string): void {
    const had = this.qty.has(price);
    if (isZero(q)) {
      if (!had) return;
      this.qty.delete(price);
      this.keys.splice(this.find(price), 1);
      return;
    }
    this.qty.set(price, q);
    if (!had) this.keys.splice(this.find(price), 0, price);
  }

  top(depth: number): VenueLevel[] {
    return this.keys.slice(0, depth).map((price) => ({ price, qty: this.qty.get(price) as string }));
  }

  /** the index of `price`, or where it goes */
  private find(price: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.dir * cmpDec(this.keys[mid], price) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
