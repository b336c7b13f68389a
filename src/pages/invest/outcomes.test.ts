import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dualOutcomes } from './outcomes';

const btc = { currency_id: 1, currency_name: 'BTC', quote_id: 4, quote_name: 'USDT' };

describe('dualOutcomes (the purchase preview)', () => {
  it('call: spec §9 as written — below pays BTC amount × factor, at/above pays USDT amount × linked × factor', () => {
    // factor = 1 + 10 × 0.365 / 365 = 1.01
    const o = dualOutcomes({ ...btc, type: 'call', apr: '0.365', days: 10, linked_price: '60000' }, '0.5');
    expect(o.below).toEqual({ currency_id: 1, currency_name: 'BTC', amount: '0.505' });
    expect(o.atOrAbove).toEqual({ currency_id: 4, currency_name: 'USDT', amount: '30300' });
  });

  it('put: the quote amount is converted at the linked price below, kept in USDT at or above', () => {
    const o = dualOutcomes({ ...btc, type: 'put', apr: '0.365', days: 10, linked_price: '50000' }, '1000');
    expect(o.below).toEqual({ currency_id: 1, currency_name: 'BTC', amount: '0.0202' }); // 1000 / 50000 × 1.01
    expect(o.atOrAbove).toEqual({ currency_id: 4, currency_name: 'USDT', amount: '1010' });
  });

  it('never pays less than the principal in the invested coin, and rounds down to 8 decimals (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 365 }),
        (units, aprBp, days) => {
          const amount = (units / 100).toFixed(2);
          const o = dualOutcomes(
            { ...btc, type: 'call', apr: (aprBp / 10_000).toFixed(4), days, linked_price: '60000' },
            amount,
          );
          return (
            Number(o.below.amount) >= Number(amount) &&
            !/\.\d{9,}/.test(o.below.amount) &&
            !/\.\d{9,}/.test(o.atOrAbove.amount)
          );
        },
      ),
    );
  });
});
