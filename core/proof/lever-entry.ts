/**
 * A contract entry's proof.
 * - Market entry: the venue levels it walked, recorded with the book's seq. The walk must take
 *   the best level first and each next level no better, empty every level but the last, stay
 *   within the protection price from the touch, add up to lots × lot size. Its rounded VWAP
 *   (contractEntryVwap, the engine's function) must be the open price.
 * - Limit entry: the opening tick must cross the limit (limitCrosses). The open price is that
 *   tick's price (crossed at submission) or the limit itself (rested, then filled by the tick).
 */
import { contractEntryVwap, protectionCap, type EntryVwap } from '../calc/contract-entry';
import { dec } from '../calc/exact';
import { limitCrosses } from '../calc/limit-price';
import type { LeverEntryWalk } from '../types/lever';
import { expectSame, proofOf, sameNumber, type Proof, type ProofProblem, type ProofTick } from './types';

export interface LeverEntryProofInput {
  side: 'long' | 'short';
  priceType: 'market' | 'limit';
  /** lots × lot size */
  qty: string;
  /** the limit asked (limit entries) */
  limit: string | null;
  openPrice: string;
  walk: LeverEntryWalk | null;
  /** the opening tick as stored (limit entries) */
  tick: ProofTick | null;
}

export interface LeverEntryExpected {
  /** the walk's sums and VWAP (market entries with a recorded walk) */
  vwap: EntryVwap | null;
  /** the protection price the walk had to stay within */
  cap: string | null;
}

function checkWalk(i: LeverEntryProofInput, w: LeverEntryWalk, problems: ProofProblem[]): LeverEntryExpected {
  const long = i.side === 'long';
  const cap = w.levels.length ? protectionCap(i.side, w.levels[0].price, w.protection) : null;
  w.levels.forEach((l, n) => {
    const label = `level ${n + 1} (${l.price})`;
    const q = dec(l.qty, 'qty');
    if (!q.gt(0)) problems.push({ what: `${label} quantity`, expected: '> 0', actual: l.qty });
    if (l.avail === null) {
      if (w.levels.length > 1)
        problems.push({
          what: `${label} without a book`,
          expected: 'the only level',
          actual: `${w.levels.length} levels`,
        });
    } else if (q.gt(dec(l.avail, 'avail')))
      problems.push({ what: `${label} quantity`, expected: `≤ ${l.avail}`, actual: l.qty });
    else if (n < w.levels.length - 1 && !q.eq(dec(l.avail)))
      problems.push({ what: `${label} taken before the next`, expected: l.avail, actual: l.qty });
    const prev = w.levels[n - 1];
    if (prev && (long ? dec(l.price).lte(dec(prev.price)) : dec(l.price).gte(dec(prev.price))))
      problems.push({ what: `${label} order`, expected: `${long ? '>' : '<'} ${prev.price}`, actual: l.price });
    if (cap !== null && (long ? dec(l.price).gt(dec(cap)) : dec(l.price).lt(dec(cap))))
      problems.push({ what: `${label} protection`, expected: `${long ? '≤' : '≥'} ${cap}`, actual: l.price });
  });
  const vwap = contractEntryVwap(i.side, w.levels, w.dp);
  expectSame(problems, 'quantity walked', i.qty, vwap?.filled ?? '0');
  expectSame(problems, 'open price (rounded VWAP)', vwap?.price ?? null, i.openPrice);
  return { vwap, cap };
}

export function proveLeverEntry(i: LeverEntryProofInput): Proof<LeverEntryExpected> {
  const problems: ProofProblem[] = [];
  if (i.priceType === 'market') {
    if (!i.walk)
      return proofOf({ vwap: null, cap: null }, [{ what: 'book levels walked', expected: 'recorded', actual: 'none' }]);
    return proofOf(checkWalk(i, i.walk, problems), problems);
  }
  if (i.limit === null) problems.push({ what: 'limit', expected: 'a price', actual: '—' });
  else if (!i.tick) problems.push({ what: 'opening tick', expected: 'recorded', actual: 'none' });
  else {
    if (!limitCrosses(i.side, i.limit, i.tick.price))
      problems.push({
        what: `opening tick #${i.tick.seq} crosses the limit`,
        expected: `${i.side === 'long' ? '≤' : '≥'} ${i.limit}`,
        actual: i.tick.price,
      });
    if (!sameNumber(i.openPrice, i.tick.price) && !sameNumber(i.openPrice, i.limit))
      problems.push({ what: 'open price', expected: `${i.tick.price} or ${i.limit}`, actual: i.openPrice });
  }
  return proofOf({ vwap: null, cap: null }, problems);
}
