/**
 * Throughput of core/'s K-line aggregator (all nine periods, 2,000 symbols) against the naive
 * decimal.js baseline.
 *
 *   npx tsx --expose-gc bench/core-throughput.ts [ticks] [baselineTicks] [--previous=REV] [--up-front]
 *     (defaults 1,000,000 and 200,000 ticks)
 *
 * Method
 * - Ticks come from a seeded generator (reproducible) in batches of 8,192 fresh tick objects with
 *   fresh price/qty strings, as a feed parser would hand them over; symbol names are shared string
 *   instances, as the feeds' ticks carry them. Only `apply` is timed: the clocks are read around each
 *   batch, so generation (untimed, rate printed) is never the bottleneck.
 * - Why batches: the server takes ticks as the feed hands them over, a batch at a time, and drops
 *   each batch once applied (server/market/feed-lifecycle.ts `ingestFeed`). A million tick objects
 *   held for the whole run are garbage the product never keeps, and every major GC must walk them.
 *   `--up-front` (all ticks generated before the clock starts and held) is there to compare: on
 *   2026-11-29 at load ≈ 11, ours 1.30 M CPU ticks/s up front vs 1.35 M batched; GC pauses inside
 *   the timed loops (a PerformanceObserver, measured apart at load ≈ 20) 32 % vs 1–3 % of their wall
 *   time.
 * - Wall time (performance.now) and CPU time of the process (process.cpuUsage: user + system, GC
 *   helper threads included) are both recorded. The machine is shared, so wall time is noisy; the CPU
 *   figure is the one-core rate.
 * - Three runs each, fresh aggregator per run, same stream; the figures are the medians. Ours runs
 *   first; with --expose-gc the heap is collected between runs so nobody pays for another's garbage.
 *   The baseline is an order of magnitude slower and runs on a prefix of the same stream.
 * - `--previous=REV` (a git revision, e.g. `main`) adds a second baseline: the aggregator as it was at
 *   REV (core/kline and core/types extracted into .data/bench-previous/, loaded beside the current
 *   one), timed on the same stream in runs interleaved with ours, so that on a shared machine the
 *   ratio to it compares like with like.
 * - Results go to bench/results/core.json (as `npm run bench -- --only=core`) and a line of history.jsonl.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createKlineAggregator, PERIODS, type Tick } from '../core/index';
import { NaiveKlineAggregator } from './baseline-naive-kline';
import { machineInfo, writeJson } from './browser/harness';

const SYMBOLS = 2_000;
const BATCH = 8_192;
const RUNS = 3;
/** Target: ≥ 2 M ticks/s on one core (CPU time) and ≥ 10× the baseline. */
const TARGET_RATE = 2_000_000;
const TARGET_RATIO = 10;

/** Small seeded PRNG (mulberry32) so every run times the same stream. */
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

function toDecimal(units: number, decimals: number): string {
  const s = String(units).padStart(decimals + 1, '0');
  return decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

/**
 * Realistic prints: per symbol a price level from 0.00001 to 70,000 with the decimals an exchange
 * would use for it (more decimals for cheaper coins), a random walk of a few ticks, quantities with
 * 4–8 decimals; one print every ~20 ms of market time across all symbols (~5.5 h per million ticks,
 * so minute and hour bars close and open during the run); a few symbols trade most.
 */
export class TickSource {
  private readonly r: () => number;
  private readonly syms: { name: string; units: number; priceDecimals: number; qtyDecimals: number; seq: number }[];
  private ts = Date.parse('2024-05-01T00:00:00Z');

  constructor(seed = 42) {
    const r = (this.r = rng(seed));
    this.syms = Array.from({ length: SYMBOLS }, (_, k) => {
      const level = 10 ** (r() * 9.85 - 5); // 1e-5 … 7e4
      const priceDecimals = Math.min(10, Math.max(2, 6 - Math.floor(Math.log10(level))));
      const unit = 10 ** -priceDecimals;
      return {
        name: `C${k}/USDT`,
        units: Math.max(1, Math.round(level / unit)), // price in integer units of the tick size
        priceDecimals,
        qtyDecimals: 4 + (k % 5),
        seq: 0,
      };
    });
  }

  /** Fills out[0..n) with the next n ticks (new objects, new strings). */
  fill(out: Tick[], n: number): void {
    const r = this.r;
    for (let i = 0; i < n; i++) {
      const s = this.syms[Math.floor(r() * r() * SYMBOLS)];
      s.units = Math.max(1, s.units + Math.round((r() - 0.5) * 6));
      this.ts += Math.floor(r() * 40);
      const qtyUnits = Math.floor(r() * 10 ** (s.qtyDecimals + 2)) + 1;
      out[i] = {
        symbol: s.name,
        price: toDecimal(s.units, s.priceDecimals),
        qty: toDecimal(qtyUnits, s.qtyDecimals),
        seq: ++s.seq,
        ts: this.ts,
      };
    }
  }
}

/** The first `count` ticks of the stream with `seed`, in one array (tests, small tools). */
export function generateTicks(count: number, seed = 42): Tick[] {
  const out: Tick[] = new Array(count);
  new TickSource(seed).fill(out, count);
  return out;
}

export interface Rate {
  /** ticks per wall-clock second */
  wall: number;
  /** ticks per CPU second of this process (user + system) */
  cpu: number;
}

interface Sink {
  apply(t: Tick): unknown;
}

/**
 * Streams `count` ticks of `seed` through `sink`, timing only the apply loops; `upFront`: all ticks
 * generated first and held for the run (the comparison above), else one batch at a time.
 */
function measure(sink: Sink, count: number, seed: number, upFront = false): Rate & { genRate: number } {
  const src = new TickSource(seed);
  const g = performance.now();
  const all: Tick[] | null = upFront ? new Array(count) : null;
  if (all !== null) src.fill(all, count);
  const buf: Tick[] = new Array(BATCH);
  let wall = 0;
  let user = 0;
  let system = 0;
  let gen = performance.now() - g;
  for (let done = 0; done < count;) {
    const n = Math.min(BATCH, count - done);
    const g0 = performance.now();
    if (all === null) src.fill(buf, n);
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    gen += w0 - g0;
    if (all === null) for (let i = 0; i < n; i++) sink.apply(buf[i]);
    else for (let i = 0; i < n; i++) sink.apply(all[done + i]);
    wall += performance.now() - w0;
    const c = process.cpuUsage(c0);
    user += c.user;
    system += c.system;
    done += n;
  }
  return { wall: count / (wall / 1e3), cpu: count / ((user + system) / 1e6), genRate: count / (gen / 1e3) };
}

/** A second baseline: the aggregator of an earlier revision. */
export interface PreviousAggregator {
  label: string;
  create: () => Sink;
}

/** Extracts core/kline and core/types as they were at `rev` and loads that aggregator. */
export async function loadPrevious(rev: string): Promise<PreviousAggregator> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const sha = execFileSync('git', ['-C', root, 'rev-parse', '--short', rev]).toString().trim();
  const dir = path.join(root, '.data', 'bench-previous', sha);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['-C', root, 'archive', sha, 'core/kline', 'core/types'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  const mod = (await import(pathToFileURL(path.join(dir, 'core/kline/aggregator.ts')).href)) as {
    createKlineAggregator: typeof createKlineAggregator;
  };
  return { label: `core/kline at ${rev} (${sha})`, create: () => mod.createKlineAggregator({ periods: PERIODS }) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const gc = (globalThis as { gc?: () => void }).gc;

export interface CoreBenchResult {
  /** median wall-clock rates (ticks/s) and their ratio: kept for callers of the first version */
  ours: number;
  baseline: number;
  ratio: number;
  /** median CPU-time rates and their ratio */
  oursCpu: number;
  baselineCpu: number;
  ratioCpu: number;
  runs: { ours: Rate[]; baseline: Rate[] };
  /** the second baseline, if asked for: medians and ours ÷ it */
  previous?: { label: string; wall: number; cpu: number; ratio: number; ratioCpu: number; runs: Rate[] };
  ticks: number;
  baselineTicks: number;
  genRate: number;
}

export async function runCoreBench(
  opts: {
    ticks?: number;
    baselineTicks?: number;
    runs?: number;
    previous?: PreviousAggregator;
    upFront?: boolean;
  } = {},
): Promise<CoreBenchResult> {
  const runs = opts.runs ?? RUNS;
  const up = opts.upFront === true;
  const count = opts.ticks ?? 1_000_000;
  const baseCount = Math.min(count, opts.baselineTicks ?? 200_000);
  // Warm up on another stream so the JIT has compiled the hot path before the clock runs.
  measure(createKlineAggregator({ periods: PERIODS }), Math.min(count, 200_000), 7);
  const prev = opts.previous;
  if (prev !== undefined) measure(prev.create(), Math.min(count, 200_000), 7);
  const ours: Rate[] = [];
  const previous: Rate[] = [];
  let genRate = Infinity;
  for (let k = 0; k < runs; k++) {
    gc?.();
    const r = measure(createKlineAggregator({ periods: PERIODS }), count, 42, up);
    ours.push({ wall: r.wall, cpu: r.cpu });
    genRate = Math.min(genRate, r.genRate);
    if (prev === undefined) continue;
    gc?.();
    const p = measure(prev.create(), count, 42, up);
    previous.push({ wall: p.wall, cpu: p.cpu });
  }
  gc?.();
  measure(new NaiveKlineAggregator(), Math.min(baseCount, 30_000), 7);
  const baseline: Rate[] = [];
  for (let k = 0; k < runs; k++) {
    gc?.();
    const r = measure(new NaiveKlineAggregator(), baseCount, 42, up);
    baseline.push({ wall: r.wall, cpu: r.cpu });
  }
  await Promise.resolve();
  const o = median(ours.map((r) => r.wall));
  const b = median(baseline.map((r) => r.wall));
  const oc = median(ours.map((r) => r.cpu));
  const bc = median(baseline.map((r) => r.cpu));
  const pw = median(previous.map((r) => r.wall));
  const pc = median(previous.map((r) => r.cpu));
  return {
    ours: o,
    baseline: b,
    ratio: o / b,
    oursCpu: oc,
    baselineCpu: bc,
    ratioCpu: oc / bc,
    runs: { ours, baseline },
    ...(prev === undefined
      ? {}
      : { previous: { label: prev.label, wall: pw, cpu: pc, ratio: o / pw, ratioCpu: oc / pc, runs: previous } }),
    ticks: count,
    baselineTicks: baseCount,
    genRate,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const positional = args.filter((a) => !a.startsWith('--'));
  const ticks = Number(positional[0] ?? 1_000_000);
  const baselineTicks = Number(positional[1] ?? 200_000);
  const rev = args.find((a) => a.startsWith('--previous='))?.slice('--previous='.length);
  const previous = rev === undefined ? undefined : await loadPrevious(rev);
  const upFront = args.includes('--up-front');
  const r = await runCoreBench({ ticks, baselineTicks, previous, upFront });
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  const pass = r.oursCpu >= TARGET_RATE && r.ratioCpu >= TARGET_RATIO;
  console.log(
    `core kline aggregator, ${SYMBOLS} symbols, ${PERIODS.length} periods, ${f(ticks)} ticks (baseline ${f(r.baselineTicks)}), median of ${RUNS}`,
  );
  console.log(`                 wall ticks/s     CPU ticks/s`);
  console.log(`  ours       ${f(r.ours).padStart(16)} ${f(r.oursCpu).padStart(15)}`);
  console.log(
    `  baseline   ${f(r.baseline).padStart(16)} ${f(r.baselineCpu).padStart(15)}   (naive decimal.js, new candle per tick)`,
  );
  console.log(`  ratio      ${(r.ratio.toFixed(1) + '×').padStart(16)} ${(r.ratioCpu.toFixed(1) + '×').padStart(15)}`);
  if (r.previous !== undefined) {
    const pv = r.previous;
    console.log(
      `  previous   ${f(pv.wall).padStart(16)} ${f(pv.cpu).padStart(15)}   (${pv.label}, runs interleaved with ours)`,
    );
    console.log(
      `  ours ÷ previous ${(pv.ratio.toFixed(2) + '×').padStart(11)} ${(pv.ratioCpu.toFixed(2) + '×').padStart(15)}`,
    );
    console.log(`  runs previous wall/CPU: ${pv.runs.map((x) => `${f(x.wall)}/${f(x.cpu)}`).join(', ')}`);
  }
  console.log(`  runs ours wall/CPU: ${r.runs.ours.map((x) => `${f(x.wall)}/${f(x.cpu)}`).join(', ')}`);
  console.log(`  runs baseline wall/CPU: ${r.runs.baseline.map((x) => `${f(x.wall)}/${f(x.cpu)}`).join(', ')}`);
  console.log(
    `  tick generation (untimed) ≥ ${f(r.genRate)} ticks/s; gc between runs: ${gc ? 'yes' : 'no (run with --expose-gc)'}; ticks ${upFront ? 'generated up front and held (--up-front)' : `in batches of ${BATCH}`}`,
  );
  console.log(`  target ≥ ${f(TARGET_RATE)} ticks/s and ≥ ${TARGET_RATIO}× (CPU): ${pass ? 'met' : 'NOT met'}`);

  // the same file as `npm run bench -- --only=core` (the current figures, plus a line of history.jsonl);
  // not for --up-front, a comparison of how the bench feeds ticks, not a figure of the aggregator
  if (!upFront)
    writeJson('core.json', {
      machine: machineInfo(),
      bench: 'core-throughput',
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      symbols: SYMBOLS,
      periods: PERIODS.length,
      runsPerSide: RUNS,
      statistic: 'median',
      gcBetweenRuns: gc !== undefined,
      ...r,
      target: { ticksPerSecond: TARGET_RATE, ratio: TARGET_RATIO, met: pass },
    });
}
