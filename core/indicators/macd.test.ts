import fc from 'fast-check';
import { MACD } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { macd, MacdState } from './macd';
import { aligned, checkIncremental, near, scriptArb, seriesArb } from './bars.fixture';

describe('MACD', () => {
  it('equals technicalindicators MACD (EMA oscillator and signal) within 1e-9 of the price scale', () => {
    fc.assert(
      fc.property(
        seriesArb(0, 300),
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 2, max: 15 }),
        // Periods of 1 are degenerate (the library leaves a 1-bar signal undefined at its first value).
        (bars, fast, gap, signal) => {
          const slow = fast + gap;
          const ours = macd(bars, fast, slow, signal);
          const lib = aligned(
            MACD.calculate({
              values: bars.map((x) => x.close),
              fastPeriod: fast,
              slowPeriod: slow,
              signalPeriod: signal,
              SimpleMAOscillator: false,
              SimpleMASignal: false,
            }),
            slow - 1,
            bars.length,
          );
          // DIF is a difference of prices: compare on the price scale, not relative to a DIF near 0.
          const scale = Math.max(1, ...bars.map((x) => x.close));
          bars.forEach((_, i) => {
            const l = lib[i];
            expect(near(ours[i].dif, l?.MACD ?? NaN, scale), `dif ${i}`).toBe(true);
            expect(near(ours[i].dea, l?.signal ?? NaN, scale), `dea ${i}`).toBe(true);
            expect(near(ours[i].hist, l?.histogram ?? NaN, scale), `hist ${i}`).toBe(true);
          });
        },
      ),
    );
  });

  it('defaults to 12, 26, 9: DIF from bar 25, DEA from bar 33', () => {
    const bars = Array.from({ length: 40 }, (_, i) => ({ close: 100 + i, high: 100 + i, low: 100 + i, volume: 1 }));
    const out = macd(bars);
    expect(out[24].dif).toBeNaN();
    expect(out[25].dif).toBeCloseTo(7, 9); // a straight line: EMA lag (n − 1) / 2 → 12.5 − 5.5
    expect(out[32].dea).toBeNaN();
    expect(out[33].dea).toBeCloseTo(7, 9);
  });

  it('push/update with open-bar updates between pushes equals the batch', () => {
    fc.assert(
      fc.property(scriptArb(0, 60), (s) =>
        checkIncremental(
          () => new MacdState(3, 7, 4),
          (b) => macd(b, 3, 7, 4),
          s,
          (a, b) => expect(a).toEqual(b),
        ),
      ),
    );
  });
});
