/**
 * Checks a proof of liabilities without trusting the server; it needs only this file and
 * core/liabilities (docs/liabilities.md has the encoding to write your own).
 *   npx tsx scripts/verify-liabilities.ts proof.json             your proof, as downloaded from /api/liabilities/:id/proof
 *   npx tsx scripts/verify-liabilities.ts --leaves leaves.json   the published leaf list (/api/liabilities/:id/leaves)
 * Either file may be the API's envelope or what it carries. Prints each step; exit 0 when all
 * hold, 1 naming the step that broke, 2 when the file cannot be read.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  fromUnits,
  verifyLeafList,
  verifyProof,
  type Hasher,
  type LiabilityLeafList,
  type LiabilityProof,
} from '../core/liabilities/index';

const sha256: Hasher = async (bytes) => createHash('sha256').update(bytes).digest();

/** the document inside an envelope ({type, code, message}, or {code, msg, data}) or the document itself */
function unwrap(doc: unknown): unknown {
  if (doc && typeof doc === 'object') {
    const o = doc as Record<string, unknown>;
    if ('snapshot' in o) return o;
    if (o.message && typeof o.message === 'object') return o.message;
    if (o.data && typeof o.data === 'object') return o.data;
  }
  return doc;
}

function read(file: string): unknown {
  return unwrap(JSON.parse(readFileSync(file, 'utf8')));
}

async function checkProof(proof: LiabilityProof): Promise<number> {
  const { snapshot, leaf } = proof;
  console.log(
    `snapshot ${snapshot.id} taken ${snapshot.takenAt} at journal id ${snapshot.journalId}, ${snapshot.leafCount} leaves`,
  );
  console.log(`root ${snapshot.rootHash}`);
  snapshot.coins.forEach((c, i) =>
    console.log(`  total ${c.symbol}: ${fromUnits(snapshot.totals[i] ?? '0', c.decimals)}`),
  );
  console.log(`your leaf #${leaf.index} (user ${leaf.userId}):`);
  snapshot.coins.forEach((c, i) => console.log(`  ${c.symbol}: ${fromUnits(leaf.balances[i] ?? '0', c.decimals)}`));
  const r = await verifyProof(proof, sha256);
  if (r.failedAt?.step === 'leaf') return fail('leaf', r.failedAt.reason);
  console.log(`ok   leaf hash ${leaf.hash} = SHA-256 of your salt, user id and balances`);
  for (const [i, s] of r.steps.entries()) {
    if (!s.ok) return fail(`step ${i}`, r.failedAt?.reason ?? 'failed');
    console.log(`ok   step ${i}: level ${s.level} node ${s.hash} sums ${s.sums.join(', ')}`);
  }
  if (r.failedAt) return fail(String(r.failedAt.step), r.failedAt.reason);
  console.log('ok   root: the path ends at the published root hash and totals');
  console.log('VERIFIED: your balances are a leaf of the published tree');
  return 0;
}

async function checkLeaves(list: LiabilityLeafList): Promise<number> {
  console.log(`snapshot ${list.snapshot.id}: root ${list.snapshot.rootHash}, ${list.snapshot.leafCount} leaves`);
  const r = await verifyLeafList(list, sha256);
  for (const c of r.checks) {
    if (!c.ok) return fail(c.name, c.detail);
    console.log(`ok   ${c.name}: ${c.detail}`);
  }
  console.log('VERIFIED: the leaf list adds up to the published totals and root');
  return 0;
}

function fail(step: string, reason: string): number {
  console.log(`FAIL ${step}: ${reason}`);
  return 1;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const leavesAt = args.indexOf('--leaves');
  const file = leavesAt >= 0 ? args[leavesAt + 1] : args[0];
  if (!file) {
    console.error('usage: verify-liabilities <proof.json> | --leaves <leaves.json>');
    return 2;
  }
  let doc: unknown;
  try {
    doc = read(file);
  } catch (e) {
    console.error(`cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  if (!doc || typeof doc !== 'object' || !('snapshot' in doc)) {
    console.error(`${file} is not a liabilities ${leavesAt >= 0 ? 'leaf list' : 'proof'}`);
    return 2;
  }
  return leavesAt >= 0 ? checkLeaves(doc as LiabilityLeafList) : checkProof(doc as LiabilityProof);
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
