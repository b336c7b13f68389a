import fc from 'fast-check';
import { EMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { ema, EmaState } from './ema';
import { aligned, checkIncremental, near, scriptArb, seriesArb } from './bars.fixture';

describe('EMA', () => {
  it('equals technicalindicators EMA (SMA-seeded) within 1e-9 relative', () => {
    fc.assert(
      fc.property(
        seriesArb(0, 300),
        fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 3 }),
        (bars, periods) => {
          const ours = ema(bars, periods);
          periods.forEach((p, k) => {
            const lib = aligned(EMA.calculate({ period: p, values: bars.map((b) => b.close) }), p - 1, bars.length);
            bars.forEach((_, i) =>
              expect(near(ours[i][k], lib[i] ?? NaN), `bar ${i} EMA${p}: ${ours[i][k]} vs ${lib[i]}`).toBe(true),
            );
          });
        },
      ),
    );
  });

  it('push/update with open-bar updates between pushes equals the batch', () => {
    fc.assert(
      fc.property(scriptArb(0, 60), (s) =>
        checkIncremental(
          () => new EmaState([1, 4, 9]),
          (b) => ema(b, [1, 4, 9]),
          s,
          (a, b) => expect(a).toEqual(b),
        ),
      ),
    );
  });
});
