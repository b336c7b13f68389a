/**
 * Diagnosis, not a bench: does the app keep something per route change? Opens the built app (real
 * server, `--rate` ticks/s) with no CPU throttle, changes route `--warm` times through the soak's
 * cycle (bench/browser/churn-routes.ts) so every route and its bounded caches are filled, then takes
 * heap snapshots of the page and of the market worker (after a GC) at A, after `--changes` more
 * route changes at B, and after as many again at C. Prints, for each thread:
 *
 *  - heap used, DOM nodes and JS listeners (Performance.getMetrics), listeners on window and document;
 *  - the kinds (constructor, closure, or V8's internal kind) whose count or bytes grew over both
 *    batches, with bytes per route change: a leak grows in proportion to the changes, a bounded
 *    cache stops once every route has been seen;
 *  - the objects born during the first batch and still alive after the second, by kind, with the
 *    path that keeps a few of them alive;
 *  - the Maps and Sets that grew over both batches, and their paths.
 *
 *   npx tsx bench/browser/leak-probe.ts [--changes=200] [--warm=40] [--every=500] [--rate=10000]
 *     [--top=20] [--paths=3] [--save=DIR]
 *
 * `--save` writes the six .heapsnapshot files for DevTools' Memory panel. BENCH_PORT fixes the port.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { CHURN_ROUTES, churnTo } from './churn-routes';
import { arg, heaps, openBenchPage, pageMetrics, settle, sleep, withServerAndBrowser, type BenchPage } from './harness';
import {
  byKind,
  collectionSizes,
  distances,
  idSet,
  kindOf,
  parseSnapshot,
  retainerPath,
  retainers,
  type HeapGraph,
  type KindStat,
} from './heap-snapshot';

const changes = Number(arg('changes', '200'));
const warm = Number(arg('warm', '40'));
const everyMs = Number(arg('every', '500'));
const rate = Number(arg('rate', '10000'));
const top = Number(arg('top', '20'));
const paths = Number(arg('paths', '3'));
const saveDir = arg('save', '');

type Thread = 'main' | 'worker';

/** What is kept of one snapshot: the graph itself only for the last (paths are read from it). */
interface Stage {
  label: string;
  heapMB: Record<Thread, number | null>;
  metrics: Record<string, number>;
  listeners: { window: Record<string, number>; document: Record<string, number> };
  kinds: Record<Thread, Map<string, KindStat>>;
  ids: Record<Thread, Set<number>>;
  collections: Record<Thread, ReturnType<typeof collectionSizes>>;
  graph: Record<Thread, HeapGraph | null>;
}

async function snapshotMain(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const on = (e: { chunk: string }) => void chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', on);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', on);
  }
  return chunks.join('');
}

/** The worker's snapshot: its chunks arrive as events inside Target.receivedMessageFromTarget (harness attaches non-flattened). */
async function snapshotWorker(bp: BenchPage): Promise<string | null> {
  if (!bp.hasWorker()) return null;
  const chunks: string[] = [];
  const on = (e: { message: string }) => {
    if (!e.message.includes('addHeapSnapshotChunk')) return;
    const m = JSON.parse(e.message) as { method?: string; params?: { chunk: string } };
    if (m.method === 'HeapProfiler.addHeapSnapshotChunk' && m.params) chunks.push(m.params.chunk);
  };
  bp.cdp.on('Target.receivedMessageFromTarget', on);
  try {
    await bp.worker('HeapProfiler.enable');
    await bp.worker('HeapProfiler.collectGarbage');
    await bp.worker('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    bp.cdp.off('Target.receivedMessageFromTarget', on);
  }
  return chunks.join('');
}

async function listenersOn(cdp: CDPSession, expression: string): Promise<Record<string, number>> {
  const { result } = await cdp.send('Runtime.evaluate', { expression });
  if (!result.objectId) return {};
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
  const out: Record<string, number> = {};
  for (const l of listeners) out[l.type] = (out[l.type] ?? 0) + 1;
  return out;
}

async function takeStage(bp: BenchPage, label: string, keepGraph: boolean): Promise<Stage> {
  const h = await heaps(bp, true);
  const metrics = await pageMetrics(bp);
  const listeners = {
    window: await listenersOn(bp.cdp, 'window'),
    document: await listenersOn(bp.cdp, 'document'),
  };
  const stage: Stage = {
    label,
    heapMB: { main: h.main / 2 ** 20, worker: h.worker === null ? null : h.worker / 2 ** 20 },
    metrics,
    listeners,
    kinds: { main: new Map(), worker: new Map() },
    ids: { main: new Set(), worker: new Set() },
    collections: { main: new Map(), worker: new Map() },
    graph: { main: null, worker: null },
  };
  for (const thread of ['main', 'worker'] as const) {
    const json = thread === 'main' ? await snapshotMain(bp.cdp) : await snapshotWorker(bp);
    if (!json) continue;
    if (saveDir) fs.writeFileSync(path.join(saveDir, `${label}-${thread}.heapsnapshot`), json);
    const g = parseSnapshot(json);
    stage.kinds[thread] = byKind(g);
    stage.ids[thread] = idSet(g);
    stage.collections[thread] = collectionSizes(g);
    if (keepGraph) stage.graph[thread] = g;
  }
  return stage;
}

async function churn(bp: BenchPage, from: number, n: number): Promise<number> {
  for (let i = 1; i <= n; i++) {
    await churnTo(bp.page, from + i);
    await sleep(everyMs);
  }
  return from + n;
}

const kb = (b: number) => (b / 1024).toFixed(1);
const pad = (s: string | number, w: number) => String(s).padStart(w);

function printStages(stages: Stage[]): void {
  console.log('\nstage  main MB  worker MB  DOM nodes  JS listeners  window listeners  document listeners');
  for (const s of stages) {
    const count = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    console.log(
      `${s.label.padEnd(6)} ${pad(s.heapMB.main?.toFixed(2) ?? '-', 7)}  ${pad(s.heapMB.worker?.toFixed(2) ?? '-', 9)}  ${pad(s.metrics.Nodes ?? NaN, 9)}  ${pad(s.metrics.JSEventListeners ?? NaN, 12)}  ${pad(count(s.listeners.window), 16)}  ${pad(count(s.listeners.document), 18)}`,
    );
  }
  const [a, , c] = stages;
  const diff = (x: Record<string, number>, y: Record<string, number>) =>
    Object.keys({ ...x, ...y })
      .filter((k) => (y[k] ?? 0) !== (x[k] ?? 0))
      .map((k) => `${k} ${x[k] ?? 0}→${y[k] ?? 0}`);
  console.log(`listeners changed A→C: window [${diff(a.listeners.window, c.listeners.window).join(', ')}],`);
  console.log(`  document [${diff(a.listeners.document, c.listeners.document).join(', ')}]`);
}

/** Kinds that grew over both batches, most bytes first; per change over A→C. */
function printKindGrowth(thread: Thread, stages: Stage[]): void {
  const [a, b, c] = stages.map((s) => s.kinds[thread]);
  if (!a.size) return;
  const zero = { count: 0, bytes: 0 };
  const rows = [...new Set([...a.keys(), ...b.keys(), ...c.keys()])]
    .map((k) => ({ k, a: a.get(k) ?? zero, b: b.get(k) ?? zero, c: c.get(k) ?? zero }))
    .filter((r) => r.b.count > r.a.count && r.c.count > r.b.count)
    .sort((x, y) => y.c.bytes - y.a.bytes - (x.c.bytes - x.a.bytes))
    .slice(0, top);
  const total = (m: Map<string, KindStat>) => [...m.values()].reduce((s, v) => s + v.bytes, 0);
  console.log(
    `\n[${thread}] snapshot total ${kb(total(a))} → ${kb(total(b))} → ${kb(total(c))} KB; kinds whose count grew over both batches:`,
  );
  printGroupTotals(stages.map((st) => st.kinds[thread]));
  console.log('  count A→B→C                 KB A→B→C              B/change  kind');
  for (const r of rows)
    console.log(
      `  ${`${r.a.count}→${r.b.count}→${r.c.count}`.padEnd(26)}  ${`${kb(r.a.bytes)}→${kb(r.b.bytes)}→${kb(r.c.bytes)}`.padEnd(22)}  ${pad(((r.c.bytes - r.a.bytes) / (2 * changes)).toFixed(1), 8)}  ${r.k}`,
    );
}

/**
 * Which part of the engine a kind belongs to: V8's compiled code and its metadata (grows as
 * functions tier up, bounded by the code there is), Chromium's performance timeline (buffers with
 * fixed limits), DevTools' own records (only while a debugger is attached), or the app.
 */
function groupOf(kind: string): string {
  if (
    /^\((code|object shape)\)|^system \/ (WeakArrayList|ProtectedFixedArray|SharedFunctionInfoWrapper|Feedback|Bytecode|Uncompiled|Cell|PropertyCell)/.test(
      kind,
    )
  )
    return 'V8 code and JIT metadata';
  if (/^(Performance|LayoutShift|TaskAttributionTiming|DOMRectReadOnly|blink::ScriptTimingInfo)/.test(kind))
    return 'performance timeline buffers';
  if (/^blink::(NetworkResourcesData|InspectorNetwork)/.test(kind)) return 'DevTools (attached debugger only)';
  return 'the app (JS objects, DOM)';
}

function printGroups(kinds: Array<[string, KindStat]>): void {
  const groups = new Map<string, number>();
  for (const [k, v] of kinds) groups.set(groupOf(k), (groups.get(groupOf(k)) ?? 0) + v.bytes);
  for (const [name, bytes] of [...groups].sort((x, y) => y[1] - x[1]))
    console.log(`  = ${pad(kb(bytes), 8)} KB (${pad((bytes / changes).toFixed(0), 5)} B per change)  ${name}`);
}

/** Bytes per part of the engine at each stage: a leak of the app's shows in its own row. */
function printGroupTotals(stages: Array<Map<string, KindStat>>): void {
  const rows = new Map<string, number[]>();
  stages.forEach((kinds, s) => {
    for (const [k, v] of kinds) {
      const row =
        rows.get(groupOf(k)) ??
        rows
          .set(
            groupOf(k),
            stages.map(() => 0),
          )
          .get(groupOf(k));
      if (row) row[s] += v.bytes;
    }
  });
  for (const [name, b] of rows)
    console.log(
      `  = ${b.map(kb).join(' → ').padEnd(28)} KB  ${pad((((b.at(-1) ?? 0) - b[0]) / (2 * changes)).toFixed(0), 6)} B/change  ${name}`,
    );
}

/** Objects born in batch 1 (in B, not in A) and still alive at C, by kind; paths for a few of the top kinds. */
function printSurvivors(thread: Thread, stages: Stage[]): void {
  const g = stages[2].graph[thread];
  if (!g) return;
  const [ida, idb] = [stages[0].ids[thread], stages[1].ids[thread]];
  const born = (i: number) => idb.has(g.id[i]) && !ida.has(g.id[i]);
  const kinds = [...byKind(g, born)].sort((x, y) => y[1].bytes - x[1].bytes);
  const all = kinds.reduce((s, [, v]) => s + v.bytes, 0);
  console.log(
    `\n[${thread}] born during batch 1 and alive after batch 2: ${kb(all)} KB (${kb(all / changes)} KB per change)`,
  );
  for (const [k, v] of kinds.slice(0, top)) console.log(`  ${pad(v.count, 7)}  ${pad(kb(v.bytes), 9)} KB  ${k}`);
  if (!paths) return;
  const dist = distances(g);
  const rev = retainers(g);
  printGroups(kinds);
  const skip = (k: string) => groupOf(k) !== 'the app (JS objects, DOM)' || /^\((string|number|array|hidden)/.test(k);
  for (const [k] of kinds.filter(([k]) => !skip(k)).slice(0, paths)) {
    const samples: number[] = [];
    for (let i = 0; i < g.n && samples.length < 2; i++) if (born(i) && kindOf(g, i) === k) samples.push(i);
    for (const i of samples)
      console.log(`  path to ${k} @${g.id[i]}:\n    ${retainerPath(g, i, dist, rev).join('\n    ')}`);
  }
}

/** Maps and Sets (the same object in all three snapshots) that grew over both batches. */
function printCollections(thread: Thread, stages: Stage[]): void {
  const [a, b, c] = stages.map((s) => s.collections[thread]);
  const g = stages[2].graph[thread];
  if (!g) return;
  const grown = [...c]
    .filter(
      ([id, v]) =>
        a.has(id) && b.has(id) && (b.get(id)?.refs ?? 0) > (a.get(id)?.refs ?? 0) && v.refs > (b.get(id)?.refs ?? 0),
    )
    .sort((x, y) => y[1].refs - (a.get(y[0])?.refs ?? 0) - (x[1].refs - (a.get(x[0])?.refs ?? 0)));
  console.log(`\n[${thread}] Maps/Sets grown over both batches: ${grown.length}`);
  if (!grown.length) return;
  const dist = distances(g);
  const rev = retainers(g);
  for (const [id, v] of grown.slice(0, top))
    console.log(
      `  ${v.kind} @${id}: refs ${a.get(id)?.refs}→${b.get(id)?.refs}→${v.refs}\n    ${retainerPath(g, v.node, dist, rev, 6).join('\n    ')}`,
    );
}

async function probe(origin: string, bp: BenchPage): Promise<void> {
  await bp.page.goto(`${origin}/h5/${CHURN_ROUTES[0]}`, { waitUntil: 'load' });
  for (let i = 0; i < 100 && !bp.hasWorker(); i++) await sleep(100);
  await settle(3000);
  let at = await churn(bp, 0, warm);
  // end each batch on the route it started from, so the screens compared are the same
  at += (CHURN_ROUTES.length - (at % CHURN_ROUTES.length)) % CHURN_ROUTES.length;
  await churnTo(bp.page, at);
  await settle(2000);
  const stages: Stage[] = [];
  for (const label of ['A', 'B', 'C']) {
    if (label !== 'A') at = await churn(bp, at, changes);
    await settle(2000);
    stages.push(await takeStage(bp, label, label === 'C'));
    console.log(`[leak] ${label} after ${at} route changes`);
  }
  printStages(stages);
  for (const thread of ['main', 'worker'] as const) {
    printKindGrowth(thread, stages);
    printSurvivors(thread, stages);
    printCollections(thread, stages);
  }
}

async function main(): Promise<void> {
  if (changes % CHURN_ROUTES.length) throw new Error(`--changes must be a multiple of ${CHURN_ROUTES.length}`);
  if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
  console.log(`[leak] ${warm} warm-up route changes, then 2 × ${changes} every ${everyMs} ms at ${rate} ticks/s`);
  await withServerAndBrowser('leak-probe', rate, async (server, browser) => {
    const bp = await openBenchPage(browser, 1);
    try {
      await probe(server.origin, bp);
    } finally {
      await bp.close();
    }
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
