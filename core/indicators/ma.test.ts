import fc from 'fast-check';
import { SMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { ma, MaState } from './ma';
import { aligned, checkIncremental, near, scriptArb, seriesArb } from './bars.fixture';

describe('MA', () => {
  it('equals technicalindicators SMA within 1e-9 relative, NaN until the window fills', () => {
    fc.assert(
      fc.property(
        seriesArb(0, 300),
        fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 3 }),
        (bars, periods) => {
          const ours = ma(bars, periods);
          periods.forEach((p, k) => {
            const lib = aligned(SMA.calculate({ period: p, values: bars.map((b) => b.close) }), p - 1, bars.length);
            bars.forEach((_, i) => {
              expect(near(ours[i][k], lib[i] ?? NaN), `bar ${i} MA${p}: ${ours[i][k]} vs ${lib[i]}`).toBe(true);
            });
          });
        },
      ),
    );
  });

  it('defaults to Binance 7 / 25 / 99', () => {
    const bars = Array.from({ length: 99 }, (_, i) => ({ close: i + 1, high: i + 1, low: i + 1, volume: 1 }));
    expect(ma(bars)[98]).toEqual([96, 87, 50]);
    expect(ma(bars)[5]).toEqual([NaN, NaN, NaN]);
  });

  it('push/update with open-bar updates between pushes equals the batch', () => {
    fc.assert(
      fc.property(scriptArb(0, 60), (s) =>
        checkIncremental(
          () => new MaState([1, 3, 7]),
          (b) => ma(b, [1, 3, 7]),
          s,
          (a, b) => expect(a).toEqual(b),
        ),
      ),
    );
  });

  it('a long series does not drift from a fresh window sum', () => {
    const state = new MaState([5]);
    let last = NaN;
    const closes: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      const c = 60_000 + Math.sin(i) * 1000 + (i % 13) * 0.01;
      closes.push(c);
      last = state.push({ close: c, high: c, low: c, volume: 0 })[0];
    }
    const exact = closes.slice(-5).reduce((s, x) => s + x, 0) / 5;
    expect(Math.abs(last - exact) / exact).toBeLessThan(1e-12);
  });
});
