import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Bytes } from '../nft/sha256';
import { UINT128_LIMIT, commitmentInput, fromHex, leafInput, toHex } from './encoding';
import { buildUserTree, buildUserTreeSync, type UserBalances } from './leaf';
import { buildTree, leafLevel, pathPlan, proofPath, treeRoot } from './tree';
import type { Hasher, LiabilityProof, LiabilitySnapshotSummary } from './types';
import { fromUnits, toUnits } from './units';
import { verifyLeafList, verifyProof } from './verify';

const subtle: Hasher = async (b) => new Uint8Array(await crypto.subtle.digest('SHA-256', b));
const salt = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (n * 31 + i * 7) & 0xff);
const coins = [
  { symbol: 'BTC', decimals: 8 },
  { symbol: 'USDT', decimals: 6 },
];

function users(balances: bigint[][]): UserBalances[] {
  return balances.map((b, i) => ({ userId: String(i + 1), salt: salt(i + 1), balances: b }));
}

/** a snapshot and every user's proof, built with the synchronous hasher */
function snapshot(balances: bigint[][], k = balances[0]?.length ?? coins.length) {
  const { leaves, tree } = buildUserTreeSync(users(balances), k, sha256Bytes);
  const root = treeRoot(tree);
  const summary: LiabilitySnapshotSummary = {
    id: 1,
    rootHash: root.hash,
    coins: coins.slice(0, k),
    totals: root.sums,
    takenAt: '2026-01-01T00:00:00.000Z',
    journalId: '9',
    leafCount: leaves.length,
  };
  const proofOf = (index: number): LiabilityProof => ({
    snapshot: summary,
    leaf: {
      index,
      userId: leaves[index].userId,
      salt: toHex(leaves[index].salt),
      balances: leaves[index].balances.map(String),
      hash: toHex(leaves[index].hash),
    },
    path: proofPath(tree, index),
  });
  return { leaves, tree, summary, proofOf };
}

const balance = fc.bigInt({ min: 0n, max: 10n ** 30n });
const table = fc.array(
  fc.tuple(balance, balance).map(([a, b]) => [a, b]),
  { minLength: 1, maxLength: 40 },
);

describe('units', () => {
  it('converts decimals to units and back exactly', () => {
    expect(toUnits('12.345', 8)).toBe(1234500000n);
    expect(toUnits('0.00000001', 8)).toBe(1n);
    expect(toUnits('5', 0)).toBe(5n);
    expect(fromUnits(1234500000n, 8)).toBe('12.345');
    expect(fromUnits('1', 8)).toBe('0.00000001');
    expect(fromUnits('0', 6)).toBe('0');
    expect(() => toUnits('0.000000001', 8)).toThrow(/decimal places/);
    expect(() => toUnits('1e5', 8)).toThrow();
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 18 }),
        (u, d) => toUnits(fromUnits(u, d), d) === u,
      ),
    );
  });
});

describe('encoding', () => {
  it('the synchronous SHA-256 equals WebCrypto on any bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (b) => {
        expect(toHex(sha256Bytes(b))).toBe(toHex(await subtle(b)));
      }),
      { numRuns: 100 },
    );
  });

  it('a leaf input is 0x00, the commitment and 16 big-endian bytes per balance', () => {
    const input = leafInput(new Uint8Array(32).fill(0xab), [1n, 256n]);
    expect(input.length).toBe(1 + 32 + 32);
    expect(toHex(input.subarray(33))).toBe('00000000000000000000000000000001' + '00000000000000000000000000000100');
    expect(() => leafInput(new Uint8Array(32), [-1n])).toThrow(/negative/);
    expect(() => leafInput(new Uint8Array(32), [UINT128_LIMIT])).toThrow(/128 bits/);
    expect(toHex(commitmentInput(new Uint8Array(32), '7'))).toBe(
      toHex(new TextEncoder().encode('h5-pol/commit/v1\n')) + '00'.repeat(32) + '37',
    );
  });
});

describe('tree', () => {
  it('the root carries the exact totals of random balances, and every proof verifies', async () => {
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        const { summary, proofOf } = snapshot(rows);
        expect(summary.totals).toEqual([0, 1].map((j) => rows.reduce((s, r) => s + r[j], 0n).toString()));
        for (let i = 0; i < rows.length; i++) {
          const r = await verifyProof(proofOf(i), subtle);
          expect(r.failedAt).toBeUndefined();
          expect(r.ok).toBe(true);
          expect(r.steps.length).toBe(proofOf(i).path.length);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('the synchronous and async builders give the same tree', async () => {
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        const sync = snapshot(rows);
        const asyncTree = await buildUserTree(users(rows), 2, subtle);
        expect(treeRoot(asyncTree.tree)).toEqual(treeRoot(sync.tree));
        expect(asyncTree.leaves.map((l) => toHex(l.hash))).toEqual(sync.leaves.map((l) => toHex(l.hash)));
      }),
      { numRuns: 20 },
    );
  });

  it('leaves are in ascending hash order and an odd last node is carried up', () => {
    const { leaves, tree } = snapshot([
      [1n, 0n],
      [2n, 0n],
      [3n, 0n],
    ]);
    const hexes = leaves.map((l) => toHex(l.hash));
    expect([...hexes].sort()).toEqual(hexes);
    expect(tree.levels.map((l) => l.count)).toEqual([3, 2, 1]);
    expect(toHex(tree.levels[1].hashes.subarray(32))).toBe(hexes[2]);
    expect(pathPlan(2, 3)).toEqual([{ level: 2, side: 'L' }]);
  });

  it('a sum that reaches 2^128 is refused', () => {
    const max = UINT128_LIMIT - 1n;
    expect(() =>
      snapshot([
        [max, 0n],
        [1n, 0n],
      ]),
    ).toThrow(/128 bits/);
    expect(() => snapshot([[-1n, 0n]])).toThrow(/negative/);
  });

  it('an empty snapshot has a zero root', () => {
    const { tree } = buildUserTreeSync([], 2, sha256Bytes);
    expect(treeRoot(tree)).toEqual({ hash: '00'.repeat(32), sums: ['0', '0'] });
  });
});

const flipHex = (h: string, at: number) => h.slice(0, at) + (h[at] === '0' ? '1' : '0') + h.slice(at + 1);

describe('tampering breaks verification and names the step', () => {
  const rowsAndIndex = table
    .filter((r) => r.length >= 2)
    .chain((rows) => fc.tuple(fc.constant(rows), fc.nat({ max: rows.length - 1 })));

  it('any change to a leaf balance fails at the leaf', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsAndIndex,
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        async ([rows, i], coin, delta) => {
          const p = snapshot(rows).proofOf(i);
          const j = coin % 2;
          p.leaf.balances[j] = (BigInt(p.leaf.balances[j]) + delta).toString();
          const r = await verifyProof(p, subtle);
          expect(r.ok).toBe(false);
          expect(r.failedAt?.step).toBe('leaf');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a changed leaf balance with its hash recomputed fails at the root', async () => {
    const { proofOf } = snapshot([
      [5n, 1n],
      [7n, 2n],
      [9n, 3n],
    ]);
    const p = proofOf(0);
    p.leaf.balances = ['4', '1'];
    const commitment = await subtle(commitmentInput(fromHex(p.leaf.salt), p.leaf.userId));
    p.leaf.hash = toHex(await subtle(leafInput(commitment, [4n, 1n])));
    const r = await verifyProof(p, subtle);
    expect(r.failedAt?.step).toBe('root');
  });

  it('any change to a sibling hash fails at the root, any change to a sibling sum too', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsAndIndex,
        fc.nat(),
        fc.nat({ max: 63 }),
        fc.bigInt({ min: 1n, max: 1000n }),
        async ([rows, i], s, at, delta) => {
          const { proofOf } = snapshot(rows);
          const p = proofOf(i);
          fc.pre(p.path.length > 0);
          const step = s % p.path.length;
          const h = structuredClone(p);
          h.path[step].hash = flipHex(h.path[step].hash, at);
          expect((await verifyProof(h, subtle)).failedAt?.step).toBe('root');
          const m = structuredClone(p);
          m.path[step].sums[0] = (BigInt(m.path[step].sums[0]) + delta).toString();
          expect((await verifyProof(m, subtle)).failedAt?.step).toBe('root');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a negative or overflowing sibling sum fails at its step', async () => {
    const { proofOf } = snapshot([
      [5n, 1n],
      [7n, 2n],
      [9n, 3n],
      [1n, 1n],
    ]);
    const neg = proofOf(0);
    neg.path[1].sums[1] = '-3';
    expect((await verifyProof(neg, subtle)).failedAt).toEqual({ step: 1, reason: expect.stringMatching(/negative/) });
    const big = proofOf(0);
    big.path[0].sums[0] = (UINT128_LIMIT - 1n).toString();
    expect((await verifyProof(big, subtle)).failedAt).toEqual({ step: 0, reason: expect.stringMatching(/128 bits/) });
  });

  it('a changed total, a wrong salt, a swapped side or a cut path is refused', async () => {
    const { proofOf } = snapshot([
      [5n, 1n],
      [7n, 2n],
      [9n, 3n],
    ]);
    const t = proofOf(1);
    t.snapshot = { ...t.snapshot, totals: ['20', '6'] };
    expect((await verifyProof(t, subtle)).failedAt?.step).toBe('root');
    const s = proofOf(1);
    s.leaf.salt = flipHex(s.leaf.salt, 0);
    expect((await verifyProof(s, subtle)).failedAt?.step).toBe('leaf');
    const u = proofOf(1);
    u.leaf.userId = '99';
    expect((await verifyProof(u, subtle)).failedAt?.step).toBe('leaf');
    const side = proofOf(1);
    side.path[0].side = side.path[0].side === 'L' ? 'R' : 'L';
    expect((await verifyProof(side, subtle)).failedAt?.step).toBe(0);
    const cut = proofOf(1);
    cut.path.pop();
    expect((await verifyProof(cut, subtle)).failedAt?.step).toBe('root');
  });
});

describe('leaf list', () => {
  const listOf = (rows: bigint[][]) => {
    const { leaves, summary } = snapshot(rows);
    return {
      snapshot: summary,
      leaves: leaves.map((l) => ({ hash: toHex(l.hash), balances: l.balances.map(String) })),
    };
  };

  it('a published list recomputes to the root and its totals', async () => {
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        expect((await verifyLeafList(listOf(rows), subtle)).ok).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('a changed, negative, reordered or dropped leaf is caught by name', async () => {
    const rows = [
      [5n, 1n],
      [7n, 2n],
      [9n, 3n],
    ];
    const changed = listOf(rows);
    changed.leaves[1].balances[0] = '8';
    expect((await verifyLeafList(changed, subtle)).checks.at(-1)).toMatchObject({ name: 'totals', ok: false });
    const neg = listOf(rows);
    neg.leaves[0].balances[1] = '-1';
    expect((await verifyLeafList(neg, subtle)).checks.at(-1)).toMatchObject({ name: 'balances', ok: false });
    const order = listOf(rows);
    order.leaves.reverse();
    expect((await verifyLeafList(order, subtle)).checks.at(-1)).toMatchObject({ name: 'order', ok: false });
    const dropped = listOf(rows);
    dropped.leaves.pop();
    expect((await verifyLeafList(dropped, subtle)).checks.at(-1)).toMatchObject({ name: 'count', ok: false });
    // an amount moved between leaves of different subtrees keeps the totals but not the root
    const moved = listOf(rows);
    moved.leaves[0].balances[0] = String(BigInt(moved.leaves[0].balances[0]) + 1n);
    moved.leaves[2].balances[0] = String(BigInt(moved.leaves[2].balances[0]) - 1n);
    expect((await verifyLeafList(moved, subtle)).checks.at(-1)).toMatchObject({ name: 'root', ok: false });
  });

  it('buildTree over the list equals the tree the proofs come from', async () => {
    const { tree, leaves } = snapshot([
      [1n, 2n],
      [3n, 4n],
    ]);
    const again = await buildTree(leafLevel(leaves, 2), 2, subtle);
    expect(treeRoot(again)).toEqual(treeRoot(tree));
  });
});
