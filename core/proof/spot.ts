/**
 * A spot order's proof from its fills (each fill is one level consumed: its price, quantity and the
 * book seq it matched at): every fill's total is price × quantity, the fills add up to the order's
 * filled quantity and total, its average price is spotVwap's (the engine's formula), and a resting
 * order's fill came from a venue tick that crossed its price.
 */
import { dec, str } from '../calc/exact';
import { spotVwap } from '../calc/spot';
import { expectSame, proofOf, type Proof, type ProofProblem, type ProofTick } from './types';

interface SpotFillInput {
  id: number;
  role: 'taker' | 'maker';
  price: string;
  qty: string;
  total: string;
  /** the venue tick that crossed a resting order into this fill, as stored (null: none named) */
  tick: ProofTick | null;
}

export interface SpotProofInput {
  side: 'buy' | 'sell';
  fills: readonly SpotFillInput[];
  stored: { filled: string; total: string | null; fillPrice: string | null };
}

export function proveSpot(i: SpotProofInput): Proof<{ filled: string; total: string; fillPrice: string | null }> {
  const problems: ProofProblem[] = [];
  let filled = dec('0');
  let total = dec('0');
  for (const f of i.fills) {
    expectSame(problems, `fill ${f.id} total`, str(dec(f.price).times(dec(f.qty))), f.total);
    filled = filled.plus(dec(f.qty));
    total = total.plus(dec(f.total));
    if (f.tick) {
      const c = dec(f.tick.price).cmp(dec(f.price));
      if (i.side === 'buy' ? c > 0 : c < 0)
        problems.push({
          what: `fill ${f.id} tick #${f.tick.seq}`,
          expected: `${i.side === 'buy' ? '≤' : '≥'} ${f.price}`,
          actual: f.tick.price,
        });
    }
  }
  const expected = { filled: str(filled), total: str(total), fillPrice: spotVwap(filled, total) };
  expectSame(problems, 'filled', expected.filled, i.stored.filled);
  if (i.fills.length) {
    expectSame(problems, 'total', expected.total, i.stored.total);
    expectSame(problems, 'average price', expected.fillPrice, i.stored.fillPrice);
  }
  return proofOf(expected, problems);
}
