import fc from 'fast-check';
import { BollingerBands } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { boll, BollState } from './boll';
import { aligned, checkIncremental, near, scriptArb, seriesArb } from './bars.fixture';

describe('BOLL', () => {
  it('equals technicalindicators BollingerBands within 1e-9 relative (population σ)', () => {
    fc.assert(
      fc.property(
        seriesArb(0, 300),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(1, 2, 2.5),
        (bars, period, width) => {
          const ours = boll(bars, period, width);
          const lib = aligned(
            BollingerBands.calculate({ period, stdDev: width, values: bars.map((b) => b.close) }),
            period - 1,
            bars.length,
          );
          // σ and the bands are compared on the price's scale: σ of a flat window is 0.
          const scale = Math.max(1, ...bars.map((b) => b.close));
          bars.forEach((_, i) => {
            const l = lib[i];
            expect(near(ours[i].mid, l?.middle ?? NaN, scale), `mid ${i}`).toBe(true);
            expect(near(ours[i].upper, l?.upper ?? NaN, scale), `upper ${i}`).toBe(true);
            expect(near(ours[i].lower, l?.lower ?? NaN, scale), `lower ${i}`).toBe(true);
          });
        },
      ),
    );
  });

  it('defaults to 20, 2', () => {
    const bars = Array.from({ length: 20 }, (_, i) => ({ close: i % 2 ? 11 : 9, high: 11, low: 9, volume: 1 }));
    expect(boll(bars)[19]).toEqual({ mid: 10, upper: 12, lower: 8 });
    expect(boll(bars)[18].mid).toBeNaN();
  });

  it('push/update with open-bar updates between pushes equals the batch', () => {
    fc.assert(
      fc.property(scriptArb(0, 60), (s) =>
        checkIncremental(
          () => new BollState(5, 2),
          (b) => boll(b, 5, 2),
          s,
          (a, b) => expect(a).toEqual(b),
        ),
      ),
    );
  });
});
