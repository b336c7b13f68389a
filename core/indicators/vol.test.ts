import fc from 'fast-check';
import { SMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { vol, VolState } from './vol';
import { aligned, checkIncremental, near, scriptArb, seriesArb } from './bars.fixture';

describe('VOL', () => {
  it('is the bar volume plus MA5 / MA10 of it, equal to technicalindicators SMA within 1e-9', () => {
    fc.assert(
      fc.property(seriesArb(0, 200), (bars) => {
        const ours = vol(bars);
        const volumes = bars.map((b) => b.volume);
        const scale = Math.max(1, ...volumes);
        [5, 10].forEach((p, k) => {
          const lib = aligned(SMA.calculate({ period: p, values: volumes }), p - 1, bars.length);
          bars.forEach((b, i) => {
            expect(ours[i].volume).toBe(b.volume);
            expect(near(ours[i].ma[k], lib[i] ?? NaN, scale), `bar ${i} MA${p}`).toBe(true);
          });
        });
      }),
    );
  });

  it('push/update with open-bar updates between pushes equals the batch', () => {
    fc.assert(
      fc.property(scriptArb(0, 60), (s) =>
        checkIncremental(
          () => new VolState([2, 5]),
          (b) => vol(b, [2, 5]),
          s,
          (a, b) => expect(a).toEqual(b),
        ),
      ),
    );
  });
});
