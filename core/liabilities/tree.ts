/**
 * The Merkle-sum tree: leaves in ascending leaf-hash order (so a position says nothing about the
 * user), combined level by level in pairs; an odd last node at a level is carried up unchanged.
 * Each level keeps its hashes and encoded sums in two flat byte arrays, so a million leaves cost
 * a few hundred MB and no per-node objects; the sums are added byte-wise, without bigints.
 */
import {
  AMOUNT_BYTES,
  AmountRangeError,
  HASH_BYTES,
  NODE_TAG,
  addUint128,
  nodeInputLength,
  sumsToStrings,
  toHex,
  writeUint128,
} from './encoding';
import type { Hasher, LiabilityPathStep, SyncHasher } from './types';

export interface TreeLevel {
  count: number;
  /** count × 32 bytes */
  hashes: Uint8Array;
  /** count × coinCount × 16 bytes, uint128 big-endian */
  sums: Uint8Array;
}

export interface LiabilityTree {
  coinCount: number;
  /** levels[0] = the leaves; the last level has the root (or nothing, for an empty tree) */
  levels: TreeLevel[];
}

export interface TreeLeaf {
  hash: Uint8Array;
  balances: readonly bigint[];
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** the leaves in the tree's order (ascending leaf hash), as a new array */
export function sortLeaves<T extends { hash: Uint8Array }>(leaves: readonly T[]): T[] {
  return leaves.slice().sort((a, b) => compareBytes(a.hash, b.hash));
}

/** packs sorted leaves into level 0; refuses a negative or ≥ 2^128 balance */
export function leafLevel(leaves: readonly TreeLeaf[], coinCount: number): TreeLevel {
  const rec = coinCount * AMOUNT_BYTES;
  const level: TreeLevel = {
    count: leaves.length,
    hashes: new Uint8Array(leaves.length * HASH_BYTES),
    sums: new Uint8Array(leaves.length * rec),
  };
  leaves.forEach((leaf, i) => {
    if (leaf.hash.length !== HASH_BYTES) throw new RangeError(`leaf ${i}: hash must be ${HASH_BYTES} bytes`);
    if (leaf.balances.length !== coinCount)
      throw new RangeError(`leaf ${i}: ${leaf.balances.length} balances for ${coinCount} coins`);
    level.hashes.set(leaf.hash, i * HASH_BYTES);
    leaf.balances.forEach((b, j) => writeUint128(level.sums, i * rec + j * AMOUNT_BYTES, b));
  });
  return level;
}

function emptyLevel(count: number, coinCount: number): TreeLevel {
  return { count, hashes: new Uint8Array(count * HASH_BYTES), sums: new Uint8Array(count * coinCount * AMOUNT_BYTES) };
}

/**
 * Fills `buf` with the hash input of parent p (children 2p, 2p+1) and writes its sums into `next`.
 * Throws AmountRangeError when a sum reaches 2^128.
 */
function prepareParent(level: TreeLevel, next: TreeLevel, coinCount: number, p: number, buf: Uint8Array): void {
  const rec = coinCount * AMOUNT_BYTES;
  const l = 2 * p;
  buf[0] = NODE_TAG;
  buf.set(level.hashes.subarray(l * HASH_BYTES, (l + 2) * HASH_BYTES), 1);
  for (let j = 0; j < coinCount; j++) {
    const at = 1 + 2 * HASH_BYTES + j * AMOUNT_BYTES;
    if (!addUint128(buf, at, level.sums, l * rec + j * AMOUNT_BYTES, level.sums, (l + 1) * rec + j * AMOUNT_BYTES)) {
      throw new AmountRangeError(`sum of coin ${j} at level ${level.count} nodes, pair ${p}, does not fit 128 bits`);
    }
  }
  next.sums.set(buf.subarray(1 + 2 * HASH_BYTES), p * rec);
}

function carryLast(level: TreeLevel, next: TreeLevel, coinCount: number): void {
  if (level.count % 2 === 0) return;
  const rec = coinCount * AMOUNT_BYTES;
  const last = level.count - 1;
  next.hashes.set(level.hashes.subarray(last * HASH_BYTES), (next.count - 1) * HASH_BYTES);
  next.sums.set(level.sums.subarray(last * rec), (next.count - 1) * rec);
}

/** builds every level with a synchronous hasher (the server's path: one reused input buffer) */
export function buildTreeSync(level0: TreeLevel, coinCount: number, hash: SyncHasher): LiabilityTree {
  const levels = [level0];
  const buf = new Uint8Array(nodeInputLength(coinCount));
  for (let level = level0; level.count > 1;) {
    const next = emptyLevel(Math.ceil(level.count / 2), coinCount);
    for (let p = 0; p < level.count >> 1; p++) {
      prepareParent(level, next, coinCount, p, buf);
      next.hashes.set(hash(buf), p * HASH_BYTES);
    }
    carryLast(level, next, coinCount);
    levels.push(next);
    level = next;
  }
  return { coinCount, levels };
}

/** the same tree with an async hasher (browser, worker, the standalone verifier) */
export async function buildTree(level0: TreeLevel, coinCount: number, hasher: Hasher): Promise<LiabilityTree> {
  const levels = [level0];
  const buf = new Uint8Array(nodeInputLength(coinCount));
  for (let level = level0; level.count > 1;) {
    const next = emptyLevel(Math.ceil(level.count / 2), coinCount);
    for (let p = 0; p < level.count >> 1; p++) {
      prepareParent(level, next, coinCount, p, buf);
      next.hashes.set(await hasher(buf), p * HASH_BYTES);
    }
    carryLast(level, next, coinCount);
    levels.push(next);
    level = next;
  }
  return { coinCount, levels };
}

/** root hash (hex) and sums; an empty tree's root is 32 zero bytes with zero sums */
export function treeRoot(tree: LiabilityTree): { hash: string; sums: string[] } {
  const top = tree.levels[tree.levels.length - 1];
  if (top.count === 0)
    return { hash: '00'.repeat(HASH_BYTES), sums: Array.from({ length: tree.coinCount }, () => '0') };
  return { hash: toHex(top.hashes, 0, HASH_BYTES), sums: sumsToStrings(top.sums, 0, tree.coinCount) };
}

/** the expected steps for leaf `index` of `leafCount`: the level each computes and the sibling's side */
export function pathPlan(index: number, leafCount: number): Array<{ level: number; side: 'L' | 'R' }> {
  const plan: Array<{ level: number; side: 'L' | 'R' }> = [];
  for (let i = index, n = leafCount, level = 1; n > 1; i >>= 1, n = Math.ceil(n / 2), level++) {
    if (i % 2 === 1) plan.push({ level, side: 'L' });
    else if (i + 1 < n) plan.push({ level, side: 'R' });
  }
  return plan;
}

/** the proof path of leaf `index`: sliced from the built tree, no hashing */
export function proofPath(tree: LiabilityTree, index: number): LiabilityPathStep[] {
  const leafCount = tree.levels[0].count;
  if (!Number.isInteger(index) || index < 0 || index >= leafCount)
    throw new RangeError(`no leaf ${index} in ${leafCount}`);
  const rec = tree.coinCount * AMOUNT_BYTES;
  return pathPlan(index, leafCount).map(({ level, side }) => {
    const below = tree.levels[level - 1];
    const i = index >> (level - 1);
    const sib = side === 'L' ? i - 1 : i + 1;
    return {
      side,
      hash: toHex(below.hashes, sib * HASH_BYTES, HASH_BYTES),
      sums: sumsToStrings(below.sums, sib * rec, tree.coinCount),
    };
  });
}
