/**
 * Wire formats of the order-book channels, shared by server/ (producer) and workers/ (local book).
 * Prices and quantities are decimal strings; numbers only for epoch, seq and ts.
 *
 * `depth:<symbol>` (event `depth`, an array of DepthMessage): first a snapshot of the whole book at
 * some `seq`, then diffs. A diff carries the levels that changed since the previous diff, each with
 * its new absolute quantity ("0" removes the level), so re-applying a level is harmless. `seq` grows
 * by one per diff of an epoch; `prevSeq` (when present) is the seq of the diff before it, so a server
 * may coalesce several book changes into one diff; absent means seq − 1. A snapshot at seq S covers
 * every diff with seq ≤ S. `epoch` changes when the server restarts (seq starts again); a newer
 * epoch is a larger number.
 *
 * `trades:<symbol>` (event `trades`, an array of TradePrint): one print per trade, `seq` per symbol
 * and epoch, `side` the taker's side.
 */

/** One price level: [price, qty]. */
export type BookLevelTuple = [price: string, qty: string];

export interface DepthSnapshot {
  symbol: string;
  epoch: number;
  seq: number;
  /** best (highest) first; the local book does not rely on the order */
  bids: BookLevelTuple[];
  /** best (lowest) first; the local book does not rely on the order */
  asks: BookLevelTuple[];
}

export interface DepthDiff {
  symbol: string;
  epoch: number;
  seq: number;
  /** seq of the previous diff; absent means seq − 1 */
  prevSeq?: number;
  /** server time (ms) the diff was sent: lets a screen say how old the rows it paints are */
  ts?: number;
  /** changed levels, qty "0" removes the level */
  bids: BookLevelTuple[];
  asks: BookLevelTuple[];
}

/** What a `depth` event's array holds: the snapshot is tagged so one channel can carry both. */
export type DepthMessage = ({ kind: 'snapshot' } & DepthSnapshot) | ({ kind: 'diff' } & DepthDiff);

export type BookSideName = 'bid' | 'ask';
export type TakerSide = 'buy' | 'sell';

export interface TradePrint {
  symbol: string;
  epoch: number;
  seq: number;
  /** server time in ms */
  ts: number;
  price: string;
  qty: string;
  side: TakerSide;
}
