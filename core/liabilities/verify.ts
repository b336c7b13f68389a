/**
 * Checking a proof or a published leaf list without trusting the server: everything is recomputed
 * from the salt, the user id, the balances and the path, and each failure names its step.
 */
import {
  AMOUNT_BYTES,
  HASH_BYTES,
  NODE_TAG,
  checkAmount,
  commitmentInput,
  fromHex,
  leafInput,
  nodeInputLength,
  toHex,
  writeUint128,
} from './encoding';
import { ProofFormatError, decodeProof, decodeProofText } from './proof-bytes';
import { buildTree, leafLevel, pathPlan, treeRoot } from './tree';
import type { Hasher, LiabilityLeafList, LiabilityProof, VerifyResult, VerifyStep } from './types';

class StepError extends Error {}

/** a wire amount as bigint, or a StepError saying what is wrong with it */
function amount(s: unknown, what: string): bigint {
  if (typeof s !== 'string' || !/^-?\d+$/.test(s))
    throw new StepError(`${what} is not an integer amount: ${JSON.stringify(s)}`);
  const v = BigInt(s);
  if (v < 0n) throw new StepError(`${what} is negative: ${s}`);
  try {
    checkAmount(v);
  } catch {
    throw new StepError(`${what} does not fit 128 bits: ${s}`);
  }
  return v;
}

function amounts(list: unknown, k: number, what: string): bigint[] {
  if (!Array.isArray(list) || list.length !== k) throw new StepError(`${what}: expected ${k} amounts, one per coin`);
  return list.map((s, i) => amount(s, `${what}[${i}]`));
}

function hash32(hex: unknown, what: string): Uint8Array {
  try {
    if (typeof hex !== 'string') throw new Error();
    return fromHex(hex, HASH_BYTES);
  } catch {
    throw new StepError(`${what} is not 32 bytes of hex`);
  }
}

/** the leaf's own hash, recomputed from salt + user id + balances */
async function leafHash(
  proof: LiabilityProof,
  k: number,
  hasher: Hasher,
): Promise<{ hash: string; balances: bigint[] }> {
  const { leaf, snapshot } = proof;
  const balances = amounts(leaf.balances, k, 'leaf balances');
  amounts(snapshot.totals, k, 'snapshot totals');
  let salt: Uint8Array;
  try {
    salt = fromHex(leaf.salt, 32);
  } catch {
    throw new StepError('the salt is not 32 bytes of hex');
  }
  const commitment = await hasher(commitmentInput(salt, String(leaf.userId)));
  const hash = toHex(await hasher(leafInput(commitment, balances)));
  if (hash !== String(leaf.hash).toLowerCase())
    throw new StepError(`leaf hash differs: computed ${hash}, the proof says ${leaf.hash}`);
  return { hash, balances };
}

export async function verifyProof(proof: LiabilityProof, hasher: Hasher): Promise<VerifyResult> {
  const steps: VerifyStep[] = [];
  const k = proof?.snapshot?.coins?.length ?? 0;
  let cur: { hash: Uint8Array; sums: bigint[] };
  try {
    const leaf = await leafHash(proof, k, hasher);
    cur = { hash: fromHex(leaf.hash), sums: leaf.balances };
    const { index } = proof.leaf;
    const { leafCount } = proof.snapshot;
    if (!Number.isInteger(index) || !Number.isInteger(leafCount) || index < 0 || index >= leafCount)
      throw new StepError(`leaf index ${index} is not in a tree of ${leafCount} leaves`);
  } catch (e) {
    return { ok: false, steps, failedAt: { step: 'leaf', reason: reasonOf(e) } };
  }
  const plan = pathPlan(proof.leaf.index, proof.snapshot.leafCount);
  const path = Array.isArray(proof.path) ? proof.path : [];
  for (let i = 0; i < path.length; i++) {
    try {
      cur = await climb(cur, path[i], plan[i], k, hasher, i);
      steps.push({ level: plan[i].level, hash: toHex(cur.hash), sums: cur.sums.map(String), ok: true });
    } catch (e) {
      steps.push({ level: plan[i]?.level ?? i + 1, hash: '', sums: [], ok: false });
      return { ok: false, steps, failedAt: { step: i, reason: reasonOf(e) } };
    }
  }
  const rootReason = rootMismatch(proof, cur, path.length, plan.length);
  return rootReason ? { ok: false, steps, failedAt: { step: 'root', reason: rootReason } } : { ok: true, steps };
}

/**
 * Decodes a served proof (base64url text, or its bytes) and verifies it. A proof that does not
 * decode fails at 'format' with the decoder's reason (and `proof` null); the page shows each step
 * of `proof` beside `result`.
 */
export async function verifyEncodedProof(
  encoded: string | Uint8Array,
  hasher: Hasher,
): Promise<{ proof: LiabilityProof | null; result: VerifyResult }> {
  let proof: LiabilityProof;
  try {
    proof = typeof encoded === 'string' ? decodeProofText(encoded) : decodeProof(encoded);
  } catch (e) {
    if (!(e instanceof ProofFormatError)) throw e;
    return { proof: null, result: { ok: false, steps: [], failedAt: { step: 'format', reason: e.message } } };
  }
  return { proof, result: await verifyProof(proof, hasher) };
}

/** one step up: combine the current node with the sibling the path gives */
async function climb(
  cur: { hash: Uint8Array; sums: bigint[] },
  step: LiabilityProof['path'][number],
  expected: { level: number; side: 'L' | 'R' } | undefined,
  k: number,
  hasher: Hasher,
  i: number,
): Promise<{ hash: Uint8Array; sums: bigint[] }> {
  if (!expected) throw new StepError(`a tree of this many leaves has only ${i} steps on this leaf's path`);
  if (step?.side !== expected.side)
    throw new StepError(
      `the sibling should be on the ${expected.side === 'L' ? 'left' : 'right'} for this leaf's index`,
    );
  const sibling = hash32(step.hash, `step ${i} sibling hash`);
  const sibSums = amounts(step.sums, k, `step ${i} sibling sums`);
  const sums = cur.sums.map((v, j) => v + sibSums[j]);
  const buf = new Uint8Array(nodeInputLength(k));
  buf[0] = NODE_TAG;
  buf.set(step.side === 'L' ? sibling : cur.hash, 1);
  buf.set(step.side === 'L' ? cur.hash : sibling, 1 + HASH_BYTES);
  sums.forEach((v, j) => {
    try {
      writeUint128(buf, 1 + 2 * HASH_BYTES + j * AMOUNT_BYTES, v);
    } catch {
      throw new StepError(`step ${i}: the sum of coin ${j} does not fit 128 bits`);
    }
  });
  return { hash: await hasher(buf), sums };
}

function rootMismatch(
  proof: LiabilityProof,
  cur: { hash: Uint8Array; sums: bigint[] },
  pathLen: number,
  planLen: number,
): string | undefined {
  if (pathLen < planLen) return `the path stops after ${pathLen} of ${planLen} steps`;
  const hash = toHex(cur.hash);
  if (hash !== String(proof.snapshot.rootHash).toLowerCase())
    return `computed root ${hash} differs from the published root ${proof.snapshot.rootHash}`;
  const bad = cur.sums.findIndex((v, j) => v.toString() !== proof.snapshot.totals[j]);
  if (bad >= 0)
    return `computed total ${cur.sums[bad]} of ${proof.snapshot.coins[bad]?.symbol} differs from the published ${proof.snapshot.totals[bad]}`;
  return undefined;
}

function reasonOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export interface LeafListCheck {
  name: 'count' | 'balances' | 'order' | 'totals' | 'root';
  ok: boolean;
  detail: string;
}

/**
 * Checks a published leaf list: the count, that every balance is a non-negative uint128, the
 * order (strictly ascending hashes), the column totals, and the root recomputed from the list.
 * Stops at the first failed check.
 */
export async function verifyLeafList(
  list: LiabilityLeafList,
  hasher: Hasher,
): Promise<{ ok: boolean; checks: LeafListCheck[] }> {
  const checks: LeafListCheck[] = [];
  const fail = (name: LeafListCheck['name'], detail: string) => (
    checks.push({ name, ok: false, detail }),
    { ok: false, checks }
  );
  const { snapshot, leaves } = list;
  const k = snapshot.coins.length;
  if (!Array.isArray(leaves) || leaves.length !== snapshot.leafCount)
    return fail('count', `${leaves?.length} leaves listed, the snapshot says ${snapshot.leafCount}`);
  checks.push({ name: 'count', ok: true, detail: `${leaves.length} leaves` });
  let parsed: Array<{ hash: Uint8Array; balances: bigint[] }>;
  let totals: bigint[];
  try {
    totals = amounts(snapshot.totals, k, 'snapshot totals');
    parsed = leaves.map((l, i) => ({
      hash: hash32(l.hash, `leaf ${i} hash`),
      balances: amounts(l.balances, k, `leaf ${i} (${l.hash}) balances`),
    }));
  } catch (e) {
    return fail('balances', reasonOf(e));
  }
  checks.push({ name: 'balances', ok: true, detail: 'every balance is a non-negative 128-bit integer' });
  const unordered = leaves.findIndex((l, i) => i > 0 && !(leaves[i - 1].hash.toLowerCase() < l.hash.toLowerCase()));
  if (unordered >= 0)
    return fail(
      'order',
      `leaf ${unordered} (${leaves[unordered].hash}) is not after leaf ${unordered - 1} in hash order`,
    );
  checks.push({ name: 'order', ok: true, detail: 'leaves in strictly ascending hash order' });
  const sums = totals.map((_, j) => parsed.reduce((s, l) => s + l.balances[j], 0n));
  const badCoin = sums.findIndex((s, j) => s !== totals[j]);
  if (badCoin >= 0)
    return fail(
      'totals',
      `${snapshot.coins[badCoin].symbol}: the leaves add up to ${sums[badCoin]}, the snapshot says ${totals[badCoin]}`,
    );
  checks.push({ name: 'totals', ok: true, detail: snapshot.coins.map((c, j) => `${c.symbol} ${sums[j]}`).join(', ') });
  let root: { hash: string; sums: string[] };
  try {
    root = treeRoot(await buildTree(leafLevel(parsed, k), k, hasher));
  } catch (e) {
    return fail('root', reasonOf(e));
  }
  if (root.hash !== snapshot.rootHash.toLowerCase())
    return fail('root', `recomputed root ${root.hash} differs from the published ${snapshot.rootHash}`);
  checks.push({ name: 'root', ok: true, detail: root.hash });
  return { ok: true, checks };
}
