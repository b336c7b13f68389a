import fc from 'fast-check';
import { Stochastic } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { kdj, KdjState } from './kdj';
import { aligned, checkIncremental, near, scriptArb, seriesArb } from './bars.fixture';
import type { IndicatorBar } from './types';

/**
 * Explicit reference for the smoothing (technicalindicators has no KDJ): the 通达信 formula written
 * out naively, with the window's highest/lowest found by scanning.
 */
function referenceKdj(bars: IndicatorBar[], n: number, m1: number, m2: number) {
  let k = 50;
  let d = 50;
  return bars.map((b, i) => {
    if (i < n - 1) return { k: NaN, d: NaN, j: NaN, rsv: NaN };
    const win = bars.slice(i - n + 1, i + 1);
    const hh = Math.max(...win.map((x) => x.high));
    const ll = Math.min(...win.map((x) => x.low));
    const rsv = hh === ll ? 0 : ((b.close - ll) / (hh - ll)) * 100;
    k = (k * (m1 - 1) + rsv) / m1;
    d = (d * (m2 - 1) + k) / m2;
    return { k, d, j: 3 * k - 2 * d, rsv };
  });
}

describe('KDJ', () => {
  it('RSV equals technicalindicators Stochastic %K; K, D, J equal the explicit reference within 1e-9', () => {
    fc.assert(
      fc.property(
        seriesArb(0, 300),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (bars, n, m1, m2) => {
          const ours = kdj(bars, n, m1, m2);
          const ref = referenceKdj(bars, n, m1, m2);
          const lib = aligned(
            Stochastic.calculate({
              high: bars.map((b) => b.high),
              low: bars.map((b) => b.low),
              close: bars.map((b) => b.close),
              period: n,
              signalPeriod: 3,
            }),
            n - 1,
            bars.length,
          );
          bars.forEach((_, i) => {
            expect(near(ref[i].rsv, lib[i]?.k ?? NaN, 100), `rsv ${i}: ${ref[i].rsv} vs ${lib[i]?.k}`).toBe(true);
            expect(near(ours[i].k, ref[i].k, 100), `k ${i}`).toBe(true);
            expect(near(ours[i].d, ref[i].d, 100), `d ${i}`).toBe(true);
            expect(near(ours[i].j, ref[i].j, 100), `j ${i}`).toBe(true);
          });
        },
      ),
    );
  });

  it('defaults to 9, 3, 3 with K and D seeded at 50', () => {
    const bars = Array.from({ length: 9 }, (_, i) => ({ close: 10 + i, high: 10 + i, low: 10 + i, volume: 1 }));
    const out = kdj(bars);
    expect(out[7].k).toBeNaN();
    // RSV = 100 at the top of the window: K = (2 × 50 + 100) / 3, D = (2 × 50 + K) / 3
    expect(out[8].k).toBeCloseTo(200 / 3, 12);
    expect(out[8].d).toBeCloseTo((100 + 200 / 3) / 3, 12);
  });

  it('push/update with open-bar updates between pushes equals the batch', () => {
    fc.assert(
      fc.property(scriptArb(0, 60), (s) =>
        checkIncremental(
          () => new KdjState(4, 3, 3),
          (b) => kdj(b, 4, 3, 3),
          s,
          (a, b) => expect(a).toEqual(b),
        ),
      ),
    );
  });
});
