/**
 * An IEO project's proof: every subscription's allotment recomputed by allocateIeo (the server's
 * rule) over all of the project's subscriptions, and its cost and refund by ieoSettlement.
 * Returns one proof per subscription, by id.
 */
import { allocateIeo, ieoSettlement } from '../calc/ieo-allocation';
import { dec, str } from '../calc/exact';
import { expectSame, proofOf, type Proof, type ProofProblem } from './types';

interface IeoSubscription {
  id: number;
  amount: string;
  price: string;
  paid: string;
  stored: { allotted: string | null; cost: string | null; refund: string | null };
}

export interface IeoProofInput {
  issuance: string;
  tokenDecimals: number;
  subscriptions: readonly IeoSubscription[];
  /** the sum of applied amounts the server recorded when it allotted (null: not recorded) */
  appliedRecorded: string | null;
}

export interface IeoExpected {
  oversubscribed: boolean;
  applied: string;
  allotted: string;
  cost: string;
  refund: string;
}

export function proveIeo(i: IeoProofInput): Map<number, Proof<IeoExpected>> {
  const { oversubscribed, allotments } = allocateIeo(
    i.issuance,
    i.subscriptions.map((s) => ({ id: s.id, amount: s.amount })),
    i.tokenDecimals,
  );
  const applied = str(i.subscriptions.reduce((s, x) => s.plus(dec(x.amount)), dec('0')));
  const out = new Map<number, Proof<IeoExpected>>();
  i.subscriptions.forEach((s, n) => {
    const problems: ProofProblem[] = [];
    const allotted = allotments[n].allotted;
    const { cost, refund } = ieoSettlement({ allotted, price: s.price, paid: s.paid });
    if (i.appliedRecorded !== null) expectSame(problems, 'total applied', applied, i.appliedRecorded);
    expectSame(problems, 'allotted', allotted, s.stored.allotted);
    expectSame(problems, 'cost', cost, s.stored.cost);
    expectSame(problems, 'refund', refund, s.stored.refund);
    out.set(s.id, proofOf({ oversubscribed, applied, allotted, cost, refund }, problems));
  });
  return out;
}
