/**
 * Proof of liabilities in the browser: how long the "Verify my balance" page's check of one proof
 * takes, for a proof from a 1,000,000-leaf tree with 5 coins (20 steps), in Debian's Chromium at 4×
 * CPU throttle. Goal: ≤ 20 ms per proof.
 *
 *   npx tsx bench/liabilities-browser.ts [--leaves=1000000] [--runs=200] [--throttle=4]
 *
 * The tree is built in Node with core's builder (node:crypto); the other users' leaves are random
 * hashes with random balances — the proof's cost depends only on its path (levels × coins), and the
 * user's own leaf is a real one (salt, id, balances). The page and its worker are bundled by Vite
 * (lib mode, no app build needed) and served from 127.0.0.1 (a secure context: SubtleCrypto).
 * Two figures: the main thread under the throttle (the worst case: CDP's throttle reaches the page,
 * not workers), and the worker round trip as the app calls it (worker unthrottled). Each run starts
 * from the served text (base64url of core's binary layout): decoding is part of the time.
 */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import {
  AMOUNT_BYTES,
  buildTreeSync,
  encodeProofText,
  HASH_BYTES,
  makeLeafSync,
  proofPath,
  toHex,
  treeRoot,
  writeUint128,
  type LiabilityCoin,
  type LiabilityProof,
  type TreeLevel,
} from '../core/liabilities';
import { arg, launchBrowser, machineInfo, ROOT, round, summarize, writeJson } from './browser/harness';

const COINS: LiabilityCoin[] = ['BTC', 'ETH', 'USDT', 'USDC', 'TRX'].map((symbol) => ({
  symbol,
  decimals: symbol.startsWith('USD') ? 6 : 8,
}));
const nodeSha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

/**
 * A real proof from a tree of `n` leaves: the user's own leaf (salt, id, balances) among random
 * ones. Level 0 is packed directly (random hashes, small balances written into their uint128 bytes):
 * a million leaf objects with bigints and a sort took minutes on the shared machine, and neither the
 * leaf order nor the others' balances change what verifying one path costs.
 */
export function benchProof(n: number): LiabilityProof {
  const k = COINS.length;
  const rec = k * AMOUNT_BYTES;
  const level0: TreeLevel = {
    count: n,
    hashes: new Uint8Array(randomBytes(n * HASH_BYTES)),
    sums: new Uint8Array(n * rec),
  };
  for (let i = 0; i < n; i++)
    for (let j = 0; j < k; j++) level0.sums[i * rec + (j + 1) * AMOUNT_BYTES - 1] = (i * 7 + j * 13) & 0xff;
  const me = makeLeafSync(
    {
      userId: '424242',
      salt: new Uint8Array(randomBytes(32)),
      balances: [150_000_000n, 2_500_000_000n, 12_345_678_900n, 0n, 77_000_000n],
    },
    nodeSha,
  );
  const index = Math.floor(n / 2) + 123;
  level0.hashes.set(me.hash, index * HASH_BYTES);
  me.balances.forEach((b, j) => writeUint128(level0.sums, index * rec + j * AMOUNT_BYTES, b));
  const tree = buildTreeSync(level0, k, nodeSha);
  const root = treeRoot(tree);
  return {
    snapshot: {
      id: 1,
      rootHash: root.hash,
      coins: COINS,
      totals: root.sums,
      takenAt: new Date(0).toISOString(),
      journalId: '1',
      leafCount: n,
    },
    leaf: { index, userId: me.userId, salt: toHex(me.salt), balances: me.balances.map(String), hash: toHex(me.hash) },
    path: proofPath(tree, index),
  };
}

/** one ES module bundle of `entry` (Vite lib mode, nothing written) */
async function bundle(entry: string): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(ROOT, entry), formats: ['es'], fileName: 'x' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(out) ? out[0] : out).output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error(`no bundle for ${entry}`);
  return chunk.code;
}

function serve(files: Record<string, string>): Promise<{ origin: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const body = files[(req.url ?? '/').split('?')[0]];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url?.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(body);
  });
  const port = Number(process.env.BENCH_PORT ?? 0);
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const a = server.address();
      resolve({
        origin: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : port}`,
        close: () => server.close(),
      });
    }),
  );
}

async function main(): Promise<void> {
  const leaves = Number(arg('leaves', '1000000'));
  const runs = Number(arg('runs', '200'));
  const throttle = Number(arg('throttle', '4'));
  let t0 = performance.now();
  const proof = benchProof(leaves);
  const served = encodeProofText(proof);
  console.log(
    `[bench] tree of ${leaves} leaves × ${COINS.length} coins built in ${round((performance.now() - t0) / 1000, 1)} s; the proof has ${proof.path.length} steps`,
  );
  t0 = performance.now();
  const [page, worker] = [
    await bundle('bench/liabilities-browser/page.ts'),
    await bundle('workers/liabilities/verify.worker.ts'),
  ];
  console.log(`[bench] bundled in ${round((performance.now() - t0) / 1000, 1)} s`);
  const site = await serve({
    '/': '<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>',
    '/page.js': page,
    '/worker.js': worker,
  });
  const browser = await launchBrowser();
  try {
    const ctx = await browser.newContext();
    const tab = await ctx.newPage();
    const cdp = await ctx.newCDPSession(tab);
    await tab.goto(site.origin);
    await tab.waitForFunction(() => typeof window.benchVerify === 'function');
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const results: Record<string, unknown> = {
      leaves,
      coins: COINS.length,
      steps: proof.path.length,
      proofTextBytes: served.length,
      throttle,
      runs,
    };
    for (const where of ['main', 'worker'] as const) {
      const r = await tab.evaluate(([p, n, w]) => window.benchVerify(p, n, w), [served, runs, where] as const);
      if (!r.ok) throw new Error(`${where}: the proof did not verify`);
      const s = summarize(r.ms);
      results[where] = { p50: round(s.p50, 2), p95: round(s.p95, 2), max: round(s.max, 2), mean: round(s.mean, 2) };
      const label =
        where === 'main'
          ? `main thread, ${throttle}× CPU throttle`
          : 'worker round trip (Comlink; the worker is not throttled)';
      console.log(
        `verify one proof (${proof.path.length} steps × ${COINS.length} coins), ${label}: p50 ${round(s.p50, 2)} ms, p95 ${round(s.p95, 2)} ms, max ${round(s.max, 2)} ms (goal ≤ 20 ms)`,
      );
    }
    console.log(JSON.stringify(results));
    writeJson('liabilities-browser.json', { machine: machineInfo(), ...results });
  } finally {
    await browser.close();
    site.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/liabilities-browser.ts')) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
