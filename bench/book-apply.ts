/**
 * Local order book apply throughput (level updates/s) against the naive decimal.js baseline.
 *
 *   npx tsx --expose-gc bench/book-apply.ts [updates] [baselineUpdates]   (defaults 2,000,000 and 20,000)
 *
 * Method
 * - A seeded BTC/USDT-like stream (0.01 tick): a snapshot of 1,000 levels a side, then diffs of
 *   1–30 level updates each around a mid price that walks; a level's distance from the mid is
 *   exponential (mean 30 ticks) so most updates hit the top of the book, 15 % remove a level,
 *   quantities have 4–8 decimals. Diffs are generated untimed, in batches of 2,048 with fresh price
 *   and qty strings, as a socket parser would hand them over.
 * - Only LocalBook.applyDiff (core/book) is timed; wall time and process CPU time are both kept.
 *   Three runs each, fresh book per run, same stream, medians; the baseline runs on a prefix.
 */
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { LocalBook, type BookLevelTuple, type DepthDiff, type DepthSnapshot } from '../core/index';
import { NaiveBook } from './baseline-naive-book';

const BATCH = 2_048;
const RUNS = 3;
/** Issue target: ≥ 1 M level updates/s in the worker. */
export const TARGET_RATE = 1_000_000;

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

const cents = (u: number) => `${Math.floor(u / 100)}.${String(u % 100).padStart(2, '0')}`;
function qtyString(r: () => number): string {
  const d = 4 + Math.floor(r() * 5);
  const units = 1 + Math.floor(r() * 10 ** (d + 1));
  const s = String(units).padStart(d + 1, '0');
  return `${s.slice(0, -d)}.${s.slice(-d)}`;
}

export class DepthStream {
  private readonly r: () => number;
  private mid = 6_709_113;
  private seq = 0;

  constructor(seed = 42) {
    this.r = rng(seed);
  }

  snapshot(levels = 1_000): DepthSnapshot {
    const r = this.r;
    const side = (sign: number): BookLevelTuple[] =>
      Array.from({ length: levels }, (_, i) => [cents(this.mid + sign * (1 + i)), qtyString(r)]);
    return { symbol: 'BTC/USDT', epoch: 1, seq: this.seq, bids: side(-1), asks: side(1) };
  }

  /** Fills out[0..n) with the next n diffs; returns the number of level updates in them. */
  fill(out: DepthDiff[], n: number): number {
    const r = this.r;
    let updates = 0;
    for (let i = 0; i < n; i++) {
      this.mid += Math.round((r() - 0.5) * 4);
      const bids: BookLevelTuple[] = [];
      const asks: BookLevelTuple[] = [];
      const k = 1 + Math.floor(r() * 30);
      for (let j = 0; j < k; j++) {
        const dist = 1 + Math.floor(-Math.log(1 - r()) * 30);
        const qty = r() < 0.15 ? '0' : qtyString(r);
        if (r() < 0.5) bids.push([cents(this.mid - dist), qty]);
        else asks.push([cents(this.mid + dist), qty]);
      }
      updates += k;
      this.seq++;
      out[i] = { symbol: 'BTC/USDT', epoch: 1, seq: this.seq, prevSeq: this.seq - 1, bids, asks };
    }
    return updates;
  }
}

interface Sink {
  applySnapshot(s: DepthSnapshot): unknown;
  applyDiff(d: DepthDiff): unknown;
}

export interface Rate {
  wall: number;
  cpu: number;
}

/** Streams diffs until `count` level updates have been applied; times only applyDiff. */
function measure(sink: Sink, count: number, seed: number): Rate & { levels: number } {
  const src = new DepthStream(seed);
  sink.applySnapshot(src.snapshot());
  const buf: DepthDiff[] = new Array(BATCH);
  let wall = 0;
  let cpu = 0;
  let done = 0;
  while (done < count) {
    const n = Math.max(1, Math.min(BATCH, Math.ceil((count - done) / 15)));
    const updates = src.fill(buf, n);
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    for (let i = 0; i < n; i++) sink.applyDiff(buf[i]);
    wall += performance.now() - w0;
    const c = process.cpuUsage(c0);
    cpu += c.user + c.system;
    done += updates;
  }
  const levels =
    sink instanceof LocalBook ? sink.bids.size + sink.asks.size : sink instanceof NaiveBook ? sink.size : 0;
  return { wall: done / (wall / 1e3), cpu: done / (cpu / 1e6), levels };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const gc = (globalThis as { gc?: () => void }).gc;

export interface BookBenchResult {
  /** median level updates/s, wall clock and CPU */
  ours: number;
  oursCpu: number;
  baseline: number;
  baselineCpu: number;
  ratio: number;
  ratioCpu: number;
  runs: { ours: Rate[]; baseline: Rate[] };
  updates: number;
  baselineUpdates: number;
  /** levels held at the end of a run (both sides) */
  bookLevels: number;
  target: { levelUpdatesPerSecond: number; met: boolean };
}

export async function runBookBench(
  opts: { updates?: number; baselineUpdates?: number; runs?: number } = {},
): Promise<BookBenchResult> {
  const runs = opts.runs ?? RUNS;
  const count = opts.updates ?? 2_000_000;
  const baseCount = Math.min(count, opts.baselineUpdates ?? 20_000);
  measure(new LocalBook('BTC/USDT'), Math.min(count, 300_000), 7); // JIT warm-up on another stream
  const ours: Rate[] = [];
  let bookLevels = 0;
  for (let k = 0; k < runs; k++) {
    gc?.();
    const r = measure(new LocalBook('BTC/USDT'), count, 42);
    ours.push({ wall: r.wall, cpu: r.cpu });
    bookLevels = r.levels;
  }
  measure(new NaiveBook(), Math.min(baseCount, 3_000), 7);
  const baseline: Rate[] = [];
  for (let k = 0; k < runs; k++) {
    gc?.();
    const r = measure(new NaiveBook(), baseCount, 42);
    baseline.push({ wall: r.wall, cpu: r.cpu });
  }
  await Promise.resolve();
  const o = median(ours.map((r) => r.wall));
  const oc = median(ours.map((r) => r.cpu));
  const b = median(baseline.map((r) => r.wall));
  const bc = median(baseline.map((r) => r.cpu));
  return {
    ours: o,
    oursCpu: oc,
    baseline: b,
    baselineCpu: bc,
    ratio: o / b,
    ratioCpu: oc / bc,
    runs: { ours, baseline },
    updates: count,
    baselineUpdates: baseCount,
    bookLevels,
    target: { levelUpdatesPerSecond: TARGET_RATE, met: oc >= TARGET_RATE },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await runBookBench({
    updates: Number(process.argv[2] ?? 2_000_000),
    baselineUpdates: Number(process.argv[3] ?? 20_000),
  });
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `local book apply, ${f(r.updates)} level updates (baseline ${f(r.baselineUpdates)}), ~${f(r.bookLevels)} levels held, median of ${RUNS}, ${cpus().length} CPUs`,
  );
  console.log(`                 wall updates/s   CPU updates/s`);
  console.log(`  ours       ${f(r.ours).padStart(16)} ${f(r.oursCpu).padStart(15)}`);
  console.log(
    `  baseline   ${f(r.baseline).padStart(16)} ${f(r.baselineCpu).padStart(15)}   (decimal.js array, re-sorted per update)`,
  );
  console.log(`  ratio      ${(r.ratio.toFixed(1) + '×').padStart(16)} ${(r.ratioCpu.toFixed(1) + '×').padStart(15)}`);
  console.log(`  target ≥ ${f(TARGET_RATE)} level updates/s (CPU): ${r.target.met ? 'met' : 'NOT met'}`);
}
