import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Candle } from '../types/market';
import { BarHistory } from './bar-history';
import { MAX_FAST_SCALE, formatScaled } from './scaled';

type Op = { kind: 'scaled'; v: number[]; ps: number; qs: number } | { kind: 'candle'; v: number[] } | { kind: 'clear' };

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
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('candle' as const), v: fc.array(safe, { minLength: 5, maxLength: 5 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
);

describe('BarHistory: ring of closed bars', () => {
  it('holds the last `cap` bars oldest first, across growth, wrap-around, mixed kinds and clears', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.array(op, { maxLength: 1200 }), (cap, ops) => {
        const h = new BarHistory(cap);
        let model: Candle[] = [];
        let time = 0;
        for (const o of ops) {
          if (o.kind === 'clear') {
            h.clear();
            model = [];
            continue;
          }
          time += 60_000;
          const [a, b, c, d, e] = o.v;
          if (o.kind === 'scaled') {
            h.pushScaled(time, a, b, c, d, e, o.ps, o.qs);
            const f = (m: number) => formatScaled(m, o.ps);
            model.push({ time, open: f(a), high: f(b), low: f(c), close: f(d), volume: formatScaled(e, o.qs) });
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
        }
        expect(h.length).toBe(model.length);
        expect(h.toCandles()).toEqual(model);
      }),
      { numRuns: 300 },
    );
  });
});
