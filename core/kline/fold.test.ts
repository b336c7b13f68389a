import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import BaseDecimal from 'decimal.js';
import { PERIODS, type Candle, type Period, type Tick } from '../types/market';
import { createKlineAggregator, type KlineAggregator } from './aggregator';
import { bucketStart, nextBucketStart } from './bucket';
import { FoldPlan } from './fold';

const Decimal = BaseDecimal.clone({ precision: 1000 });
/** Sunday 2024-03-31 23:50 UTC: minute, hour, day, week (Mon 2024-04-01) and month boundaries within 10 min. */
const T0 = Date.parse('2024-03-31T23:50:00Z');
const SYMBOLS = ['BTC/USDT', 'ETH/USDT'] as const;

/** Decimal strings: mostly 0–8 decimals, some with more (forcing rescales), some 16–20 digits (BigInt), some huge volumes. */
const decimal = fc
  .oneof(
    { weight: 12, arbitrary: fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 8 })) },
    { weight: 2, arbitrary: fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 4n }), fc.integer({ min: 9, max: 24 })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.bigInt({ min: 10n ** 15n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 })),
    },
    { weight: 1, arbitrary: fc.tuple(fc.bigInt({ min: 2n ** 52n, max: 2n ** 53n }), fc.constant(0)) },
  )
  .map(([m, s]) => new Decimal(m.toString()).div(new Decimal(10).pow(s)).toFixed());

type Op =
  | {
      kind: 'tick';
      sym: number;
      dt: number;
      stale: number;
      seq: 'next' | 'dup' | 'skip' | 'late';
      pick: number;
      price: string;
      qty: string;
    }
  | {
      kind: 'load';
      sym: number;
      base: boolean;
      period: number;
      rel: number;
      older: number;
      values: string[];
      volume: string;
    };

const tickOp = fc.record({
  kind: fc.constant('tick' as const),
  sym: fc.integer({ min: 0, max: 1 }),
  dt: fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 0, max: 90_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 2 * 86_400_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 * 86_400_000 }) },
  ),
  // how far before the stream's clock this tick is stamped (late ticks reaching minutes, hours, days, weeks, months back)
  stale: fc.oneof(
    { weight: 10, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 600_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 3 * 86_400_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 * 86_400_000 }) },
  ),
  seq: fc.constantFrom('next', 'next', 'next', 'next', 'dup', 'skip', 'late', 'late'),
  pick: fc.nat(),
  price: decimal,
  qty: decimal,
});
const loadOp = fc.record({
  kind: fc.constant('load' as const),
  sym: fc.integer({ min: 0, max: 1 }),
  base: fc.boolean(), // the shortest period (the one the others fold from), else `period`
  period: fc.nat(),
  rel: fc.integer({ min: -2, max: 2 }), // buckets from the live bar (or the clock)
  older: fc.integer({ min: 0, max: 2 }), // extra history candles before it
  values: fc.array(decimal, { minLength: 4, maxLength: 4 }),
  volume: decimal,
});
const ops = (loads: boolean) =>
  fc.array(loads ? fc.oneof({ weight: 8, arbitrary: tickOp }, { weight: 1, arbitrary: loadOp }) : tickOp, {
    maxLength: 150,
    size: 'max',
  });

function shift(time: number, period: Period, by: number): number {
  let t = time;
  for (let k = 0; k < by; k++) t = nextBucketStart(t, period);
  for (let k = 0; k > by; k--) t = bucketStart(t - 1, period);
  return t;
}

/** Valid OHLC from four values: low ≤ open, close ≤ high. */
function candleFrom(time: number, values: string[], volume: string): Candle {
  const v = [...values].sort((a, b) => new Decimal(a).cmp(b));
  return { time, open: v[1], high: v[3], low: v[0], close: v[2], volume };
}

const outcomeText = (r: ReturnType<KlineAggregator['apply']>) =>
  r.outcome + (r.gap ? ` gap ${r.gap.fromSeq}-${r.gap.toSeq}` : '');

/**
 * Runs the ops through an aggregator of `periods` and through one single-period aggregator per
 * period (a lone period is the base: updated per tick, nothing folded), comparing every outcome and,
 * after each load and at the end, every series and last bar.
 */
function checkFoldedEqualsDirect(periods: readonly Period[], list: Op[], maxBars: number) {
  const all = createKlineAggregator({ periods, maxBars });
  const base = periods[new FoldPlan(periods).base];
  const one = new Map(periods.map((p) => [p, createKlineAggregator({ periods: [p], maxBars })]));
  const seqs = [100, 100];
  const skipped: number[][] = [[], []];
  const lastTick: (Tick | undefined)[] = [undefined, undefined];
  let clock = T0;
  const compare = (when: string) => {
    for (const symbol of SYMBOLS) {
      for (const p of periods) {
        const ref = one.get(p)!;
        expect(all.series(symbol, p), `${when}: ${symbol} ${p}`).toEqual(ref.series(symbol, p));
        expect(all.last(symbol, p), `${when}: last ${symbol} ${p}`).toEqual(ref.last(symbol, p));
      }
      expect(all.lastSeq(symbol)).toBe(one.get(periods[0])!.lastSeq(symbol));
    }
  };
  list.forEach((op, k) => {
    const symbol = SYMBOLS[op.sym];
    if (op.kind === 'load') {
      const p = op.base ? base : periods[op.period % periods.length];
      const live = one.get(p)!.last(symbol, p);
      const at = shift(live?.time ?? bucketStart(clock, p), p, op.rel);
      const candles = [candleFrom(at, op.values, op.volume)];
      for (let j = 1; j <= op.older; j++) candles.unshift(candleFrom(shift(at, p, -j), op.values, op.volume));
      all.load(symbol, p, candles);
      one.get(p)!.load(symbol, p, candles);
      compare(`after op ${k} (load ${p} at ${op.rel})`);
      return;
    }
    let t: Tick;
    let gap = ''; // the seq this tick jumps over, as outcomeText reports it
    if (op.seq === 'dup' && lastTick[op.sym] !== undefined) t = { ...lastTick[op.sym]!, price: op.price };
    else {
      let seq: number;
      if (op.seq === 'late' && skipped[op.sym].length > 0)
        seq = skipped[op.sym].splice(op.pick % skipped[op.sym].length, 1)[0];
      else {
        if (op.seq === 'skip') {
          skipped[op.sym].push(++seqs[op.sym]);
          if (lastTick[op.sym] !== undefined) gap = ` gap ${seqs[op.sym]}-${seqs[op.sym]}`; // a symbol's first tick reports none
        }
        seq = ++seqs[op.sym];
      }
      clock += op.dt;
      t = { symbol, seq, price: op.price, qty: op.qty, ts: clock - op.stale };
    }
    lastTick[op.sym] = t;
    const got = outcomeText(all.apply(t));
    const singles = periods.map((p) => outcomeText(one.get(p)!.apply(t)));
    // Every aggregator reports the gap, whether its periods took the tick or dropped it as late.
    const gapOf = (s: string) => (s.includes(' ') ? s.slice(s.indexOf(' ')) : '');
    const wrongGap = [got, ...singles].find((s) => gapOf(s) !== gap);
    expect(wrongGap, `op ${k}: all report '${gap}' for ${JSON.stringify(t)}`).toBeUndefined();
    // Applied if any period took it, else all agree.
    expect(got, `op ${k}: ${JSON.stringify(t)}`).toBe(singles.find((s) => s.startsWith('applied')) ?? singles[0]);
  });
  compare('end');
  const s = all.stats();
  expect(s.applied + s.duplicates + s.lateDropped).toBe(list.filter((o) => o.kind === 'tick').length);
}

describe('folded periods (fold.ts) equal periods updated per tick', () => {
  it('all nine periods: random disordered streams with duplicates, gaps, late ticks and rescales', () => {
    fc.assert(
      fc.property(ops(false), fc.constantFrom(3, 50, 10_000), (list, maxBars) =>
        checkFoldedEqualsDirect(PERIODS, list, maxBars),
      ),
      { numRuns: 150 },
    );
  });

  it("all nine periods with load() mid-stream: history in, before and after the live bar's bucket", () => {
    fc.assert(
      fc.property(ops(true), fc.constantFrom(3, 50, 10_000), (list, maxBars) =>
        checkFoldedEqualsDirect(PERIODS, list, maxBars),
      ),
      { numRuns: 150 },
    );
  });

  it('any subset of periods, in any order (other bases; periods that do not nest stay direct)', () => {
    const subset = fc.shuffledSubarray([...PERIODS], { minLength: 1 });
    fc.assert(
      fc.property(subset, ops(true), (periods, list) => checkFoldedEqualsDirect(periods, list, 10_000)),
      { numRuns: 200 },
    );
  });

  it('mostly ticks inside the base bar or closing it with every slot linked, between loads that unlink slots', () => {
    const inBar = fc.record({
      kind: fc.constant('tick' as const),
      sym: fc.integer({ min: 0, max: 1 }),
      dt: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 0, max: 4_000 }) }, fc.integer({ min: 0, max: 400_000 })),
      stale: fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, fc.integer({ min: 0, max: 600_000 })),
      seq: fc.constantFrom('next', 'next', 'next', 'next', 'next', 'dup', 'skip', 'late'),
      pick: fc.nat(),
      price: decimal,
      qty: decimal,
    });
    const list = fc.array(fc.oneof({ weight: 10, arbitrary: inBar }, { weight: 1, arbitrary: loadOp }), {
      maxLength: 150,
      size: 'max',
    });
    const subset = fc.oneof(fc.constant([...PERIODS]), fc.shuffledSubarray([...PERIODS], { minLength: 1 }));
    fc.assert(
      fc.property(subset, list, (periods, l) => checkFoldedEqualsDirect(periods, l, 10_000)),
      { numRuns: 150 },
    );
  });

  it("['1week', '1mon']: a month is not folded from weeks (they straddle it)", () => {
    const plan = new FoldPlan(['1week', '1mon']);
    expect(plan.base).toBe(0);
    expect([...plan.folded]).toEqual([]);
    expect([...plan.direct]).toEqual([1]);
    fc.assert(
      fc.property(ops(true), (list) => checkFoldedEqualsDirect(['1week', '1mon'], list, 10_000)),
      { numRuns: 100 },
    );
    // A week that straddles 2024-05-01 (Wed): its ticks go to two months.
    const agg = createKlineAggregator({ periods: ['1week', '1mon'] });
    const tick = (seq: number, ts: string): Tick => ({
      symbol: 'BTC/USDT',
      seq,
      price: String(seq),
      qty: '1',
      ts: Date.parse(ts),
    });
    agg.apply(tick(1, '2024-04-29T10:00:00Z'));
    agg.apply(tick(2, '2024-05-01T10:00:00Z'));
    expect(agg.series('BTC/USDT', '1week')).toHaveLength(1);
    expect(agg.series('BTC/USDT', '1mon').map((c) => [c.time, c.volume])).toEqual([
      [Date.parse('2024-04-01T00:00:00Z'), '1'],
      [Date.parse('2024-05-01T00:00:00Z'), '1'],
    ]);
  });

  it('plan: the shortest period is the base, every other nesting period folded', () => {
    const all = new FoldPlan(PERIODS);
    expect(PERIODS[all.base]).toBe('1min');
    expect([...all.folded].map((i) => PERIODS[i])).toEqual(PERIODS.slice(1));
    expect([...all.direct]).toEqual([]);
    const some = new FoldPlan(['1mon', '1day', '1week', '4hour']);
    expect(some.base).toBe(3);
    expect([...some.folded]).toEqual([0, 1, 2]);
    // each folded from the longest shorter period that nests in it (a month not from weeks)
    const from = (plan: FoldPlan, periods: readonly Period[]) =>
      Object.fromEntries([...plan.folded].map((i) => [periods[i], periods[plan.src[i]]]));
    expect(from(all, PERIODS)).toEqual({
      '5min': '1min',
      '15min': '5min',
      '30min': '15min',
      '60min': '30min',
      '4hour': '60min',
      '1day': '4hour',
      '1week': '1day',
      '1mon': '1day',
    });
    expect(from(some, ['1mon', '1day', '1week', '4hour'])).toEqual({
      '1day': '4hour',
      '1week': '1day',
      '1mon': '1day',
    });
    const odd: Period[] = ['1week', '1mon', '1min'];
    expect(from(new FoldPlan(odd), odd)).toEqual({ '1week': '1min', '1mon': '1min' });
  });

  it('a late tick still reaches the longer periods whose bars are open', () => {
    const agg = createKlineAggregator();
    const t = Date.parse('2024-04-01T10:00:00Z');
    agg.apply({ symbol: 'X', seq: 1, price: '10', qty: '1', ts: t });
    agg.apply({ symbol: 'X', seq: 3, price: '11', qty: '1', ts: t + 90 * 60_000 }); // 11:30: 1min…60min open new bars
    expect(agg.apply({ symbol: 'X', seq: 2, price: '5', qty: '2', ts: t + 60_000 })).toEqual({ outcome: 'applied' }); // 10:01
    for (const p of ['1min', '5min', '15min', '30min', '60min'] as const)
      expect(agg.last('X', p)).toMatchObject({ low: '11', volume: '1' });
    for (const p of ['4hour', '1day', '1week', '1mon'] as const)
      expect(agg.last('X', p)).toMatchObject({ open: '10', low: '5', close: '11', volume: '4' });
  });
});
