/**
 * Serving proofs and the leaf list. A snapshot's tree is rebuilt once from its stored leaves and
 * kept (the last few snapshots asked for); each proof is then a slice of it, no hashing.
 */
import {
  buildTreeSync,
  fromHex,
  leafLevel,
  proofPath,
  treeRoot,
  type LiabilityLeafList,
  type LiabilityProof,
  type LiabilityTree,
} from '../../../../core';
import type { Db } from '../../../db/schema';
import { AppError } from '../../../errors';
import { sha256Sync } from './hash';
import { getSnapshot } from './summary';

const KEEP = 3;
const trees = new Map<number, Promise<LiabilityTree>>();

async function loadTree(db: Db, id: number, coinCount: number, rootHash: string): Promise<LiabilityTree> {
  const rows = await db
    .selectFrom('liability_leaves')
    .select(['hash', 'balances'])
    .where('snapshot_id', '=', id)
    .orderBy('leaf_index')
    .execute();
  const tree = buildTreeSync(
    leafLevel(
      rows.map((r) => ({ hash: fromHex(r.hash), balances: r.balances.map(BigInt) })),
      coinCount,
    ),
    coinCount,
    sha256Sync,
  );
  // the stored leaves must give the published root; anything else is a fault to report, not serve
  if (treeRoot(tree).hash !== rootHash)
    throw new Error(`liabilities snapshot ${id}: stored leaves do not give the published root`);
  return tree;
}

function treeOf(db: Db, id: number, coinCount: number, rootHash: string): Promise<LiabilityTree> {
  let t = trees.get(id);
  if (!t) {
    t = loadTree(db, id, coinCount, rootHash);
    t.catch(() => trees.delete(id));
    trees.set(id, t);
    while (trees.size > KEEP) trees.delete(trees.keys().next().value!);
  }
  return t;
}

/** the caller's own proof in snapshot `id`: their leaf (with its salt) and the path to the root */
export async function proofFor(db: Db, id: number, userId: number): Promise<LiabilityProof> {
  const snapshot = await getSnapshot(db, id);
  if (!snapshot) throw new AppError('liabilities_not_found');
  const leaf = await db
    .selectFrom('liability_leaves')
    .select(['leaf_index', 'salt', 'hash', 'balances'])
    .where('snapshot_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!leaf) throw new AppError('liabilities_no_leaf');
  const tree = await treeOf(db, id, snapshot.coins.length, snapshot.rootHash);
  return {
    snapshot,
    leaf: { index: leaf.leaf_index, userId: String(userId), salt: leaf.salt, balances: leaf.balances, hash: leaf.hash },
    path: proofPath(tree, leaf.leaf_index),
  };
}

/** the anonymised leaf list: hashes and balances in tree order, no user ids, no salts */
export async function leafList(db: Db, id: number): Promise<LiabilityLeafList> {
  const snapshot = await getSnapshot(db, id);
  if (!snapshot) throw new AppError('liabilities_not_found');
  const rows = await db
    .selectFrom('liability_leaves')
    .select(['hash', 'balances'])
    .where('snapshot_id', '=', id)
    .orderBy('leaf_index')
    .execute();
  return { snapshot, leaves: rows.map((r) => ({ hash: r.hash, balances: r.balances })) };
}
