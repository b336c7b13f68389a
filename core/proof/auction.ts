/**
 * An NFT auction's proof: the order went to the highest bid placed by the auction's end (the
 * earliest of equal bids), at that bid's price, and its payment deadline is the end plus the
 * published window; a paid order was paid by then, an expired one never was.
 */
import { dec } from '../calc/exact';
import { expectSame, proofOf, type Proof, type ProofProblem } from './types';

interface AuctionBid {
  userId: number;
  price: string;
  at: number;
}

export interface AuctionProofInput {
  /** the bids of this auction of the item, at any time (those after the end are ignored) */
  bids: readonly AuctionBid[];
  endAt: number;
  payWindowMs: number;
  stored: {
    buyerId: number;
    price: string;
    payDeadline: number | null;
    status: 'awaiting_payment' | 'paid' | 'expired';
    paidAt: number | null;
  };
}

export function proveAuction(
  i: AuctionProofInput,
): Proof<{ buyerId: number | null; price: string | null; payDeadline: number }> {
  const problems: ProofProblem[] = [];
  let best: AuctionBid | null = null;
  for (const b of i.bids) {
    if (b.at > i.endAt) continue;
    if (!best || dec(b.price).gt(dec(best.price)) || (dec(b.price).eq(dec(best.price)) && b.at < best.at)) best = b;
  }
  const payDeadline = i.endAt + i.payWindowMs;
  if (!best) problems.push({ what: 'winning bid', expected: 'a bid by the end', actual: 'none' });
  else {
    if (best.userId !== i.stored.buyerId)
      problems.push({ what: 'buyer', expected: `user ${best.userId}`, actual: `user ${i.stored.buyerId}` });
    expectSame(problems, 'price', best.price, i.stored.price);
  }
  if (i.stored.payDeadline !== payDeadline)
    problems.push({ what: 'payment deadline', expected: String(payDeadline), actual: String(i.stored.payDeadline) });
  if (i.stored.status === 'paid' && (i.stored.paidAt === null || i.stored.paidAt > payDeadline))
    problems.push({ what: 'paid by the deadline', expected: `≤ ${payDeadline}`, actual: String(i.stored.paidAt) });
  if (i.stored.status === 'expired' && i.stored.paidAt !== null)
    problems.push({ what: 'expired unpaid', expected: 'no payment', actual: String(i.stored.paidAt) });
  return proofOf({ buyerId: best?.userId ?? null, price: best?.price ?? null, payDeadline }, problems);
}
