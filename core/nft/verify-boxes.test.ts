/** The box verifier against the server's rule, for any seed and purchase list (fast-check). */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { assignBoxes, commitmentOf, expandManifest, nextBox, verifyBoxes, type ManifestEntry } from './verify-boxes';
import { sha256Hex } from './sha256';

const manifestArb = fc
  .array(fc.record({ prize: fc.string({ minLength: 1, maxLength: 8 }), count: fc.integer({ min: 0, max: 6 }) }), {
    minLength: 1,
    maxLength: 5,
  })
  .map((m) => m.map((e, i) => ({ prize: `${i}:${e.prize}`, count: e.count })))
  .filter((m) => expandManifest(m).length > 0);

/** the server's per-purchase step (server/areas/nft/boxes.ts): remaining slots in manifest order */
function serverAssign(seed: string, seriesId: number, manifest: ManifestEntry[], count: number): string[] {
  const given: string[] = [];
  for (let k = 1; k <= count; k++) {
    const used = new Map<string, number>();
    for (const g of given) used.set(g, (used.get(g) ?? 0) + 1);
    const remaining = expandManifest(manifest).filter((p) => {
      const n = used.get(p) ?? 0;
      if (n > 0) return (void used.set(p, n - 1), false);
      return true;
    });
    given.push(nextBox(seed, seriesId, k, remaining).prize);
  }
  return given;
}

it('sha256Hex matches the FIPS 180-4 vectors (server/areas/nft/sha256.test.ts compares it with Node for any text)', () => {
  expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(sha256Hex('a'.repeat(200))).toBe('c2a908d98f5df987ade41b5fce213067efbcc21ef2240212a41e54b5e7c28ae5');
});

it('for any seed and purchase list the verifier recomputes exactly what each box gave, and every slot is given once', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 64 }),
      fc.integer({ min: 1, max: 100_000 }),
      manifestArb,
      fc.double({ min: 0, max: 1, noNaN: true }),
      (seed, seriesId, manifest, frac) => {
        const total = expandManifest(manifest).length;
        const count = Math.round(frac * total);
        const given = serverAssign(seed, seriesId, manifest, count);
        expect(given).toEqual(assignBoxes(seed, seriesId, manifest, count));
        const purchases = given.map((prize, i) => ({ k: i + 1, prize }));
        expect(verifyBoxes({ seed, commitment: commitmentOf(seed), seriesId, manifest, purchases })).toEqual({
          ok: true,
          boxes: purchases,
        });
        if (count === total) expect([...given].sort()).toEqual([...expandManifest(manifest)].sort());
      },
    ),
    { numRuns: 200 },
  );
});

it('a seed changed after the commitment is detected; a box that claims another prize is detected', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 64 }),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 64 }),
      manifestArb,
      (seed, other, manifest) => {
        fc.pre(seed !== other);
        const n = expandManifest(manifest).length;
        const purchases = assignBoxes(other, 7, manifest, n).map((prize, i) => ({ k: i + 1, prize }));
        expect(
          verifyBoxes({ seed: other, commitment: commitmentOf(seed), seriesId: 7, manifest, purchases }),
        ).toMatchObject({ ok: false, reason: 'commitment_mismatch' });
        const honest = assignBoxes(seed, 7, manifest, n).map((prize, i) => ({ k: i + 1, prize }));
        const swapAt = honest.findIndex((p, i) => honest.some((q, j) => j > i && q.prize !== p.prize));
        fc.pre(swapAt >= 0);
        const j = honest.findIndex((q, jj) => jj > swapAt && q.prize !== honest[swapAt].prize);
        const forged = honest.map((p) => ({ ...p }));
        [forged[swapAt].prize, forged[j].prize] = [forged[j].prize, forged[swapAt].prize];
        expect(
          verifyBoxes({ seed, commitment: commitmentOf(seed), seriesId: 7, manifest, purchases: forged }),
        ).toMatchObject({ ok: false, reason: 'prize_mismatch' });
      },
    ),
    { numRuns: 200 },
  );
});
