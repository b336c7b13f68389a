/**
 * Blind boxes anyone can check. A series publishes its manifest (how many of each
 * prize) and commitment = sha256(seed) before the sale. The k-th box sold (k = 1, 2, …) takes the
 * prize slot at index  H(seed:seriesId:k) mod remaining  of the slots not yet given, in manifest
 * order. So the operator cannot choose a box's content once the commitment is out, and after the
 * seed is revealed anyone recomputes every box from the seed and the purchase list.
 * Pure: the server's assignment and the verifier page / script call the same functions.
 */
import { sha256Hex } from './sha256';

export interface ManifestEntry {
  /** prize key, e.g. "SR" or "SR:Moonlit Fox" */
  prize: string;
  count: number;
}

export interface PurchasedBox {
  /** 1-based purchase index within the series */
  k: number;
  /** what the server says this box holds */
  prize: string;
}

export type BoxCheck =
  | { ok: true; boxes: { k: number; prize: string }[] }
  | {
      ok: false;
      reason: 'commitment_mismatch' | 'purchase_order' | 'over_manifest' | 'prize_mismatch';
      k?: number;
      expected?: string;
      got?: string;
    };

export function commitmentOf(seed: string): string {
  return sha256Hex(seed);
}

/** every prize slot of the manifest, in manifest order */
export function expandManifest(manifest: readonly ManifestEntry[]): string[] {
  return manifest.flatMap((m) => Array.from({ length: m.count }, () => m.prize));
}

/** the index into `remaining` (length n > 0) that box k takes */
function slotIndex(seed: string, seriesId: number, k: number, n: number): number {
  const h = sha256Hex(`${seed}:${seriesId}:${k}`);
  // 52 bits of the hash: mod n of a uniform 52-bit number is unbiased enough for any n we sell
  return Number(BigInt(`0x${h.slice(0, 13)}`) % BigInt(n));
}

/** Assigns boxes 1..count in order; returns what each holds (the server's rule). */
export function assignBoxes(
  seed: string,
  seriesId: number,
  manifest: readonly ManifestEntry[],
  count: number,
): string[] {
  const remaining = expandManifest(manifest);
  const out: string[] = [];
  for (let k = 1; k <= count; k++) {
    if (remaining.length === 0) break;
    const i = slotIndex(seed, seriesId, k, remaining.length);
    out.push(remaining[i]);
    remaining.splice(i, 1);
  }
  return out;
}

/** What box k holds given the slots still left after boxes 1..k-1 (the server's per-purchase step). */
export function nextBox(
  seed: string,
  seriesId: number,
  k: number,
  remaining: readonly string[],
): { prize: string; index: number } {
  const index = slotIndex(seed, seriesId, k, remaining.length);
  return { prize: remaining[index], index };
}

/** The verifier: checks the revealed seed against the commitment, then recomputes every box. */
export function verifyBoxes(input: {
  seed: string;
  commitment: string;
  seriesId: number;
  manifest: readonly ManifestEntry[];
  purchases: readonly PurchasedBox[];
}): BoxCheck {
  if (commitmentOf(input.seed) !== input.commitment.toLowerCase()) return { ok: false, reason: 'commitment_mismatch' };
  const sorted = [...input.purchases].sort((a, b) => a.k - b.k);
  if (sorted.some((p, i) => p.k !== i + 1)) return { ok: false, reason: 'purchase_order' };
  const total = expandManifest(input.manifest).length;
  if (sorted.length > total) return { ok: false, reason: 'over_manifest' };
  const expected = assignBoxes(input.seed, input.seriesId, input.manifest, sorted.length);
  for (const p of sorted) {
    const e = expected[p.k - 1];
    if (e !== p.prize) return { ok: false, reason: 'prize_mismatch', k: p.k, expected: e, got: p.prize };
  }
  return { ok: true, boxes: sorted.map((p) => ({ k: p.k, prize: p.prize })) };
}
