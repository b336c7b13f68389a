/**
 * Proof of liabilities: building a snapshot's Merkle-sum tree in memory (not the database).
 *
 *   npx tsx bench/liabilities.ts                 1,000,000 synthetic users × 5 coins
 *   npx tsx bench/liabilities.ts --smoke         10,000 users (seconds; what `npm run bench -- --quick` runs)
 *   npx tsx bench/liabilities.ts --users=200000 --naive=2
 *
 * Method
 * - Each user gets a 32-byte salt and 5 balances (seeded; 8-decimal coins, heavy-tailed up to 10^6
 *   coins, 15 % zero): the leaf
 *   is hashed as the server does it (core's commitmentInput / leafInput, node:crypto's SHA-256),
 *   the leaves are sorted by hash, and core's buildTreeSync adds the uint128 sums byte-wise and
 *   hashes each node from one reused input buffer. Timed in three phases: leaves, sort, tree.
 * - Memory: the process's peak RSS (getrusage) and the V8 heap after the build; the tree's levels
 *   are flat ArrayBuffers, outside the heap (counted in `arrayBuffers`).
 * - A proof: sliced from the built tree for a random leaf and verified as served. Its size is the
 *   body GET /api/liabilities/:id/proof returns, uncompressed: the envelope
 *   {"type":"ok","code":1,"message":"<base64url of core's binary layout>"} (and gzipped); beside it
 *   the raw layout and the earlier JSON form of the same proof.
 * - Baseline: serving proofs by rebuilding the tree for each one (what a server without the
 *   built tree in memory does), timed on `naive` rebuilds and extrapolated to every user asking
 *   once, against building once and slicing each path (timed on 10,000 slices).
 * Goals on 2 cores: tree in ≤ 60 s with ≤ 1 GB, a proof ≤ 3 KB.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { gzipSync } from 'node:zlib';
import {
  AMOUNT_BYTES,
  HASH_BYTES,
  buildTreeSync,
  commitmentInput,
  encodeProof,
  encodeProofText,
  leafInput,
  proofPath,
  toHex,
  treeRoot,
  verifyEncodedProof,
  type Hasher,
  type LiabilityProof,
  type LiabilityTree,
  type SyncHasher,
  type TreeLevel,
} from '../core/liabilities/index';

const COINS = 5;
const sha: SyncHasher = (b) => createHash('sha256').update(b).digest();
const shaAsync: Hasher = async (b) => sha(b);

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LiabilitiesBench {
  users: number;
  coins: number;
  leavesMs: number;
  sortMs: number;
  treeMs: number;
  totalMs: number;
  peakRssMB: number;
  heapUsedMB: number;
  arrayBuffersMB: number;
  /** the HTTP body of the proof route, uncompressed */
  proofBytes: number;
  proofGzipBytes: number;
  /** the binary layout alone */
  proofRawBytes: number;
  /** the same proof as the earlier JSON form ({ snapshot, leaf, path } with hex and decimal strings) */
  proofJsonBytes: number;
  proofSteps: number;
  proofVerified: boolean;
  naive: { rebuilds: number; perProofMs: number; allUsersS: number };
  sliced: { perProofMs: number; allUsersS: number };
  ratio: number;
  goals: { treeUnder60s: boolean; rssUnder1GB: boolean; proofUnder3KB: boolean };
  /** the machine's load average at the end: the times are only comparable at a similar load */
  loadavg: number[];
}

/** the leaf level of `n` synthetic users, sorted by leaf hash, and each leaf's user and salt */
function syntheticLeaves(n: number): {
  level: TreeLevel;
  users: Uint32Array;
  salts: Uint8Array;
  balances: (i: number) => bigint[];
} {
  const r = rng(42);
  const salts = new Uint8Array(n * 32);
  for (let i = 0; i < salts.length; i += 4) new DataView(salts.buffer).setUint32(i, (r() * 2 ** 32) >>> 0);
  // 8-decimal coins, heavy-tailed balances up to 10^6 coins (10^14 units), 15 % zero
  const units = new Float64Array(n * COINS).map(() => (r() < 0.15 ? 0 : Math.floor(r() ** 4 * 1e14)));
  const balances = (i: number) => Array.from({ length: COINS }, (_, j) => BigInt(units[i * COINS + j]));
  const hashes = new Uint8Array(n * HASH_BYTES);
  for (let i = 0; i < n; i++)
    hashes.set(
      sha(leafInput(sha(commitmentInput(salts.subarray(i * 32, i * 32 + 32), String(i + 1))), balances(i))),
      i * HASH_BYTES,
    );
  return {
    level: { count: n, hashes, sums: new Uint8Array(0) },
    users: new Uint32Array(n).map((_, i) => i),
    salts,
    balances,
  };
}

function sortIntoLevel(n: number, raw: ReturnType<typeof syntheticLeaves>): { level: TreeLevel; order: Uint32Array } {
  const h = raw.level.hashes;
  const at = (i: number) => h.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES);
  // compared in place (no subarray per comparison): the sort does ~20 M of them at a million leaves
  const order = raw.users.sort((x, y) => {
    for (let k = 0, a = x * HASH_BYTES, b = y * HASH_BYTES; k < HASH_BYTES; k++)
      if (h[a + k] !== h[b + k]) return h[a + k] - h[b + k];
    return 0;
  });
  const rec = COINS * AMOUNT_BYTES;
  const level: TreeLevel = { count: n, hashes: new Uint8Array(n * HASH_BYTES), sums: new Uint8Array(n * rec) };
  const view = new DataView(level.sums.buffer);
  order.forEach((u, i) => {
    level.hashes.set(at(u), i * HASH_BYTES);
    raw.balances(u).forEach((b, j) => {
      view.setBigUint64(i * rec + j * AMOUNT_BYTES, b >> 64n);
      view.setBigUint64(i * rec + j * AMOUNT_BYTES + 8, b & 0xffffffffffffffffn);
    });
  });
  return { level, order };
}

function proofFor(
  tree: LiabilityTree,
  raw: ReturnType<typeof syntheticLeaves>,
  order: Uint32Array,
  index: number,
): LiabilityProof {
  const root = treeRoot(tree);
  const u = order[index];
  return {
    snapshot: {
      id: 1,
      rootHash: root.hash,
      coins: Array.from({ length: COINS }, (_, j) => ({ symbol: `COIN${j}`, decimals: 8 })),
      totals: root.sums,
      takenAt: new Date(0).toISOString(),
      journalId: '1',
      leafCount: tree.levels[0].count,
    },
    leaf: {
      index,
      userId: String(u + 1),
      salt: toHex(raw.salts, u * 32, 32),
      balances: raw.balances(u).map(String),
      hash: toHex(tree.levels[0].hashes, index * HASH_BYTES, HASH_BYTES),
    },
    path: proofPath(tree, index),
  };
}

export async function runLiabilitiesBench(opts: { users?: number; naive?: number } = {}): Promise<LiabilitiesBench> {
  const n = opts.users ?? 1_000_000;
  const naiveRuns = opts.naive ?? 2;
  const t0 = performance.now();
  const raw = syntheticLeaves(n);
  const t1 = performance.now();
  const { level, order } = sortIntoLevel(n, raw);
  const t2 = performance.now();
  const tree = buildTreeSync(level, COINS, sha);
  const t3 = performance.now();
  const mem = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const peakRssMB = process.resourceUsage().maxRSS / 1024;
  const proof = proofFor(tree, raw, order, Math.floor(rng(7)() * n));
  // the route's body: the app's envelope (server/kernel/envelope.ts ok()) around the proof's text
  const served = JSON.stringify({ type: 'ok', code: 1, message: encodeProofText(proof) });
  const proofBytes = Buffer.byteLength(served);
  const proofGzipBytes = gzipSync(served).length;
  const proofVerified = (await verifyEncodedProof(JSON.parse(served).message as string, shaAsync)).result.ok;
  // naive: a fresh tree per proof (from the stored, sorted leaves), then the path
  const n0 = performance.now();
  for (let k = 0; k < naiveRuns; k++) proofPath(buildTreeSync(level, COINS, sha), (k * 7919) % n);
  const naivePer = (performance.now() - n0) / Math.max(1, naiveRuns);
  const SLICES = Math.min(10_000, n);
  const s0 = performance.now();
  for (let k = 0; k < SLICES; k++) proofPath(tree, (k * 104_729) % n);
  const slicePer = (performance.now() - s0) / SLICES;
  const treeMs = t3 - t0;
  return {
    users: n,
    coins: COINS,
    leavesMs: Math.round(t1 - t0),
    sortMs: Math.round(t2 - t1),
    treeMs: Math.round(t3 - t2),
    totalMs: Math.round(treeMs),
    peakRssMB: Math.round(peakRssMB),
    heapUsedMB: Math.round(heap.used_heap_size / 2 ** 20),
    arrayBuffersMB: Math.round(mem.arrayBuffers / 2 ** 20),
    proofBytes,
    proofGzipBytes,
    proofRawBytes: encodeProof(proof).length,
    proofJsonBytes: Buffer.byteLength(JSON.stringify(proof)),
    proofSteps: proof.path.length,
    proofVerified,
    naive: { rebuilds: naiveRuns, perProofMs: Math.round(naivePer), allUsersS: Math.round((naivePer * n) / 1000) },
    sliced: { perProofMs: Number(slicePer.toFixed(4)), allUsersS: Number(((treeMs + slicePer * n) / 1000).toFixed(1)) },
    ratio: Math.round((naivePer * n) / (treeMs + slicePer * n)),
    goals: { treeUnder60s: treeMs <= 60_000, rssUnder1GB: peakRssMB <= 1024, proofUnder3KB: proofBytes <= 3072 },
    loadavg: os.loadavg().map((v) => Number(v.toFixed(2))),
  };
}

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  return hit === undefined ? undefined : hit.includes('=') ? hit.slice(name.length + 3) : 'true';
}

async function main(): Promise<void> {
  const smoke = arg('smoke') === 'true' || arg('quick') === 'true';
  const r = await runLiabilitiesBench({
    users: Number(arg('users') ?? (smoke ? 10_000 : 1_000_000)),
    naive: Number(arg('naive') ?? 2),
  });
  console.log(
    `liabilities tree: ${r.users.toLocaleString('en')} users × ${r.coins} coins (load average ${r.loadavg.join(', ')} on ${os.cpus().length} cores)`,
  );
  console.log(
    `  built in ${(r.totalMs / 1000).toFixed(1)} s (leaves ${r.leavesMs} ms, sort ${r.sortMs} ms, tree ${r.treeMs} ms)   goal ≤ 60 s: ${r.goals.treeUnder60s ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  peak RSS ${r.peakRssMB} MB, heap used ${r.heapUsedMB} MB, array buffers ${r.arrayBuffersMB} MB   goal ≤ 1 GB: ${r.goals.rssUnder1GB ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  a proof as served: ${r.proofBytes} bytes (${r.proofGzipBytes} gzipped; layout ${r.proofRawBytes} bytes, as the earlier JSON ${r.proofJsonBytes}), ${r.proofSteps} steps, verifies: ${r.proofVerified}   goal ≤ 3 KB (3072 B): ${r.goals.proofUnder3KB ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  every user fetching a proof once — naive (rebuild per proof, ${r.naive.rebuilds} timed): ${r.naive.perProofMs} ms each, ${r.naive.allUsersS} s in all;`,
  );
  console.log(
    `    build once + slice: ${r.sliced.perProofMs} ms each, ${r.sliced.allUsersS} s in all  → ${r.ratio}× faster`,
  );
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${smoke ? 'quick-' : ''}liabilities.json`), JSON.stringify(r, null, 2) + '\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
