/**
 * Checks a proof of liabilities without trusting the server; it needs only this file and
 * core/liabilities (docs/liabilities.md has the encoding to write your own).
 *   npx tsx scripts/verify-liabilities.ts proof.json             your proof, as downloaded from /api/liabilities/:id/proof
 *   npx tsx scripts/verify-liabilities.ts --leaves leaves.json   the published leaf list (/api/liabilities/:id/leaves)
 * A proof file is the API's answer (the envelope), the JSON string it carries, the bare base64url
 * text, or the raw bytes; a leaf list is the file or its envelope. Prints each step; exit 0 when
 * all hold, 1 naming the step that broke (`format` when the proof's bytes are malformed), 2 when
 * the file cannot be read.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  PROOF_MAGIC,
  fromUnits,
  verifyEncodedProof,
  verifyLeafList,
  type Hasher,
  type LiabilityLeafList,
  type LiabilityProof,
  type VerifyResult,
} from '../core/liabilities/index';

const sha256: Hasher = async (bytes) => createHash('sha256').update(bytes).digest();

/** the document inside an envelope ({type, code, message}, or {code, msg, data}) or the document itself */
function unwrap(doc: unknown): unknown {
  if (doc && typeof doc === 'object') {
    const o = doc as Record<string, unknown>;
    if ('snapshot' in o || o.type === 'error') return o;
    // a proof's envelope carries its text; a leaf list's, the document
    for (const inner of [o.message, o.data])
      if (typeof inner === 'string' || (inner && typeof inner === 'object')) return inner;
  }
  return doc;
}

function read(file: string): unknown {
  return unwrap(JSON.parse(readFileSync(file, 'utf8')));
}

/** a proof file's content as what verifyEncodedProof takes: raw bytes as they are, text unwrapped from JSON */
function proofContent(file: string): string | Uint8Array {
  const raw = readFileSync(file);
  if (PROOF_MAGIC.every((b, i) => raw[i] === b)) return new Uint8Array(raw);
  const text = raw.toString('utf8').trim();
  if (!text.startsWith('{') && !text.startsWith('"')) return text;
  const doc = unwrap(JSON.parse(text));
  if (typeof doc !== 'string') throw new Error('the JSON holds no proof text (the API answer, or its message)');
  return doc;
}

async function checkProof(content: string | Uint8Array): Promise<number> {
  const { proof, result } = await verifyEncodedProof(content, sha256);
  if (!proof) return fail('format', result.failedAt?.reason ?? 'not a proof');
  printProof(proof);
  return printResult(proof, result);
}

function printProof(proof: LiabilityProof): void {
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
}

function printResult(proof: LiabilityProof, r: VerifyResult): number {
  if (r.failedAt?.step === 'leaf') return fail('leaf', r.failedAt.reason);
  console.log(`ok   leaf hash ${proof.leaf.hash} = SHA-256 of your salt, user id and balances`);
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
    doc = leavesAt >= 0 ? read(file) : proofContent(file);
  } catch (e) {
    console.error(`cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  if (leavesAt < 0) return checkProof(doc as string | Uint8Array);
  if (!doc || typeof doc !== 'object' || !('snapshot' in doc)) {
    console.error(`${file} is not a liabilities leaf list`);
    return 2;
  }
  return checkLeaves(doc as LiabilityLeafList);
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
