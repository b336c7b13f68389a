import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { COPY_TYPES } from '../../../../core';
import { followerLots } from './sizing';

const rule = { lotsDecimals: 0, minLots: '1', maxLots: '1000' };

describe('followerLots', () => {
  it('fixed multiple: trader lots × multiple, rounded down to whole lots', () => {
    expect(followerLots(COPY_TYPES.multiple, '1.5', '10', rule)).toEqual({ ok: true, lots: '15' });
    expect(followerLots(COPY_TYPES.multiple, '1.5', '3', rule)).toEqual({ ok: true, lots: '4' }); // 4.5 → 4
    expect(followerLots(COPY_TYPES.multiple, '0.5', '1', rule)).toEqual({
      ok: false,
      reason: 'lots_too_small',
      lots: '0',
    });
  });
  it('rounds a multiple above 1 that is not an integer to two decimals before sizing', () => {
    // 1.005 → 1.01 (half up): 1000 × 1.01 = 1010 > max; unrounded would be 1005
    expect(followerLots(COPY_TYPES.multiple, '1.005', '100', { ...rule, maxLots: '100000' })).toEqual({
      ok: true,
      lots: '101',
    });
    expect(followerLots(COPY_TYPES.multiple, '2.344', '1000', { ...rule, maxLots: '100000' })).toEqual({
      ok: true,
      lots: '2340',
    });
  });
  it('sizes exactly when the product needs more than 20 digits (never rounds up past a lot step)', () => {
    // 1000000000.00000001 × 0.99999999 = 999999990.0000000099999999 → 999999990 at 8 decimals;
    // rounded to 20 digits first it became 999999990.00000001, one step more than asked
    const fine = { lotsDecimals: 8, minLots: '0.00000001', maxLots: '1e10' };
    expect(followerLots(COPY_TYPES.multiple, '0.99999999', '1000000000.00000001', fine)).toEqual({
      ok: true,
      lots: '999999990',
    });
  });
  it('fixed lots: the follow number whatever the trader size', () => {
    expect(followerLots(COPY_TYPES.lots, '2', '10', rule)).toEqual({ ok: true, lots: '2' });
    expect(followerLots(COPY_TYPES.lots, '2', '1', rule)).toEqual({ ok: true, lots: '2' });
    expect(followerLots(COPY_TYPES.lots, '2000', '1', rule)).toEqual({
      ok: false,
      reason: 'lots_too_large',
      lots: '2000',
    });
  });
  it('never exceeds what the rule asks and keeps to the lot step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 3 }),
        (lots, m100, dp) => {
          const multiple = new Decimal(m100).div(100).toFixed();
          const r = followerLots(COPY_TYPES.multiple, multiple, String(lots), {
            lotsDecimals: dp,
            minLots: '0.001',
            maxLots: '1e9',
          });
          const asked = new Decimal(lots).times(
            new Decimal(multiple).gt(1) ? new Decimal(multiple).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : multiple,
          );
          const got = new Decimal(r.lots);
          expect(got.lte(asked)).toBe(true);
          expect(asked.minus(got).lt(new Decimal(10).pow(-dp))).toBe(true);
          expect(got.decimalPlaces()).toBeLessThanOrEqual(dp);
        },
      ),
    );
  });
});
