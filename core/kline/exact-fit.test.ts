import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import BaseDecimal from 'decimal.js';
import { PERIODS, type Candle, type Period, type Tick } from '../types/market';
import { createKlineAggregator } from './aggregator';
import { bucketStart } from './bucket';

/**
 * The aggregator's fixed-point path (scaled integers in float64, volume spilling into BigInt, the
 * whole symbol moving to BigInt when a value stops fitting) must give, as decimal strings, exactly
 * the candles decimal.js gives. The streams here sit on the edges: mantissas around 2^53, up to 30
 * decimals (past 10^22, the last exact power of ten), volumes whose sums leave the safe integers,
 * and decimals rising mid-stream so that a rescale pushes held prices over the limit.
 */
const Decimal = BaseDecimal.clone({ precision: 1000 });
type Decimal = BaseDecimal;
const LIMIT = 2n ** 53n;
const T0 = Date.parse('2024-02-29T23:50:00Z'); // a leap day: day, week and month boundaries nearby

const plain = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 8 }));
const nearLimit = fc.tuple(fc.bigInt({ min: LIMIT - 2000n, max: LIMIT + 2000n }), fc.integer({ min: 0, max: 22 }));
const manyDecimals = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.integer({ min: 14, max: 30 }));
const huge = fc.tuple(fc.bigInt({ min: 10n ** 15n, max: 10n ** 22n }), fc.integer({ min: 0, max: 4 }));
/** mantissa / 10^scale as a string, sometimes with trailing zeros the parser must drop */
const decimal = (...parts: fc.Arbitrary<[bigint, number]>[]) =>
  fc
    .tuple(fc.oneof(...parts), fc.integer({ min: 0, max: 2 }))
    .map(([[m, s], pad]) => new Decimal(m.toString()).div(new Decimal(10).pow(s)).toFixed(s + pad));

const price = decimal(plain, plain, plain, nearLimit, manyDecimals);
const qty = decimal(plain, plain, nearLimit, manyDecimals, huge);

/** In-order seqs with repeats (duplicates) and some stale timestamps (late or dropped ticks). */
const stream = fc
  .array(
    fc.record({
      symbol: fc.constantFrom('A/USDT', 'B/USDT'),
      price,
      qty,
      dt: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 0, max: 120_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 9 * 86_400_000 }) },
      ),
      op: fc.constantFrom('keep', 'keep', 'keep', 'keep', 'dup', 'stale'),
    }),
    { maxLength: 80, size: 'max' },
  )
  .map((rows) => {
    const seqs = new Map<string, number>();
    let ts = T0;
    const out: Tick[] = [];
    for (const r of rows) {
      ts += r.dt;
      const seq = (seqs.get(r.symbol) ?? 0) + 1;
      seqs.set(r.symbol, seq);
      const t: Tick = { symbol: r.symbol, price: r.price, qty: r.qty, seq, ts: r.op === 'stale' ? ts - 3_600_000 : ts };
      out.push(t);
      if (r.op === 'dup') out.push({ ...t });
    }
    return out;
  });

/** Per symbol and period, the candles by the published rules, in decimal.js (seqs only rise here). */
function reference(ticks: Tick[]): (symbol: string, period: Period) => Candle[] {
  type Bar = { time: number; open: Decimal; high: Decimal; low: Decimal; close: Decimal; vol: Decimal };
  const bars = new Map<string, Bar[]>();
  const last = new Map<string, number>();
  for (const t of ticks) {
    if (t.seq <= (last.get(t.symbol) ?? 0)) continue;
    last.set(t.symbol, t.seq);
    const p = new Decimal(t.price);
    const q = new Decimal(t.qty);
    for (const period of PERIODS) {
      const key = `${t.symbol}|${period}`;
      const list = bars.get(key) ?? [];
      bars.set(key, list);
      const time = bucketStart(t.ts, period);
      const open = list[list.length - 1];
      if (open === undefined || time > open.time) list.push({ time, open: p, high: p, low: p, close: p, vol: q });
      else if (time === open.time) {
        open.high = Decimal.max(open.high, p);
        open.low = Decimal.min(open.low, p);
        open.close = p;
        open.vol = open.vol.plus(q);
      }
    }
  }
  return (symbol, period) =>
    (bars.get(`${symbol}|${period}`) ?? []).map((b) => ({
      time: b.time,
      open: b.open.toFixed(),
      high: b.high.toFixed(),
      low: b.low.toFixed(),
      close: b.close.toFixed(),
      volume: b.vol.toFixed(),
    }));
}

describe('fixed-point aggregation: exact at the edges of float64', () => {
  it('gives the decimal.js candles, as strings, on streams with values at and past the fit limit', () => {
    fc.assert(
      fc.property(stream, (ticks) => {
        const agg = createKlineAggregator({ maxBars: 10_000 });
        for (const t of ticks) agg.apply(t);
        const ref = reference(ticks);
        for (const symbol of ['A/USDT', 'B/USDT'])
          for (const period of PERIODS)
            expect(agg.series(symbol, period), `${symbol} ${period}`).toEqual(ref(symbol, period));
      }),
      { numRuns: 150 },
    );
  });

  it('volumes summing past 2^53 stay exact on the float64 path and after a move to BigInt', () => {
    const agg = createKlineAggregator({ periods: ['1min', '1day'] });
    const big = '9007199254740991'; // 2^53 − 1
    agg.apply({ symbol: 'X', price: '1.5', qty: big, seq: 1, ts: T0 });
    agg.apply({ symbol: 'X', price: '2', qty: big, seq: 2, ts: T0 + 1 });
    expect(agg.last('X', '1min')?.volume).toBe('18014398509481982');
    // one more decimal on a price near the limit cannot be held in float64: the symbol moves to BigInt
    agg.apply({ symbol: 'X', price: '900719925474099.1', qty: '0.000000000000000000000001', seq: 3, ts: T0 + 2 });
    expect(agg.last('X', '1day')).toMatchObject({
      open: '1.5',
      high: '900719925474099.1',
      low: '1.5',
      close: '900719925474099.1',
      volume: '18014398509481982.000000000000000000000001',
    });
  });
});
