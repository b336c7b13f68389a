/**
 * The worker's local copy of one symbol's order book, kept from a snapshot plus `seq`'d diffs the
 * way Binance documents it (wire format: core/types/book.ts):
 * - diffs arriving before the snapshot are buffered (in any order, duplicates too);
 * - on the snapshot at seq S, buffered diffs with seq ≤ S are dropped (it covers them) and the
 *   rest applied in seq order;
 * - a diff that does not continue the book (its prevSeq, or seq − 1, is beyond the book's seq) or
 *   comes from a newer epoch is a gap: the caller is told ONCE to fetch a new snapshot ('resync'),
 *   and diffs are buffered until it arrives; stale diffs (seq already covered, older epoch) are dropped.
 * A malformed diff or snapshot (a price that is not a plain decimal) is answered 'resync' too, with
 * the reason in `lastError`; a bad snapshot leaves the current levels untouched.
 * Pure: no timers, no I/O — the caller owns the socket and the snapshot request.
 */
import { BookSide } from './side';
import type { DepthDiff, DepthSnapshot } from '../types/book';

export type BookStatus = 'waiting' | 'live' | 'resyncing';
/** applied: the book changed · buffered: kept until a snapshot · dropped: stale or duplicate ·
 *  resync: a gap — request a new snapshot now (returned once per gap) */
export type DiffResult = 'applied' | 'buffered' | 'dropped' | 'resync';
export type SnapshotResult = 'applied' | 'stale' | 'resync';

export interface LocalBookOptions {
  /** most diffs held while waiting for a snapshot; the oldest arrivals go first (default 10,000) */
  maxBuffer?: number;
}

const prevOf = (d: DepthDiff): number => d.prevSeq ?? d.seq - 1;

export class LocalBook {
  private bidSide = new BookSide('bid');
  private askSide = new BookSide('ask');
  private state: BookStatus = 'waiting';
  private curEpoch = -Infinity;
  private curSeq = -1;
  private buffer: DepthDiff[] = [];
  private readonly maxBuffer: number;

  constructor(
    readonly symbol: string,
    opts: LocalBookOptions = {},
  ) {
    this.maxBuffer = opts.maxBuffer ?? 10_000;
  }

  get bids(): BookSide {
    return this.bidSide;
  }
  get asks(): BookSide {
    return this.askSide;
  }
  /** why the last diff or snapshot was refused as malformed (for the log) */
  lastError: string | undefined;

  get status(): BookStatus {
    return this.state;
  }
  get epoch(): number {
    return this.curEpoch;
  }
  /** seq of the last snapshot or diff applied (−1 before the first snapshot) */
  get seq(): number {
    return this.curSeq;
  }
  get buffered(): number {
    return this.buffer.length;
  }

  applyDiff(d: DepthDiff): DiffResult {
    if (this.state !== 'live') {
      if (d.epoch < this.curEpoch) return 'dropped';
      if (this.buffer.length >= this.maxBuffer) this.buffer.shift();
      this.buffer.push(d);
      return 'buffered';
    }
    const r = this.step(d);
    if (r !== 'resync') return r;
    this.state = 'resyncing';
    this.buffer = [d];
    return 'resync';
  }

  /** Applies `d` to a live book, or says it is stale ('dropped') or leaves a gap ('resync'). */
  private step(d: DepthDiff): DiffResult {
    if (d.epoch < this.curEpoch) return 'dropped';
    if (d.epoch > this.curEpoch) return 'resync';
    if (d.seq <= this.curSeq) return 'dropped';
    if (prevOf(d) > this.curSeq) return 'resync';
    // prevSeq ≤ seq < d.seq: levels carry absolute quantities, so a diff overlapping the snapshot is safe.
    try {
      for (const [p, q] of d.bids) this.bidSide.set(p, q);
      for (const [p, q] of d.asks) this.askSide.set(p, q);
    } catch (e) {
      // A malformed level leaves the book half-applied: only a new snapshot can be trusted.
      this.lastError = e instanceof Error ? e.message : String(e);
      return 'resync';
    }
    this.curSeq = d.seq;
    return 'applied';
  }

  applySnapshot(s: DepthSnapshot): SnapshotResult {
    if (s.epoch < this.curEpoch || (s.epoch === this.curEpoch && s.seq < this.curSeq)) return 'stale';
    if (this.state === 'live' && s.epoch === this.curEpoch && s.seq === this.curSeq) return 'stale';
    // Load into new sides so a malformed snapshot leaves the current book untouched.
    const bids = new BookSide('bid');
    const asks = new BookSide('ask');
    try {
      bids.load(s.bids);
      asks.load(s.asks);
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      this.state = 'resyncing'; // diffs wait in the buffer for a good snapshot
      return 'resync';
    }
    this.bidSide = bids;
    this.askSide = asks;
    this.curEpoch = s.epoch;
    this.curSeq = s.seq;
    this.state = 'live';
    const pending = this.buffer.sort((a, b) => a.epoch - b.epoch || a.seq - b.seq);
    this.buffer = [];
    for (let i = 0; i < pending.length; i++) {
      if (this.step(pending[i]) === 'resync') {
        this.state = 'resyncing';
        this.buffer = pending.slice(i);
        return 'resync';
      }
    }
    return 'applied';
  }
}
