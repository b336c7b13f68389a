/**
 * Throughput of core/'s K-line aggregator (all nine periods) against the naive decimal.js baseline.
 * Ticks for 2,000 symbols are generated up front (seeded, reproducible) so only aggregation is timed.
 *
 *   npx tsx bench/core-throughput.ts [ticks]      (default 1,000,000)
 */
import { pathToFileURL } from 'node:url';
import { createKlineAggregator, PERIODS, type Tick } from '../core/index';
import { NaiveKlineAggregator } from './baseline-naive-kline';

const SYMBOLS = 2_000;

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

/**
 * Realistic prints: per symbol a price level from 0.00001 to 70,000 with the decimals an exchange
 * would use for it (more decimals for cheaper coins), a random walk of a few ticks, quantities with
 * 4–8 decimals; one print every ~20 ms of market time across all symbols (~5.5 h per million ticks,
 * so minute and hour bars close and open during the run).
 */
export function generateTicks(count: number, seed = 42): Tick[] {
  const r = rng(seed);
  const syms = Array.from({ length: SYMBOLS }, (_, k) => {
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
  const out: Tick[] = new Array(count);
  let ts = Date.parse('2024-05-01T00:00:00Z');
  for (let i = 0; i < count; i++) {
    const s = syms[Math.floor(r() * r() * SYMBOLS)]; // skewed: a few symbols trade most
    s.units = Math.max(1, s.units + Math.round((r() - 0.5) * 6));
    ts += Math.floor(r() * 40);
    const qtyUnits = Math.floor(r() * 10 ** (s.qtyDecimals + 2)) + 1;
    out[i] = {
      symbol: s.name,
      price: toDecimal(s.units, s.priceDecimals),
      qty: toDecimal(qtyUnits, s.qtyDecimals),
      seq: ++s.seq,
      ts,
    };
  }
  return out;
}

function toDecimal(units: number, decimals: number): string {
  const s = String(units).padStart(decimals + 1, '0');
  return decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

/** Ticks per second through `apply`; one function per implementation keeps each call site monomorphic. */
function rateOurs(ticks: Tick[]): number {
  const agg = createKlineAggregator({ periods: PERIODS });
  const start = performance.now();
  for (let i = 0; i < ticks.length; i++) agg.apply(ticks[i]);
  return ticks.length / ((performance.now() - start) / 1000);
}

function rateNaive(ticks: Tick[]): number {
  const agg = new NaiveKlineAggregator();
  const start = performance.now();
  for (let i = 0; i < ticks.length; i++) agg.apply(ticks[i]);
  return ticks.length / ((performance.now() - start) / 1000);
}

export async function runCoreBench(opts: { ticks?: number } = {}): Promise<{ ours: number; baseline: number; ratio: number }> {
  const count = opts.ticks ?? 1_000_000;
  const ticks = generateTicks(count);
  // Warm up on a separate stream so the JIT has compiled the hot path, then time. Ours runs before
  // the baseline so the baseline's garbage is not collected on our clock.
  rateOurs(generateTicks(Math.min(count, 100_000), 7));
  const ours = rateOurs(ticks);
  rateNaive(generateTicks(Math.min(count, 30_000), 7));
  // The baseline is an order of magnitude slower: time it on a prefix to keep the run short.
  const baseline = rateNaive(ticks.slice(0, Math.min(count, 300_000)));
  await Promise.resolve();
  return { ours, baseline, ratio: ours / baseline };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ticks = Number(process.argv[2] ?? 1_000_000);
  const r = await runCoreBench({ ticks });
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(`core kline aggregator, ${SYMBOLS} symbols, ${PERIODS.length} periods, ${f(ticks)} ticks`);
  console.log(`  ours     ${f(r.ours)} ticks/s`);
  console.log(`  baseline ${f(r.baseline)} ticks/s (naive decimal.js, new candle per tick)`);
  console.log(`  ratio    ${r.ratio.toFixed(1)}×`);
}
