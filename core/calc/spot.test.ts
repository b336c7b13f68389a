import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { spotTradeAmounts } from './spot';

const decimalString = (maxInt: number, dp: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** dp - 1 }))
    .map(([i, f]) => `${i}.${String(f).padStart(dp, '0')}`);

describe('spotTradeAmounts', () => {
  it('charges no fee at a zero rate (BTC spot)', () => {
    const r = spotTradeAmounts({ side: 'buy', price: '67250.5', amount: '0.0123', feeRate: '0' });
    expect(r).toEqual({ total: '827.18115', fee: '0', quoteIn: '827.18115', quoteOut: '0' });
  });

  it('rounds the fee up to 8 decimals and takes it from the seller', () => {
    const r = spotTradeAmounts({ side: 'sell', price: '0.12345', amount: '3', feeRate: '0.001' });
    expect(r.total).toBe('0.37035');
    expect(r.fee).toBe('0.00037035');
    expect(r.quoteOut).toBe('0.36997965');
  });

  it('buy pays total + fee, sell receives total − fee; fee never below the exact rate', () => {
    fc.assert(
      fc.property(
        decimalString(100_000, 4),
        decimalString(1000, 6),
        fc.constantFrom('0', '0.001', '0.002', '0.0005'),
        (price, amount, rate) => {
          fc.pre(new Decimal(price).gt(0) && new Decimal(amount).gt(0));
          const b = spotTradeAmounts({ side: 'buy', price, amount, feeRate: rate });
          const s = spotTradeAmounts({ side: 'sell', price, amount, feeRate: rate });
          const exact = new Decimal(price).times(amount).times(rate);
          expect(new Decimal(b.fee).gte(exact)).toBe(true);
          expect(new Decimal(b.fee).minus(exact).lt('1e-8')).toBe(true);
          expect(new Decimal(b.quoteIn).eq(new Decimal(b.total).plus(b.fee))).toBe(true);
          expect(new Decimal(s.quoteOut).eq(Decimal.max(0, new Decimal(s.total).minus(s.fee)))).toBe(true);
        },
      ),
    );
  });
});
