import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildUserTreeSync,
  encodeProofText,
  proofPath,
  toHex,
  treeRoot,
  type LiabilityCoin,
  type LiabilityLeafList,
  type LiabilityProof,
  type LiabilitySnapshotSummary,
  type UserBalances,
} from '../../core/liabilities';
import { liabilitiesApi } from './verify';
import { locateInList } from './locate';
import { subtleSha256 } from './verify';

/**
 * The page's verifier (the worker's functions, with SubtleCrypto) against a tree built the way the
 * server builds it (node:crypto, core's synchronous builder): every user's proof passes and ends on
 * the server's root; a changed sibling fails, and the published leaf list places it on its step.
 */
const nodeSha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());
const COINS: LiabilityCoin[] = [
  { symbol: 'BTC', decimals: 8 },
  { symbol: 'ETH', decimals: 18 },
  { symbol: 'USDT', decimals: 6 },
];

function snapshotOf(users: UserBalances[]) {
  const { leaves, tree } = buildUserTreeSync(users, COINS.length, nodeSha);
  const root = treeRoot(tree);
  const snapshot: LiabilitySnapshotSummary = {
    id: 7,
    rootHash: root.hash,
    coins: COINS,
    totals: root.sums,
    takenAt: '2026-11-29T02:00:00.000Z',
    journalId: '4242',
    leafCount: leaves.length,
  };
  const proofOf = (userId: string): LiabilityProof => {
    const index = leaves.findIndex((l) => l.userId === userId);
    const l = leaves[index];
    return {
      snapshot,
      leaf: { index, userId, salt: toHex(l.salt), balances: l.balances.map(String), hash: toHex(l.hash) },
      path: proofPath(tree, index),
    };
  };
  const list: LiabilityLeafList = {
    snapshot,
    leaves: leaves.map((l) => ({ hash: toHex(l.hash), balances: l.balances.map(String) })),
  };
  return { snapshot, root, proofOf, list };
}

const user = (i: number): UserBalances => ({
  userId: String(1000 + i),
  salt: new Uint8Array(randomBytes(32)),
  balances: [BigInt(i * 12_345), BigInt(i) * 10n ** 17n, BigInt((i * 7919) % 5000) * 1_000_000n],
});
const USERS = Array.from({ length: 37 }, (_, i) => user(i + 1));

describe('the page verifier and the server tree', () => {
  const snap = snapshotOf(USERS);
  // salts are random, so leaf order is too: a leaf carried up an odd level has fewer steps
  const withSteps = (n: number) => USERS.map((u) => u.userId).find((id) => snap.proofOf(id).path.length >= n) ?? '';

  it("every user's proof passes in the worker and its last step is the server's root", async () => {
    const checked = await liabilitiesApi.verifyMany(USERS.map((u) => encodeProofText(snap.proofOf(u.userId))));
    for (const [i, { proof, result: r }] of checked.entries()) {
      expect(proof).toEqual(snap.proofOf(USERS[i].userId));
      expect(r.ok, JSON.stringify(r.failedAt)).toBe(true);
      const top = r.steps[r.steps.length - 1];
      expect(top.hash).toBe(snap.root.hash);
      expect(top.sums).toEqual(snap.root.sums);
    }
  });

  it('a lowered sibling sum fails at the root, and the leaf list names the step', async () => {
    const proof = structuredClone(snap.proofOf(withSteps(2)));
    proof.path[1].sums[2] = String(BigInt(proof.path[1].sums[2]) - 1n);
    const { result: r } = await liabilitiesApi.verify(encodeProofText(proof));
    expect(r.ok).toBe(false);
    expect(r.failedAt?.step).toBe('root');
    const at = await locateInList(proof, snap.list, subtleSha256);
    expect(at.step).toBe(1);
  });

  it('an overflowing sibling sum fails at its own step; cut bytes fail at "format"', async () => {
    const proof = structuredClone(snap.proofOf(withSteps(3)));
    proof.path[2].sums[0] = String((1n << 128n) - 1n);
    const { result: r } = await liabilitiesApi.verify(encodeProofText(proof));
    expect(r.failedAt?.step).toBe(2);
    expect(r.steps.slice(0, 2).every((s) => s.ok)).toBe(true);
    const cut = await liabilitiesApi.verify(encodeProofText(proof).slice(0, -4));
    expect(cut.proof).toBeNull();
    expect(cut.result.failedAt?.step).toBe('format');
  });

  it("a changed balance in the user's leaf fails at the leaf", async () => {
    const proof = structuredClone(snap.proofOf('1020'));
    proof.leaf.balances[0] = String(BigInt(proof.leaf.balances[0]) + 1n);
    expect((await liabilitiesApi.verify(encodeProofText(proof))).result.failedAt?.step).toBe('leaf');
  });

  it('an untouched proof is placed nowhere by the leaf list', async () => {
    expect(await locateInList(snap.proofOf('1001'), snap.list, subtleSha256)).toEqual({ step: null, reason: 'same' });
  });

  it('agrees with the server tree for any balances and tree size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.bigInt({ min: 0n, max: 10n ** 30n }),
            fc.bigInt({ min: 0n, max: 10n ** 20n }),
            fc.bigInt({ min: 0n, max: 10n ** 12n }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.nat(),
        async (rows, pick) => {
          const users = rows.map((b, i) => ({ userId: String(i + 1), salt: new Uint8Array(32).fill(i), balances: b }));
          const s = snapshotOf(users);
          const { result: r } = await liabilitiesApi.verify(
            encodeProofText(s.proofOf(String((pick % users.length) + 1))),
          );
          expect(r.ok).toBe(true);
          if (r.steps.length) expect(r.steps[r.steps.length - 1].hash).toBe(s.root.hash);
        },
      ),
      { numRuns: 40 },
    );
  });
});
