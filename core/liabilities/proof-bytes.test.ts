import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Bytes } from '../nft/sha256';
import { fromBase64url, toBase64url } from './base64url';
import { UINT128_LIMIT, toHex } from './encoding';
import { buildUserTreeSync } from './leaf';
import { ProofFormatError, decodeProof, decodeProofText, encodeProof, encodeProofText } from './proof-bytes';
import { proofPath, treeRoot } from './tree';
import type { Hasher, LiabilityProof, LiabilitySnapshotSummary } from './types';
import { verifyEncodedProof } from './verify';

/**
 * The served proof layout: encode → decode is the identity and each proof has one encoding; a cut
 * or lengthened proof is refused by name; and any changed byte that the root commits to (the leaf,
 * a sibling hash or sum, the root, a total) breaks verification.
 */
const subtle: Hasher = async (b) => new Uint8Array(await crypto.subtle.digest('SHA-256', b));
const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b));
const amount = fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: UINT128_LIMIT - 1n })).map(String);

/** any proof the layout can hold, valid or not */
const anyProof: fc.Arbitrary<LiabilityProof> = fc.integer({ min: 0, max: 6 }).chain((k) => {
  const sums = fc.array(amount, { minLength: k, maxLength: k });
  return fc.record({
    snapshot: fc.record({
      id: fc.nat({ max: 0xffffffff }),
      rootHash: hex32,
      coins: fc.array(
        fc.record({ symbol: fc.string({ unit: 'grapheme', maxLength: 12 }), decimals: fc.nat({ max: 36 }) }),
        { minLength: k, maxLength: k },
      ),
      totals: sums,
      takenAt: fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      journalId: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map(String),
      leafCount: fc.nat({ max: 0xffffffff }),
    }),
    leaf: fc.record({
      index: fc.nat({ max: 0xffffffff }),
      userId: fc.string({ unit: 'grapheme', maxLength: 20 }),
      salt: hex32,
      balances: sums,
      hash: hex32,
    }),
    path: fc.array(fc.record({ side: fc.constantFrom<'L' | 'R'>('L', 'R'), hash: hex32, sums }), { maxLength: 40 }),
  });
});

/** a real snapshot of `rows` (two coins) and the proof of leaf `pick` */
function realProof(rows: Array<[bigint, bigint]>, pick: number): LiabilityProof {
  const users = rows.map((balances, i) => ({
    userId: String(i + 1),
    salt: Uint8Array.from({ length: 32 }, (_, j) => (i * 31 + j * 7) & 0xff),
    balances,
  }));
  const { leaves, tree } = buildUserTreeSync(users, 2, sha256Bytes);
  const root = treeRoot(tree);
  const snapshot: LiabilitySnapshotSummary = {
    id: 3,
    rootHash: root.hash,
    coins: [
      { symbol: 'BTC', decimals: 8 },
      { symbol: 'USDT', decimals: 6 },
    ],
    totals: root.sums,
    takenAt: '2026-11-29T00:00:00.000Z',
    journalId: '1234567',
    leafCount: leaves.length,
  };
  const index = pick % leaves.length;
  const l = leaves[index];
  return {
    snapshot,
    leaf: { index, userId: l.userId, salt: toHex(l.salt), balances: l.balances.map(String), hash: toHex(l.hash) },
    path: proofPath(tree, index),
  };
}

const rows = fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 0n, max: 10n ** 12n })), {
  minLength: 2,
  maxLength: 40,
});

/** the byte ranges the root hash commits to: the root hash, and everything after the coin list */
function committedRanges(p: LiabilityProof, length: number): Array<[number, number]> {
  const coinList = 1 + p.snapshot.coins.reduce((n, c) => n + 2 + new TextEncoder().encode(c.symbol).length, 0);
  const leafCountEnd = 4 + 4 + 8 + 8 + 4;
  return [
    [leafCountEnd, leafCountEnd + 32],
    [leafCountEnd + 32 + coinList, length],
  ];
}

describe('the proof layout', () => {
  it('decode(encode(p)) is p, and the text form round-trips the same', () => {
    fc.assert(
      fc.property(anyProof, (p) => {
        const bytes = encodeProof(p);
        expect(decodeProof(bytes)).toEqual(p);
        expect(decodeProofText(encodeProofText(p))).toEqual(p);
        expect(encodeProof(decodeProof(bytes))).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses every cut of a proof and any byte after its end, saying where', () => {
    fc.assert(
      fc.property(anyProof, fc.nat(), fc.nat({ max: 255 }), (p, cut, extra) => {
        const bytes = encodeProof(p);
        const at = cut % bytes.length;
        expect(() => decodeProof(bytes.subarray(0, at))).toThrow(ProofFormatError);
        expect(() => decodeProof(bytes.subarray(0, at))).toThrow(/ends at byte|not a liabilities proof/);
        const longer = new Uint8Array(bytes.length + 1);
        longer.set(bytes);
        longer[bytes.length] = extra;
        expect(() => decodeProof(longer)).toThrow(`1 byte(s) after the end of the proof, from byte ${bytes.length}`);
      }),
      { numRuns: 100 },
    );
  });

  it('has one encoding per proof: a leading zero byte, a 17-byte amount, a bad side or version is refused', () => {
    const p = realProof(
      [
        [5n, 0n],
        [7n, 3n],
        [9n, 4n],
      ],
      0,
    );
    const bytes = encodeProof(p);
    // the first total (12 + 9 ... units) sits right after the coin list; its length byte says 1
    const at = 28 + 32 + 1 + (2 + 3) + (2 + 4);
    expect(bytes[at]).toBe(1);
    const padded = Uint8Array.from([...bytes.subarray(0, at), 2, 0, ...bytes.subarray(at + 1)]);
    expect(() => decodeProof(padded)).toThrow(/leading zero byte/);
    const long = bytes.slice();
    long[at] = 17;
    expect(() => decodeProof(long)).toThrow(/at most 16/);
    const v2 = bytes.slice();
    v2[3] = 2;
    expect(() => decodeProof(v2)).toThrow(/version 2/);
    expect(() => decodeProofText('not base64!')).toThrow(/not base64url/);
    expect(() => encodeProof({ ...p, leaf: { ...p.leaf, userId: '\ud800' } })).toThrow(/well-formed/);
    // the user id's one byte (after the totals 01 15 01 07, the index and the id's length) made ill-formed
    const userAt = at + 4 + 4 + 1;
    expect(String.fromCharCode(bytes[userAt])).toBe(p.leaf.userId);
    const badUtf8 = bytes.slice();
    badUtf8[userAt] = 0xc0;
    expect(() => decodeProof(badUtf8)).toThrow(/user id at byte \d+ is not UTF-8/);
    expect(() => encodeProof({ ...p, leaf: { ...p.leaf, balances: ['-1', '0'] } })).toThrow(/non-negative/);
    expect(() => encodeProof({ ...p, leaf: { ...p.leaf, balances: [UINT128_LIMIT.toString(), '0'] } })).toThrow(
      /128 bits/,
    );
  });

  it('base64url agrees with Node and refuses stray bits', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(toBase64url(b)).toBe(Buffer.from(b).toString('base64url'));
        expect(fromBase64url(toBase64url(b))).toEqual(b);
      }),
    );
    expect(() => fromBase64url('AB')).toThrow(/stray/);
  });

  it('a 20-step, 5-coin proof with 64-bit sums is under 3 KB as text', () => {
    const big = ((1n << 64n) - 1n).toString();
    const five = Array.from({ length: 5 }, () => big);
    const p: LiabilityProof = {
      snapshot: {
        id: 1,
        rootHash: '00'.repeat(32),
        coins: ['BTC', 'ETH', 'USDT', 'USDC', 'TRX'].map((symbol) => ({ symbol, decimals: 8 })),
        totals: five,
        takenAt: '2026-11-29T00:00:00.000Z',
        journalId: '123456789',
        leafCount: 1_000_000,
      },
      leaf: { index: 500_123, userId: '1000000', salt: '11'.repeat(32), balances: five, hash: '22'.repeat(32) },
      path: Array.from({ length: 20 }, () => ({ side: 'L' as const, hash: '33'.repeat(32), sums: five })),
    };
    expect(encodeProofText(p).length).toBeLessThan(3072);
  });
});

describe('a changed byte breaks the served proof', () => {
  it('any change to a committed byte (leaf, sibling hash or sum, root, total) fails to decode or to verify', async () => {
    await fc.assert(
      fc.asyncProperty(rows, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 255 }), async (r, pick, where, xor) => {
        const p = realProof(r, pick);
        const bytes = encodeProof(p);
        expect((await verifyEncodedProof(bytes, subtle)).result.ok).toBe(true);
        const ranges = committedRanges(p, bytes.length);
        const span = ranges.reduce((n, [a, b]) => n + b - a, 0);
        let at = where % span;
        for (const [a, b] of ranges) {
          if (at < b - a) {
            at += a;
            break;
          }
          at -= b - a;
        }
        const bad = bytes.slice();
        bad[at] ^= xor;
        const { result } = await verifyEncodedProof(toBase64url(bad), subtle);
        expect(result.ok, `byte ${at} changed`).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('a proof that does not decode fails at "format" with the reason', async () => {
    const p = realProof(
      [
        [1n, 2n],
        [3n, 4n],
      ],
      1,
    );
    const r = await verifyEncodedProof(toBase64url(encodeProof(p).subarray(0, -6)), subtle);
    expect(r.proof).toBeNull();
    expect(r.result.failedAt).toEqual({ step: 'format', reason: expect.stringMatching(/ends at byte/) });
  });
});
