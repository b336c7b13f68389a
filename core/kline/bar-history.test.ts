import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Candle } from '../types/market';
import { BarStore } from './bar-history';
import { REC, newPage } from './record';
import { MAX_FAST_SCALE, formatScaled } from './scaled';
import { SymbolState } from './symbol-state';

type Op =
  | { kind: 'scaled'; v: number[]; ps: number; qs: number; far: number }
  | { kind: 'candle'; v: number[] }
  | { kind: 'clear' };

/** Mostly 0 (the next minute); else a bar time at or past the edges of what packs with the scales (integer ms within ±(2^43 − 1)). */
const far = fc.oneof(
  { weight: 12, arbitrary: fc.constant(0) },
  fc.constantFrom(2 ** 43 - 1, 2 ** 43, 2 ** 43 + 60_000, 1 - 2 ** 43, -(2 ** 43), 1e15, 60_000.5, -60_000),
);

const safe = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const scale = fc.integer({ min: 0, max: MAX_FAST_SCALE });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('scaled' as const),
      v: fc.array(safe, { minLength: 5, maxLength: 5 }),
      ps: scale,
      qs: scale,
      far,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('candle' as const), v: fc.array(safe, { minLength: 5, maxLength: 5 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
);

describe('BarHistory: rings of closed bars in a shared store', () => {
  it('each holds the last `cap` bars oldest first, across growth, wrap-around, mixed kinds and clears', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.array(op, { maxLength: 1200 }), (cap, ops) => {
        // Two series of two symbols on one page, written in turn, so that rings move and their old
        // runs are reused while the others hold bars.
        const store = new BarStore(cap);
        const page = newPage();
        const syms = [new SymbolState(page, 0, 2, store), new SymbolState(page, REC, 2, store)];
        const hists = [syms[0].hist[1], syms[1].hist[0], syms[1].hist[1]];
        const models: Candle[][] = hists.map(() => []);
        let time = 0;
        ops.forEach((o, n) => {
          const h = hists[n % hists.length];
          const model = models[n % hists.length];
          if (o.kind === 'clear') {
            h.clear();
            model.length = 0;
            return;
          }
          time += 60_000;
          const [a, b, c, d, e] = o.v;
          if (o.kind === 'scaled') {
            // the packed time's edges: ±(2^43 − 1) are kept as numbers, anything past (or fractional) as strings
            const t = o.far === 0 ? time : o.far;
            h.pushScaled(t, a, b, c, d, e, o.ps, o.qs);
            const f = (m: number) => formatScaled(m, o.ps);
            model.push({ time: t, open: f(a), high: f(b), low: f(c), close: f(d), volume: formatScaled(e, o.qs) });
          } else {
            const candle = {
              time,
              open: String(a),
              high: String(b),
              low: String(c),
              close: String(d),
              volume: `${e}.5`,
            };
            h.pushCandle(candle);
            model.push(candle);
          }
          if (model.length > cap) model.shift();
        });
        hists.forEach((h, k) => {
          expect(h.length).toBe(models[k].length);
          expect(h.toCandles()).toEqual(models[k]);
        });
      }),
      { numRuns: 300 },
    );
  });
});
