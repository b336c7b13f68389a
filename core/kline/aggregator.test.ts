import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import BaseDecimal from 'decimal.js';
import { PERIODS, type Candle, type Period, type Tick } from '../types/market';
import { createKlineAggregator } from './aggregator';
import { aggregateCandles } from './rollup';
import { bucketStart } from './bucket';
import { nestsIn } from './calendar';

/** The reference must not round: decimal.js defaults to 20 significant digits. */
const Decimal = BaseDecimal.clone({ precision: 1000 });
type Decimal = BaseDecimal;
const T0 = Date.parse('2024-01-29T23:58:00Z'); // near a day, week (Mon) and month boundary
const tick = (seq: number, price: string, qty: string, ts: number, symbol = 'BTC/USDT'): Tick => ({
  symbol,
  price,
  qty,
  seq,
  ts,
});

/**
 * Independent reference: decimal.js for every field, a plain Set for seen seqs, the same published
 * rules (aggregator.ts doc comment) written the obvious way.
 */
function reference(ticks: Tick[], periods: readonly Period[]) {
  type Bar = {
    time: number;
    open: Decimal;
    high: Decimal;
    low: Decimal;
    close: Decimal;
    vol: Decimal;
    openSeq: number;
    closeSeq: number;
  };
  const seen = new Map<string, { first: number; max: number; set: Set<number> }>();
  const bars = new Map<string, Bar[]>();
  const outcomes: string[] = [];
  for (const t of ticks) {
    let s = seen.get(t.symbol);
    if (s === undefined) seen.set(t.symbol, (s = { first: t.seq, max: t.seq, set: new Set() }));
    if (s.set.has(t.seq) || t.seq < s.first) {
      outcomes.push('duplicate');
      continue;
    }
    const gap = t.seq > s.max + 1 ? `${s.max + 1}-${t.seq - 1}` : '';
    s.set.add(t.seq);
    s.max = Math.max(s.max, t.seq);
    const p = new Decimal(t.price);
    const q = new Decimal(t.qty);
    let any = false;
    for (const period of periods) {
      const key = `${t.symbol}|${period}`;
      const list = bars.get(key) ?? [];
      bars.set(key, list);
      const time = bucketStart(t.ts, period);
      const open = list[list.length - 1];
      if (open === undefined || time > open.time) {
        list.push({ time, open: p, high: p, low: p, close: p, vol: q, openSeq: t.seq, closeSeq: t.seq });
      } else if (time === open.time) {
        open.high = Decimal.max(open.high, p);
        open.low = Decimal.min(open.low, p);
        open.vol = open.vol.plus(q);
        if (t.seq > open.closeSeq) [open.close, open.closeSeq] = [p, t.seq];
        if (t.seq < open.openSeq) [open.open, open.openSeq] = [p, t.seq];
      } else continue;
      any = true;
    }
    // The gap goes with either outcome: a dropped tick's seq still counts, so this is its only report.
    outcomes.push((any ? 'applied' : 'late-dropped') + (gap ? ` gap ${gap}` : ''));
  }
  const series = (symbol: string, period: Period): Candle[] =>
    (bars.get(`${symbol}|${period}`) ?? []).map((b) => ({
      time: b.time,
      open: b.open.toFixed(),
      high: b.high.toFixed(),
      low: b.low.toFixed(),
      close: b.close.toFixed(),
      volume: b.vol.toFixed(),
    }));
  return { outcomes, series };
}

/**
 * Decimal strings with 0–8 decimals, sometimes padded with zeros; `big` adds 16–20 digit values;
 * `wide` small values with up to 30 decimals (beyond float64's exact powers of ten, 10^22).
 */
const decimalString = (big: boolean, wide = false) =>
  fc
    .tuple(
      big ? fc.bigInt({ min: 0n, max: 10n ** 20n }) : fc.bigInt({ min: 0n, max: wide ? 10n ** 4n : 10n ** 10n }),
      fc.integer({ min: 0, max: wide ? 30 : big ? 12 : 8 }),
      fc.integer({ min: 0, max: 2 }),
    )
    .map(([m, s, pad]) => new Decimal(m.toString()).div(new Decimal(10).pow(s)).toFixed(s + pad));

/**
 * A realistic-but-hostile stream: seqs mostly +1 with ts rising (sometimes by days, to cross weeks
 * and months), then local disorder: adjacent swaps, repeats, dropped ticks and stale timestamps
 * (mostly an hour back; some up to 40 days, before every open bar, so a tick after a dropped one is
 * late-dropped with a gap to report). Up to 120 ticks (`size: 'max'`: fast-check's default size
 * would cap the length at 10, too short to cross a week or to wrap a ring).
 */
const tickStream = (big: boolean, disorder = true, wide = false, t0 = T0) =>
  fc
    .array(
      fc.record({
        symbol: fc.constantFrom('BTC/USDT', 'ETH/USDT'),
        price: decimalString(big, wide),
        qty: decimalString(big, wide),
        dt: fc.oneof(
          { weight: 8, arbitrary: fc.integer({ min: 0, max: 90_000 }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 * 86_400_000 }) },
        ),
        op: disorder
          ? fc.constantFrom('keep', 'keep', 'keep', 'keep', 'swap', 'dup', 'drop', 'stale')
          : fc.constantFrom('keep', 'keep', 'keep', 'dup', 'drop'),
        back: fc.oneof(
          { weight: 3, arbitrary: fc.constant(3_600_000) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 * 86_400_000 }) },
        ),
      }),
      { maxLength: 120, size: 'max' },
    )
    .map((rows) => {
      const seqs = new Map<string, number>();
      let ts = t0;
      const out: Tick[] = [];
      for (const r of rows) {
        ts += r.dt;
        const seq = (seqs.get(r.symbol) ?? 100) + 1;
        seqs.set(r.symbol, seq);
        const t = tick(seq, r.price, r.qty, r.op === 'stale' ? ts - r.back : ts, r.symbol);
        if (r.op === 'drop') continue;
        out.push(t);
        if (r.op === 'dup') out.push({ ...t });
        if (r.op === 'swap' && out.length >= 2)
          [out[out.length - 2], out[out.length - 1]] = [out[out.length - 1], out[out.length - 2]];
      }
      return out;
    });

/**
 * Many symbols (records 64 to a page, record.ts): each tick's symbol drawn from `symbols`, prices
 * and volumes with up to 8 decimals, and in 1 of `bigOneIn` ticks a 16–20 digit value that moves
 * that symbol alone to BigInt while its page neighbours stay on float64. Seqs per symbol, time and
 * disorder as in `tickStream`.
 */
const manySymbolStream = (symbols: number, bigOneIn: number) =>
  fc
    .array(
      fc.record({
        symbol: fc.integer({ min: 0, max: symbols - 1 }).map((k) => `S${k}/USDT`),
        price: fc.oneof({ weight: bigOneIn - 1, arbitrary: decimalString(false) }, decimalString(true)),
        qty: fc.oneof({ weight: bigOneIn - 1, arbitrary: decimalString(false) }, decimalString(true)),
        dt: fc.oneof(
          { weight: 8, arbitrary: fc.integer({ min: 0, max: 20_000 }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 * 86_400_000 }) },
        ),
        op: fc.constantFrom('keep', 'keep', 'keep', 'keep', 'keep', 'swap', 'dup', 'drop', 'stale'),
        back: fc.integer({ min: 0, max: 2 * 86_400_000 }),
      }),
      { minLength: 100, maxLength: 600, size: 'max' },
    )
    .map((rows) => {
      const seqs = new Map<string, number>();
      let ts = T0;
      const out: Tick[] = [];
      for (const r of rows) {
        ts += r.dt;
        const seq = (seqs.get(r.symbol) ?? 0) + 1;
        seqs.set(r.symbol, seq);
        const t = tick(seq, r.price, r.qty, r.op === 'stale' ? ts - r.back : ts, r.symbol);
        if (r.op === 'drop') continue;
        out.push(t);
        if (r.op === 'dup') out.push({ ...t });
        if (r.op === 'swap' && out.length >= 2)
          [out[out.length - 2], out[out.length - 1]] = [out[out.length - 1], out[out.length - 2]];
      }
      return out;
    });

function checkAgainstReference(ticks: Tick[], maxBars = 10_000) {
  const agg = createKlineAggregator({ maxBars });
  const got = ticks.map((t) => {
    const r = agg.apply(t);
    return r.outcome + (r.gap ? ` gap ${r.gap.fromSeq}-${r.gap.toSeq}` : '');
  });
  const ref = reference(ticks, PERIODS);
  expect(got).toEqual(ref.outcomes);
  for (const symbol of new Set(['BTC/USDT', 'ETH/USDT', ...ticks.map((t) => t.symbol)]))
    for (const period of PERIODS)
      expect(agg.series(symbol, period), `${symbol} ${period}`).toEqual(ref.series(symbol, period).slice(-maxBars));
  const s = agg.stats();
  expect(s.applied + s.duplicates + s.lateDropped).toBe(ticks.length);
  return agg;
}

describe('createKlineAggregator: exactness against a decimal.js reference', () => {
  it('random disordered streams, float64 path', () => {
    fc.assert(
      fc.property(tickStream(false), (ticks) => void checkAgainstReference(ticks)),
      { numRuns: 150 },
    );
  });
  it('random disordered streams with 16–20 digit values (BigInt path and volume spill)', () => {
    fc.assert(
      fc.property(tickStream(true), (ticks) => void checkAgainstReference(ticks)),
      { numRuns: 200 },
    );
  });
  it('random streams with up to 30 decimals (scales past 10^22 leave float64)', () => {
    fc.assert(
      fc.property(tickStream(false, true, true), (ticks) => void checkAgainstReference(ticks)),
      { numRuns: 150 },
    );
  });
  it('streams across 2^43 ms (year 2248): closed bars past the time packed with their scales are kept as strings', () => {
    fc.assert(
      fc.property(
        tickStream(false, true, false, 2 ** 43 - 3 * 86_400_000),
        (ticks) => void checkAgainstReference(ticks),
      ),
      { numRuns: 100 },
    );
  });
  it('small maxBars: the ring keeps the newest bars of every series, wrapping many times', () => {
    fc.assert(
      fc.property(
        tickStream(false),
        fc.integer({ min: 1, max: 40 }),
        (ticks, maxBars) => void checkAgainstReference(ticks, maxBars),
      ),
      { numRuns: 200 },
    );
  });
  it('many symbols across record pages, some moving alone to BigInt', () => {
    fc.assert(
      fc.property(manySymbolStream(150, 200), (ticks) => void checkAgainstReference(ticks)),
      { numRuns: 40 },
    );
  });
  it("runs of one symbol's ticks, as a feed hands over a symbol's batch (the last symbol's index is reused; '' is a symbol too)", () => {
    fc.assert(
      fc.property(
        manySymbolStream(6, 50),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1 }),
        (ticks, runs) => {
          // stable-sort blocks of the stream by symbol: each block becomes runs of one symbol
          const out: Tick[] = [];
          for (let at = 0, k = 0; at < ticks.length; k++) {
            const block = ticks.slice(at, at + runs[k % runs.length] * 4);
            at += block.length;
            out.push(...block.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)));
          }
          void checkAgainstReference(out.map((t) => (t.symbol === 'S0/USDT' ? { ...t, symbol: '' } : t)));
        },
      ),
      { numRuns: 60 },
    );
  });
  it('long in-order stream: histories grow through every capacity step and wrap (maxBars 300)', () => {
    const ticks: Tick[] = [];
    let ts = T0;
    for (let k = 1; k <= 4000; k++) {
      ts += 7_000 + ((k * 7919) % 50_000);
      const sym = k % 3 === 0 ? 'ETH/USDT' : 'BTC/USDT';
      ticks.push(tick(k, `${(k * 37) % 1000}.${k % 100}`, `0.${(k * 13) % 10_000}`, ts, sym));
    }
    // per-symbol seqs with gaps: each symbol sees every third or two of three seqs
    checkAgainstReference(ticks, 300);
  });
});

describe('createKlineAggregator: invariants', () => {
  it('high ≥ max(open, close) and low ≤ min(open, close), whatever the order', () => {
    fc.assert(
      fc.property(tickStream(false), (ticks) => {
        const agg = createKlineAggregator();
        for (const t of ticks) agg.apply(t);
        for (const symbol of ['BTC/USDT', 'ETH/USDT'])
          for (const period of PERIODS)
            for (const c of agg.series(symbol, period)) {
              const [o, h, l, cl] = [c.open, c.high, c.low, c.close].map((x) => new Decimal(x));
              expect(h.gte(Decimal.max(o, cl))).toBe(true);
              expect(l.lte(Decimal.min(o, cl))).toBe(true);
            }
      }),
      { numRuns: 100 },
    );
  });

  it("with time moving forward, every period's volume is Σ qty of the non-duplicate ticks", () => {
    fc.assert(
      fc.property(tickStream(false, false), (ticks) => {
        const agg = createKlineAggregator({ maxBars: 100_000 });
        const applied: Tick[] = [];
        for (const t of ticks) if (agg.apply(t).outcome === 'applied') applied.push(t);
        for (const symbol of ['BTC/USDT', 'ETH/USDT']) {
          const sum = applied.filter((t) => t.symbol === symbol).reduce((s, t) => s.plus(t.qty), new Decimal(0));
          const unique = new Set(ticks.filter((t) => t.symbol === symbol).map((t) => t.seq));
          expect(applied.filter((t) => t.symbol === symbol)).toHaveLength(unique.size);
          for (const period of PERIODS) {
            const vol = agg.series(symbol, period).reduce((s, c) => s.plus(c.volume), new Decimal(0));
            expect(vol.toFixed(), period).toBe(sum.toFixed());
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('rolling candles up into any period they nest in (calendar.ts nestsIn) equals aggregating ticks directly (in-order streams)', () => {
    const inOrder = fc
      .array(fc.tuple(decimalString(false), decimalString(false), fc.integer({ min: 0, max: 6 * 3_600_000 })), {
        maxLength: 150,
        size: 'max',
      })
      .map((rows) => {
        let ts = T0;
        return rows.map(([p, q, dt], k) => tick(k + 1, p, q, (ts += dt)));
      });
    fc.assert(
      fc.property(inOrder, (ticks) => {
        const agg = createKlineAggregator({ maxBars: 100_000 });
        for (const t of ticks) agg.apply(t);
        for (const from of PERIODS) {
          const lower = agg.series('BTC/USDT', from);
          for (const to of PERIODS.filter((p) => nestsIn(from, p)))
            expect(aggregateCandles(lower, to), `${from} → ${to}`).toEqual(agg.series('BTC/USDT', to));
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('createKlineAggregator: rules', () => {
  it('ignores duplicates, reports gaps, lets a late tick fill its gap without rewinding close', () => {
    const agg = createKlineAggregator({ periods: ['1min'] });
    expect(agg.apply(tick(1, '100', '1', T0))).toEqual({ outcome: 'applied' });
    expect(agg.apply(tick(1, '999', '1', T0))).toEqual({ outcome: 'duplicate' });
    expect(agg.apply(tick(4, '101', '2', T0 + 1000))).toEqual({
      outcome: 'applied',
      gap: { symbol: 'BTC/USDT', fromSeq: 2, toSeq: 3 },
    });
    expect(agg.apply(tick(3, '90', '0.5', T0 + 500))).toEqual({ outcome: 'applied' }); // late, same bucket
    expect(agg.apply(tick(3, '90', '0.5', T0 + 500))).toEqual({ outcome: 'duplicate' });
    expect(agg.last('BTC/USDT', '1min')).toEqual({
      time: T0,
      open: '100',
      high: '101',
      low: '90',
      close: '101',
      volume: '3.5',
    });
    expect(agg.lastSeq('BTC/USDT')).toBe(4);
    expect(agg.lastSeq('ETH/USDT')).toBeUndefined();
  });

  it('a late tick earlier than the bar opener becomes the open', () => {
    const agg = createKlineAggregator({ periods: ['1min'] });
    agg.apply(tick(3, '80', '1', T0 - 60_000));
    expect(agg.apply(tick(5, '100', '1', T0 + 10)).gap).toEqual({ symbol: 'BTC/USDT', fromSeq: 4, toSeq: 4 });
    agg.apply(tick(4, '95', '1', T0 + 5));
    expect(agg.last('BTC/USDT', '1min')).toMatchObject({ open: '95', close: '100', low: '95' });
  });

  it('drops (and counts) ticks older than every open bar; still feeds longer periods', () => {
    const agg = createKlineAggregator({ periods: ['1min', '1day'] });
    agg.apply(tick(1, '100', '1', T0));
    agg.apply(tick(3, '100', '1', T0 + 120_000)); // next day's first minutes (T0 is 23:58)
    expect(agg.apply(tick(2, '50', '1', T0 + 60_000))).toEqual({ outcome: 'late-dropped' });
    agg.apply(tick(4, '100', '1', T0 + 180_000));
    expect(agg.apply(tick(0, '1', '1', T0 + 170_000))).toEqual({ outcome: 'duplicate' }); // below the first seq
    const agg2 = createKlineAggregator({ periods: ['1min', '1day'] });
    agg2.apply(tick(1, '100', '1', T0 + 60_000));
    agg2.apply(tick(3, '100', '1', T0 + 61_000));
    agg2.apply(tick(4, '100', '1', T0 + 62_000));
    // seq 2 is a minute old: too late for 1min, but its day is still open
    expect(agg2.apply(tick(2, '50', '1', T0 + 1_000))).toEqual({ outcome: 'applied' });
    expect(agg2.last('BTC/USDT', '1day')).toMatchObject({ low: '50', volume: '4' });
    expect(agg2.series('BTC/USDT', '1min')).toHaveLength(1);
    expect(agg.stats()).toEqual({ applied: 3, duplicates: 1, lateDropped: 1, gaps: 1 });
  });

  it('reports the gap of a tick too late for every open bar, so the caller can refetch', () => {
    // Float64 and BigInt paths: a price with 18 significant digits puts its symbol on BigInt at once.
    for (const [symbol, price] of [
      ['BTC/USDT', '100'],
      ['SHIB/USDT', '12345678901234567.5'],
    ]) {
      const agg = createKlineAggregator({ periods: ['1min', '5min'] });
      agg.apply(tick(1, price, '1', T0 + 2 * 60_000, symbol)); // 00:00, the next day's first minute
      expect(agg.apply(tick(4, price, '1', T0, symbol)), symbol).toEqual({
        outcome: 'late-dropped',
        gap: { symbol, fromSeq: 2, toSeq: 3 },
      });
      expect(agg.lastSeq(symbol)).toBe(4);
      // Reported once; the missing seqs may still arrive late and are applied without a new report.
      expect(agg.apply(tick(5, price, '1', T0 + 2 * 60_000 + 1, symbol))).toEqual({ outcome: 'applied' });
      expect(agg.apply(tick(2, price, '1', T0 + 2 * 60_000 + 2, symbol))).toEqual({ outcome: 'applied' });
      expect(agg.stats()).toEqual({ applied: 3, duplicates: 0, lateDropped: 1, gaps: 1 });
      expect(agg.series(symbol, '1min').map((c) => c.volume)).toEqual(['3']); // the dropped tick left no trace
    }
  });

  it('keeps at most maxBars bars per series, the open bar last', () => {
    const agg = createKlineAggregator({ periods: ['1min'], maxBars: 3 });
    for (let k = 0; k < 10; k++) agg.apply(tick(k + 1, String(k), '1', T0 + k * 60_000));
    expect(agg.series('BTC/USDT', '1min').map((c) => c.close)).toEqual(['7', '8', '9']);
  });

  it('load seeds history that live ticks continue', () => {
    const agg = createKlineAggregator({ periods: ['1min', '5min'] });
    const t = bucketStart(T0, '1min');
    agg.load('BTC/USDT', '1min', [
      { time: t - 60_000, open: '1', high: '2', low: '0.5', close: '1.5', volume: '10' },
      { time: t + 5, open: '1.5', high: '3', low: '1.25', close: '2', volume: '99999999999999999.5' },
    ]);
    agg.apply(tick(7, '3.001', '0.5', T0 + 30_000));
    expect(agg.series('BTC/USDT', '1min')).toEqual([
      { time: t - 60_000, open: '1', high: '2', low: '0.5', close: '1.5', volume: '10' },
      { time: t, open: '1.5', high: '3.001', low: '1.25', close: '3.001', volume: '100000000000000000' },
    ]);
    expect(agg.series('BTC/USDT', '5min')).toHaveLength(1);
  });

  it('load under a live bar: older history goes beneath it, the same bucket merges', () => {
    const agg = createKlineAggregator({ periods: ['1min'] });
    const t = bucketStart(T0, '1min');
    agg.apply(tick(1, '10', '1', t + 20_000));
    agg.apply(tick(2, '12', '1', t + 30_000));
    agg.load('BTC/USDT', '1min', [
      { time: t - 60_000, open: '8', high: '9', low: '7', close: '9', volume: '4' },
      { time: t, open: '9', high: '11', low: '9', close: '10', volume: '5' },
    ]);
    expect(agg.series('BTC/USDT', '1min')).toEqual([
      { time: t - 60_000, open: '8', high: '9', low: '7', close: '9', volume: '4' },
      { time: t, open: '9', high: '12', low: '9', close: '12', volume: '5' },
    ]);
    agg.apply(tick(3, '13', '1', t + 40_000)); // live close continues, loaded open stays
    expect(agg.last('BTC/USDT', '1min')).toMatchObject({ open: '9', close: '13', volume: '6' });
  });

  it('stays exact with hundreds of decimals (beyond any float64 power of ten)', () => {
    const tiny = '0.' + '0'.repeat(400) + '1';
    const ticks = [
      tick(1, '0', '0', T0),
      tick(2, tiny, tiny, T0 + 1),
      tick(3, '0', '2', T0 + 2),
      tick(4, '5', '0', T0 + 90_000),
    ];
    checkAgainstReference(ticks);
    const agg = createKlineAggregator({ periods: ['1min'] });
    for (const t of ticks) agg.apply(t);
    expect(agg.series('BTC/USDT', '1min')[0]).toEqual({
      time: bucketStart(T0, '1min'),
      open: '0',
      high: tiny,
      low: '0',
      close: '0',
      volume: '2' + tiny.slice(1),
    });
  });

  it('rejects malformed ticks without recording their seq', () => {
    const agg = createKlineAggregator();
    expect(() => agg.apply(tick(1, '-1', '1', T0))).toThrow(RangeError);
    expect(() => agg.apply(tick(1, 'abc', '1', T0))).toThrow(RangeError);
    expect(() => agg.apply(tick(1.5, '1', '1', T0))).toThrow(RangeError);
    expect(() => agg.apply(tick(1, '1', '1', Number.NaN))).toThrow(RangeError);
    expect(agg.lastSeq('BTC/USDT')).toBeUndefined();
    expect(agg.apply(tick(1, '1e-3', '2', T0))).toEqual({ outcome: 'applied' }); // exponent form is normalised
    expect(agg.last('BTC/USDT', '1min')?.close).toBe('0.001');
    expect(() => agg.series('BTC/USDT', 'nope' as Period)).toThrow(RangeError);
  });
});
