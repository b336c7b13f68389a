import fc from 'fast-check';
import { AverageGain, AverageLoss, RSI } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { rsi, RsiState } from './rsi';
import { aligned, checkIncremental, near, scriptArb, seriesArb } from './bars.fixture';

describe('RSI (Wilder)', () => {
  it('equals 100 − 100 / (1 + RS) of technicalindicators’ Wilder average gain/loss within 1e-9, and its rounded RSI', () => {
    fc.assert(
      fc.property(seriesArb(0, 300), fc.integer({ min: 1, max: 40 }), (bars, period) => {
        const closes = bars.map((b) => b.close);
        const ours = rsi(bars, [period]).map((v) => v[0]);
        const gain = aligned(AverageGain.calculate({ period, values: closes }), period, bars.length);
        const loss = aligned(AverageLoss.calculate({ period, values: closes }), period, bars.length);
        // technicalindicators rounds its RSI to 2 decimals; we keep full precision for the display to round.
        const rounded = aligned(RSI.calculate({ period, values: closes }), period, bars.length);
        bars.forEach((_, i) => {
          const g = gain[i];
          const l = loss[i];
          const ref = g === undefined || l === undefined ? NaN : l === 0 ? 100 : g === 0 ? 0 : 100 - 100 / (1 + g / l);
          expect(near(ours[i], ref, 100), `bar ${i}: ${ours[i]} vs ${ref}`).toBe(true);
          if (rounded[i] === undefined) expect(ours[i]).toBeNaN();
          else expect(Math.abs(ours[i] - (rounded[i] as number))).toBeLessThanOrEqual(0.005 + 1e-9);
        });
      }),
    );
  });

  it('defaults to 6 / 12 / 24; no loss gives 100, no gain 0', () => {
    const up = Array.from({ length: 25 }, (_, i) => ({ close: 10 + i, high: 10 + i, low: 10 + i, volume: 1 }));
    expect(rsi(up)[24]).toEqual([100, 100, 100]);
    expect(rsi(up)[5]).toEqual([NaN, NaN, NaN]);
    expect(rsi(up.map((b) => ({ ...b, close: 100 - b.close })))[6][0]).toBe(0);
  });

  it('push/update with open-bar updates between pushes equals the batch', () => {
    fc.assert(
      fc.property(scriptArb(0, 60), (s) =>
        checkIncremental(
          () => new RsiState([1, 2, 6]),
          (b) => rsi(b, [1, 2, 6]),
          s,
          (a, b) => expect(a).toEqual(b),
        ),
      ),
    );
  });
});
