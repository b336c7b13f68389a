/**
 * A blind-box series' proof, box by box: the seed against the published commitment, then every
 * box's prize recomputed by assignBoxes (verify-boxes.ts, the server's rule) from the seed and the
 * purchase order. Unlike verifyBoxes (first failure only) it names every box that differs.
 */
import { assignBoxes, commitmentOf, type ManifestEntry } from '../nft/verify-boxes';
import { proofOf, type Proof, type ProofProblem } from './types';

export interface BoxesProofInput {
  seriesId: number;
  seed: string;
  commitment: string;
  manifest: readonly ManifestEntry[];
  boxes: readonly { k: number; prize: string }[];
}

export function proveBoxes(i: BoxesProofInput): Map<number, Proof<{ prize: string | null }>> {
  const committed = commitmentOf(i.seed) === i.commitment.toLowerCase();
  const sorted = [...i.boxes].sort((a, b) => a.k - b.k);
  const expected = assignBoxes(i.seed, i.seriesId, i.manifest, sorted.length ? sorted[sorted.length - 1].k : 0);
  const out = new Map<number, Proof<{ prize: string | null }>>();
  const seen = new Set<number>();
  for (const b of sorted) {
    const problems: ProofProblem[] = [];
    if (!committed) problems.push({ what: 'sha256(seed)', expected: i.commitment, actual: commitmentOf(i.seed) });
    if (seen.has(b.k)) problems.push({ what: 'purchase index', expected: 'unique', actual: String(b.k) });
    seen.add(b.k);
    const e = expected[b.k - 1] ?? null;
    if (e !== b.prize) problems.push({ what: 'prize', expected: e ?? '—', actual: b.prize });
    out.set(b.k, proofOf({ prize: e }, problems));
  }
  return out;
}
