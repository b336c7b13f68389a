/**
 * A seconds option's proof: the result and payout recomputed by secondsPayout (the server's
 * formula) from the buy and end ticks, and the end tick checked against the rule "the last tick at
 * or before expiry, never before the buy tick".
 */
import { secondsPayout, type SecondsDirection, type SecondsResult } from '../calc/seconds-option';
import { expectSame, proofOf, type Proof, type ProofProblem, type ProofTick } from './types';

export interface SecondsProofInput {
  direction: SecondsDirection;
  stake: string;
  profitRatio: string;
  buy: ProofTick;
  end: ProofTick;
  expiresAt: number;
  stored: { result: SecondsResult | null; payout: string | null; profit: string | null };
}

export interface SecondsProofResult {
  result: SecondsResult;
  payout: string;
  profit: string;
}

export function proveSeconds(i: SecondsProofInput): Proof<SecondsProofResult> {
  const problems: ProofProblem[] = [];
  const expected = secondsPayout({
    direction: i.direction,
    stake: i.stake,
    profitRatio: i.profitRatio,
    openPrice: i.buy.price,
    closePrice: i.end.price,
  });
  if (i.end.ts !== null && i.end.ts > i.expiresAt)
    problems.push({ what: 'end tick time', expected: `≤ ${i.expiresAt}`, actual: String(i.end.ts) });
  if (i.end.seq !== null && i.buy.seq !== null && i.end.seq < i.buy.seq)
    problems.push({ what: 'end tick seq', expected: `≥ ${i.buy.seq}`, actual: String(i.end.seq) });
  if (i.stored.result !== expected.result)
    problems.push({ what: 'result', expected: expected.result, actual: i.stored.result ?? '—' });
  expectSame(problems, 'payout', expected.payout, i.stored.payout);
  expectSame(problems, 'profit', expected.profit, i.stored.profit);
  return proofOf(expected, problems);
}
