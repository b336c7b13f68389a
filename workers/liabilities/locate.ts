import {
  buildTree,
  fromHex,
  leafLevel,
  proofPath,
  treeRoot,
  type Hasher,
  type LiabilityLeafList,
  type LiabilityProof,
} from '../../core/liabilities';

/** Where a proof parts from the published leaf list: the first path step (0-based) that differs, or why it cannot be said. */
export type Located =
  | { step: number; expected: { hash: string; sums: string[] } }
  | { step: null; reason: 'list-root' | 'no-leaf' | 'same' | 'unreadable' };

/**
 * A proof whose root does not match is only caught at the top (every step hashes whatever sums it
 * is given); the anonymised leaf list says which step was changed: rebuild the tree from it, check
 * its root is the published one, and compare the proof's path with the true path of the same leaf.
 */
export async function locateInList(proof: LiabilityProof, list: LiabilityLeafList, hasher: Hasher): Promise<Located> {
  const k = proof.snapshot.coins.length;
  let tree;
  try {
    const leaves = list.leaves.map((l) => ({ hash: fromHex(l.hash, 32), balances: l.balances.map((b) => BigInt(b)) }));
    tree = await buildTree(leafLevel(leaves, k), k, hasher);
  } catch {
    return { step: null, reason: 'unreadable' };
  }
  const root = treeRoot(tree);
  if (root.hash !== proof.snapshot.rootHash.toLowerCase() || root.sums.join() !== proof.snapshot.totals.join())
    return { step: null, reason: 'list-root' };
  const index = list.leaves.findIndex((l) => l.hash.toLowerCase() === String(proof.leaf.hash).toLowerCase());
  if (index < 0) return { step: null, reason: 'no-leaf' };
  const truth = proofPath(tree, index);
  for (let i = 0; i < truth.length; i++) {
    const got = proof.path[i];
    if (
      !got ||
      got.side !== truth[i].side ||
      got.hash.toLowerCase() !== truth[i].hash ||
      got.sums.join() !== truth[i].sums.join()
    )
      return { step: i, expected: { hash: truth[i].hash, sums: truth[i].sums } };
  }
  return { step: null, reason: 'same' };
}
