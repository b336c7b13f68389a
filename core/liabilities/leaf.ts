/** From a user's salt, id and balances to their leaf, and from all users to the sorted tree. */
import { commitmentInput, leafInput } from './encoding';
import { buildTree, buildTreeSync, leafLevel, sortLeaves, type LiabilityTree, type TreeLeaf } from './tree';
import type { Hasher, SyncHasher } from './types';

export interface UserBalances {
  userId: string;
  /** 32 bytes */
  salt: Uint8Array;
  /** units, in the snapshot's coin order */
  balances: readonly bigint[];
}

export interface UserLeaf extends TreeLeaf {
  userId: string;
  salt: Uint8Array;
}

export function makeLeafSync(user: UserBalances, hash: SyncHasher): UserLeaf {
  const commitment = hash(commitmentInput(user.salt, user.userId));
  return { ...user, hash: hash(leafInput(commitment, user.balances)) };
}

async function makeLeaf(user: UserBalances, hasher: Hasher): Promise<UserLeaf> {
  const commitment = await hasher(commitmentInput(user.salt, user.userId));
  return { ...user, hash: await hasher(leafInput(commitment, user.balances)) };
}

/** every user's leaf, sorted into tree order, and the tree over them (leaves[i] is leaf index i) */
export function buildUserTreeSync(
  users: readonly UserBalances[],
  coinCount: number,
  hash: SyncHasher,
): { leaves: UserLeaf[]; tree: LiabilityTree } {
  const leaves = sortLeaves(users.map((u) => makeLeafSync(u, hash)));
  return { leaves, tree: buildTreeSync(leafLevel(leaves, coinCount), coinCount, hash) };
}

export async function buildUserTree(
  users: readonly UserBalances[],
  coinCount: number,
  hasher: Hasher,
): Promise<{ leaves: UserLeaf[]; tree: LiabilityTree }> {
  const leaves: UserLeaf[] = [];
  for (const u of users) leaves.push(await makeLeaf(u, hasher));
  const sorted = sortLeaves(leaves);
  return { leaves: sorted, tree: await buildTree(leafLevel(sorted, coinCount), coinCount, hasher) };
}
