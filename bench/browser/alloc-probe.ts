/**
 * Diagnosis, not a bench: what the pair page's main thread allocates, and how often it collects.
 * Opens the terminal's pair page as the terminal bench's hardest level does (BOLL + MACD, scrolled
 * to the book, 6× CPU, BTC/USDT's feed as at 100,000 ticks/s: `--rate=10400 --extra=200`), lets it
 * run, then for `--seconds` samples the main thread's allocations (CDP `HeapProfiler.startSampling`,
 * objects a minor or major GC collected included, so short-lived garbage counts) while a light trace
 * records its GCs. Prints the sampled bytes per second, the functions that allocated most (self),
 * the first frame outside lightweight-charts' chunk on each allocating stack (our code, inclusive of
 * what the library allocates for it), every function outside it inclusive, the top stacks, and the
 * GCs per 10 s: how many landed in a frame (`BeginMainFrame`, the chart's redraw runs in it) and in
 * a frame over 40 ms of thread time. Bytes and GC counts do not depend on the machine's load the
 * way milliseconds do (the sampling and the trace slow the page: its frames are longer here).
 *
 *   npx tsx bench/browser/alloc-probe.ts [--rate=10400] [--extra=200] [--throttle=6] [--warm=10] [--seconds=10]
 *        [--interval=8192] [--query='&ind=boll,macd'] [--bases=bench] [--rounds=1] [--top=25] [--worker=1]
 *        [--data-dir=DIR] [--save=PREFIX]
 *
 * `--bases=bench-before,bench --rounds=3` interleaves two builds of the bench pages on one server
 * (A B, B A, …; the A pages built as for ab-terminal.ts into dist/bench-pages-before) and prints one
 * line per run; `--top=0` leaves out the lists. `--worker=1` also samples the market worker.
 * Build the pages with `BENCH_MINIFY=0` for readable names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  arg,
  launchBrowser,
  openPairScreen,
  serveOtherBuild,
  sleep,
  startServer,
  type BenchPage,
  type TraceEvent,
} from './harness';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  id: number;
  children: HeapNode[];
}

/** One allocating node: its bytes and its stack (leaf first). */
interface Site {
  bytes: number;
  stack: HeapNode['callFrame'][];
}

interface GcCount {
  minor: number;
  major: number;
  /** GCs inside a frame */
  inFrame: number;
  /** frames over 40 ms of thread time, and the GCs inside them */
  longFrames: number;
  inLongFrame: number;
  /** main-thread GC thread time, ms (for orientation: throttling and load stretch it) */
  ms: number;
}

const LIB = /chart-lib/;
const SAMPLING = { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };

const frameName = (f: HeapNode['callFrame']): string => {
  const file =
    f.url
      .split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, '.js') ?? '';
  return `${f.functionName || '(anon)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
};

/** Every node with self bytes, with its stack. */
function sites(head: HeapNode): Site[] {
  const out: Site[] = [];
  const walk = (n: HeapNode, up: HeapNode['callFrame'][]) => {
    const stack = n.callFrame.functionName === '(root)' ? up : [n.callFrame, ...up];
    if (n.selfSize > 0) out.push({ bytes: n.selfSize, stack });
    for (const c of n.children) walk(c, stack);
  };
  walk(head, []);
  return out;
}

function top(m: Map<string, number>, n: number, perS: number): string[] {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `    ${(v / perS / 1024).toFixed(1).padStart(8)} KB/s ${k}`);
}

/** The lists: self bytes per function, per first frame outside the chart library, per stack. */
function printSites(all: Site[], seconds: number, n: number): void {
  const self = new Map<string, number>();
  const ours = new Map<string, number>();
  const stacks = new Map<string, number>();
  const incl = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const s of all) {
    add(self, s.stack[0] ? frameName(s.stack[0]) : '(no JS frame)', s.bytes);
    const mine = s.stack.find((f) => f.url && !LIB.test(f.url));
    add(
      ours,
      mine ? frameName(mine) : s.stack.some((f) => LIB.test(f.url)) ? '(lightweight-charts only)' : '(no script frame)',
      s.bytes,
    );
    for (const f of new Set(s.stack.filter((f) => f.url && !LIB.test(f.url)).map(frameName))) add(incl, f, s.bytes);
    add(stacks, s.stack.slice(0, 7).map(frameName).join(' < ') || '(none)', s.bytes);
  }
  const lib = all.filter((s) => s.stack[0] && LIB.test(s.stack[0].url)).reduce((t, s) => t + s.bytes, 0);
  const total = all.reduce((t, s) => t + s.bytes, 0);
  console.log(`  lightweight-charts' own frames: ${((100 * lib) / (total || 1)).toFixed(0)} % of the bytes`);
  console.log(`  top ${n} functions by self bytes:`);
  console.log(top(self, n, seconds).join('\n'));
  console.log(`  first frame outside lightweight-charts on the allocating stack (inclusive):`);
  console.log(top(ours, n, seconds).join('\n'));
  console.log(`  functions outside lightweight-charts, inclusive (each stack counted once per function):`);
  console.log(top(incl, n, seconds).join('\n'));
  console.log('  top stacks (leaf first):');
  console.log(top(stacks, 15, seconds).join('\n'));
}

/**
 * Main-thread GCs in the trace: minor and major, and those inside a frame (`BeginMainFrame`, which
 * runs the chart's rAF draw) over 40 ms of thread time (wall time follows the machine's load).
 */
function countGcs(events: TraceEvent[]): GcCount {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const minor = on.filter((e) => e.name === 'MinorGC');
  const major = on.filter((e) => e.name === 'MajorGC');
  const frames = on.filter((e) => /BeginMainFrame$/.test(e.name));
  const long = frames.filter((f) => (f.tdur ?? 0) > 40_000);
  const within = (g: TraceEvent, fs: TraceEvent[]) => fs.some((f) => g.ts >= f.ts && g.ts <= f.ts + (f.dur ?? 0));
  const gcs = [...minor, ...major];
  return {
    minor: minor.length,
    major: major.length,
    inFrame: gcs.filter((g) => within(g, frames)).length,
    longFrames: long.length,
    inLongFrame: gcs.filter((g) => within(g, long)).length,
    ms: gcs.reduce((s, g) => s + (g.tdur ?? 0) / 1000, 0),
  };
}

async function traced<T>(bp: BenchPage, during: () => Promise<T>): Promise<{ value: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: unknown }) => events.push(...(e.value as TraceEvent[]));
  bp.cdp.on('Tracing.dataCollected', collect);
  const done = new Promise<void>((r) => bp.cdp.once('Tracing.tracingComplete', () => r()));
  await bp.cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,cc', transferMode: 'ReportEvents' });
  const value = await during();
  await bp.cdp.send('Tracing.end');
  await done;
  bp.cdp.off('Tracing.dataCollected', collect);
  return { value, events };
}

/** Samples the page's (and with --worker=1 the worker's) allocations for `seconds`. */
async function sample(bp: BenchPage, seconds: number, interval: number, worker: boolean) {
  await bp.cdp.send('HeapProfiler.enable');
  await bp.cdp.send('HeapProfiler.startSampling', { samplingInterval: interval, ...SAMPLING });
  if (worker) {
    await bp.worker('HeapProfiler.enable');
    await bp.worker('HeapProfiler.startSampling', { samplingInterval: interval, ...SAMPLING });
  }
  await sleep(seconds * 1000);
  const page = (await bp.cdp.send('HeapProfiler.stopSampling')).profile.head as unknown as HeapNode;
  const w = worker ? ((await bp.worker('HeapProfiler.stopSampling')).profile as { head: HeapNode }).head : null;
  return { page, worker: w };
}

async function runOnce(
  browser: Browser,
  origin: string,
  base: string,
  run: number,
): Promise<{ kbPerS: number; gc: GcCount; redraws: number }> {
  const seconds = Number(arg('seconds', '10'));
  const query = arg('query', '&ind=boll,macd');
  const url = `${origin}/h5/${base}/browser/pages/app.html?mode=terminal&screen=pair&book=1${query}`;
  const bp = await openPairScreen(browser, url, query, { throttle: Number(arg('throttle', '6')) });
  try {
    await sleep(Number(arg('warm', '10')) * 1000);
    const worker = arg('worker', '0') === '1' && bp.hasWorker();
    // the chart's redraws in the window (the bench page times each one: pages/app.tsx)
    await bp.page.evaluate(() => window.__bench.reset());
    const { value, events } = await traced(bp, () => sample(bp, seconds, Number(arg('interval', '8192')), worker));
    const redraws = await bp.page.evaluate(() => window.__bench.read().chartUpdates.length);
    // --save=PREFIX: each run's sampling profile as PREFIX-BASE-ROUND.json (and .trace.json, .worker.json)
    const save = arg('save', '') && `${arg('save', '')}-${base}-${run}.json`;
    if (save) fs.writeFileSync(save, JSON.stringify({ head: value.page }));
    if (save) fs.writeFileSync(`${save}.trace.json`, JSON.stringify(events));
    if (save && value.worker) fs.writeFileSync(`${save}.worker.json`, JSON.stringify({ head: value.worker }));
    const all = sites(value.page);
    const bytes = all.reduce((t, s) => t + s.bytes, 0);
    const gc = countGcs(events);
    const n = Number(arg('top', '25'));
    if (n > 0) printSites(all, seconds, n);
    if (value.worker) {
      const ws = sites(value.worker);
      console.log(`  worker: ${(ws.reduce((t, s) => t + s.bytes, 0) / seconds / 1024).toFixed(0)} KB/s sampled`);
      if (n > 0) printSites(ws, seconds, Math.min(n, 12));
    }
    return { kbPerS: bytes / seconds / 1024, gc, redraws };
  } finally {
    await bp.close();
  }
}

async function main(): Promise<void> {
  const bases = arg('bases', 'bench').split(',');
  for (const base of bases) serveOtherBuild(base);
  const given = arg('data-dir', '');
  const dataDir = given || fs.mkdtempSync(path.join(os.tmpdir(), 'alloc-probe-'));
  const server = await startServer({
    tickRate: Number(arg('rate', '10400')),
    dataDir,
    extraSymbols: Number(arg('extra', '200')),
  });
  const browser = await launchBrowser();
  const seconds = Number(arg('seconds', '10'));
  try {
    await sleep(1500);
    for (let i = 0; i < Number(arg('rounds', '1')); i++)
      for (const base of i % 2 ? [...bases].reverse() : bases) {
        const { kbPerS, gc, redraws } = await runOnce(browser, server.origin, base, i);
        const per10 = (x: number) => ((x * 10) / seconds).toFixed(1);
        console.log(
          `${base.padEnd(13)} main thread ${kbPerS.toFixed(0)} KB/s sampled, ${redraws} chart redraws, ${((kbPerS * seconds) / (redraws || 1)).toFixed(0)} KB per redraw; per 10 s: minor GC ${per10(gc.minor)}, major ${per10(gc.major)}, in a frame ${per10(gc.inFrame)}; frames > 40 ms (thread time) ${per10(gc.longFrames)}, GCs in them ${per10(gc.inLongFrame)}; GC ${gc.ms.toFixed(0)} ms thread time; load ${os.loadavg()[0].toFixed(1)}`,
        );
      }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
