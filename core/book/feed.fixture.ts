/**
 * Test helpers for the book property tests (imported by *.test.ts only): a random "server" book
 * history — the diffs it published and its snapshot after each — and book comparison.
 */
import fc from 'fast-check';
import { formatScaled } from '../kline/scaled';
import { BookSource } from './source';
import type { LocalBook } from './local-book';
import type { BookLevelTuple, BookSideName, DepthDiff, DepthSnapshot } from '../types/book';

export interface Op {
  side: BookSideName;
  price: string;
  qty: string;
}

/** Few distinct prices (so levels are hit again and removed) and qty 0 one time in four. */
const opArb: fc.Arbitrary<Op> = fc.record({
  side: fc.constantFrom<BookSideName>('bid', 'ask'),
  price: fc.integer({ min: 1, max: 40 }).map((u) => formatScaled(u * 5, 2)),
  qty: fc.oneof(
    fc.constant('0'),
    fc.integer({ min: 1, max: 99_999 }).map((q) => formatScaled(q, 4)),
    fc.integer({ min: 1, max: 99_999 }).map((q) => formatScaled(q, 4)),
    fc.integer({ min: 1, max: 9 }).map(String),
  ),
});

export const historyArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 40 });

export interface History {
  diffs: DepthDiff[];
  /** snaps[i] = the server's snapshot after i diffs (seq i, the first diff has seq 1) */
  snaps: DepthSnapshot[];
}

export function runServer(batches: Op[][], epoch = 1): History {
  const src = new BookSource('BTC/USDT', epoch);
  const diffs: DepthDiff[] = [];
  const snaps = [src.snapshot()];
  for (const batch of batches) {
    for (const o of batch) src.set(o.side, o.price, o.qty);
    const d = src.flush();
    if (d) {
      diffs.push(d);
      snaps.push(src.snapshot());
    }
  }
  return { diffs, snaps };
}

export function bookOf(b: LocalBook): { bids: BookLevelTuple[]; asks: BookLevelTuple[] } {
  const t = (s: LocalBook['bids']) => s.top(Infinity).map((l) => [l.price, l.qty] as BookLevelTuple);
  return { bids: t(b.bids), asks: t(b.asks) };
}
