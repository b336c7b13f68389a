/**
 * A dual-invest settlement's proof: the payout recomputed by settleDualOrder (spec §9, the server's
 * formula) from the settle tick's price, and the tick checked to be at or before maturity.
 */
import { settleDualOrder, type DualOrderType } from '../calc/dual-order';
import { expectSame, proofOf, type Proof, type ProofProblem, type ProofTick } from './types';

export interface DualProofInput {
  type: DualOrderType;
  amount: string;
  linkedPrice: string;
  apr: string;
  days: number;
  maturityAt: number;
  settle: ProofTick;
  stored: { currency: 'base' | 'quote' | null; amount: string | null };
}

export function proveDual(i: DualProofInput): Proof<{ currency: 'base' | 'quote'; amount: string }> {
  const problems: ProofProblem[] = [];
  const expected = settleDualOrder({
    type: i.type,
    amount: i.amount,
    linkedPrice: i.linkedPrice,
    settlePrice: i.settle.price,
    apr: i.apr,
    days: i.days,
  });
  if (i.settle.ts !== null && i.settle.ts > i.maturityAt)
    problems.push({ what: 'settle tick time', expected: `≤ ${i.maturityAt}`, actual: String(i.settle.ts) });
  if (i.stored.currency !== expected.currency)
    problems.push({ what: 'payout currency', expected: expected.currency, actual: i.stored.currency ?? '—' });
  expectSame(problems, 'payout', expected.amount, i.stored.amount);
  return proofOf(expected, problems);
}
