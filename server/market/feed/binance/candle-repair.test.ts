import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKlineAggregator } from '../../../../core';
import { repairBar } from './candle-repair';
import { cmpDec, dec } from './decimals';

const M0 = Date.UTC(2025, 0, 6, 12, 0, 0);
/** a canonical decimal with up to 4 places, > 0 */
const price = fc.integer({ min: 1, max: 10_000_000 }).map((u) => new Decimal(u).div(1e4).toFixed());
const qty = fc.integer({ min: 0, max: 1_000_000 }).map((u) => new Decimal(u).div(1e3).toFixed());

describe('repairBar', () => {
  it('turns any partial bar into exactly the venue bar (and builds a missing one)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(price, qty), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(price, qty), { maxLength: 6 }),
        fc.boolean(),
        (seen, missed, haveOurs) => {
          // the venue's minute: the trades we saw, then the ones we missed
          const all = [...seen, ...missed];
          const px = all.map(([p]) => new Decimal(p));
          const venue = {
            time: M0,
            open: all[0][0],
            high: Decimal.max(...px).toFixed(),
            low: Decimal.min(...px).toFixed(),
            close: all[all.length - 1][0],
            volume: all.reduce((s, [, q]) => s.plus(q), new Decimal(0)).toFixed(),
          };
          const agg = createKlineAggregator({ periods: ['1min'] });
          let seq = 0;
          if (haveOurs)
            seen.forEach(([p, q], i) => agg.apply({ symbol: 'X', price: p, qty: q, seq: ++seq, ts: M0 + 1000 + i }));
          for (const r of repairBar(venue, agg.last('X', '1min')))
            agg.apply({ symbol: 'X', price: r.price, qty: r.qty, seq: ++seq, ts: r.ts });
          expect(agg.series('X', '1min')).toEqual([venue]);
        },
      ),
    );
  });

  it('adds nothing when our bar already is the venue bar', () => {
    const bar = { time: M0, open: '1', high: '2', low: '0.5', close: '1.5', volume: '3' };
    expect(repairBar(bar, { ...bar })).toEqual([]);
  });
});

describe('decimal strings', () => {
  it('orders canonical decimals exactly as decimal.js does', () => {
    fc.assert(
      fc.property(price, price, (a, b) => {
        expect(cmpDec(a, b)).toBe(new Decimal(a).cmp(b));
      }),
    );
  });
  it('canonicalises the venue spelling and refuses what is not a decimal', () => {
    expect(dec('67250.10000000', 'p')).toBe('67250.1');
    expect(dec('0.00000000', 'q')).toBe('0');
    expect(dec('0.00001782', 'p')).toBe('0.00001782');
    expect(() => dec('1e-7', 'p')).toThrow();
    expect(() => dec(67250.1, 'p')).toThrow();
  });
});
