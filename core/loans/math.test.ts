import DecimalBase from 'decimal.js';

const Decimal = DecimalBase.clone({ precision: 80 });
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueLoanHours,
  interestBetween,
  liquidationPriceOf,
  liquidationSplit,
  loanFigures,
  ltvOf,
  ltvWithin,
  marginCallStep,
  maxBorrow,
  minCollateral,
  owedAt,
  splitRepayment,
  validLevels,
} from './math';

const H = 3_600_000;
const amount = (maxUnits = 10_000_000_000) =>
  fc
    .tuple(fc.integer({ min: 1, max: maxUnits }), fc.integer({ min: 0, max: 8 }))
    .map(([u, d]) => new Decimal(u).div(10 ** d).toFixed());
const terms = {
  initial_ltv: '0.65',
  margin_call_ltv: '0.8',
  liquidation_ltv: '0.9',
  hourly_rate: '0.00001',
  liquidation_penalty: '0.02',
};

describe('loan interest (hand cases)', () => {
  it('one hour of 1000 USDT at 0.001 % an hour is 0.01; 20 minutes is a third of it rounded up', () => {
    expect(interestBetween('1000', '0.00001', 0, H)).toBe('0.01');
    expect(interestBetween('1000', '0.00001', 0, H / 3)).toBe('0.00333334');
    expect(interestBetween('1000', '0.00001', 5, 5)).toBe('0');
    expect(owedAt({ principal: '1000', interest: '0.02', hourly_rate: '0.00001', accrued_to: 0 }, H / 2)).toEqual({
      principal: '1000',
      interest: '0.025',
      pending: '0.005',
      total: '1000.025',
    });
  });

  it('due loan-hours: each whole hour after opening once, none before its end', () => {
    expect(dueLoanHours(0, 0, H - 1)).toEqual([]);
    expect(dueLoanHours(0, 0, 3 * H)).toEqual([1, 2, 3]);
    // a repayment at 1h20 charged up to 1h20: hour 2 (ending at 2h) is still due, hour 1 is not
    expect(dueLoanHours(0, H + 20 * 60_000, 2 * H)).toEqual([2]);
    expect(dueLoanHours(0, 2 * H, 2 * H + 1)).toEqual([]);
  });

  it('interest split at any instant sums to the whole span (each part rounded up, never less than exact)', () => {
    fc.assert(
      fc.property(amount(), fc.integer({ min: 1, max: H - 1 }), (principal, cut) => {
        const whole = new Decimal(interestBetween(principal, '0.00001', 0, H));
        const parts = new Decimal(interestBetween(principal, '0.00001', 0, cut)).plus(
          interestBetween(principal, '0.00001', cut, H),
        );
        const exact = new Decimal(principal).times('0.00001');
        expect(parts.gte(exact)).toBe(true);
        expect(parts.minus(whole).lte('0.00000001')).toBe(true); // at most one extra unit of rounding
      }),
    );
  });
});

describe('LTV, liquidation price and buffer', () => {
  it('hand case: 0.1 BTC at 50,000 with 3,000 USDT owed', () => {
    expect(ltvOf('3000', '0.1', '50000')).toBe('0.6');
    expect(maxBorrow('0.1', '50000', '0.65')).toBe('3250');
    expect(minCollateral('3250', '50000', '0.65')).toBe('0.1');
    expect(liquidationPriceOf('3000', '0.1', '0.9')).toBe('33333.33333334');
    const live = loanFigures(
      { ...terms, principal: '3000', interest: '0', collateral: '0.1', accrued_to: 0 },
      '50000',
      0,
    );
    expect(live).toEqual({
      debt: '3000',
      ltv: '0.6',
      liquidation_price: '33333.33333334',
      buffer: '0.3333',
      level: 'safe',
    });
    expect(
      loanFigures({ ...terms, principal: '3000', interest: '0', collateral: '0.1', accrued_to: 0 }, '37500', 0).level,
    ).toBe('margin_call');
    expect(
      loanFigures({ ...terms, principal: '3000', interest: '0', collateral: '0.1', accrued_to: 0 }, '33333.33', 0)
        .level,
    ).toBe('liquidation');
    expect(
      loanFigures({ ...terms, principal: '3000', interest: '0', collateral: '0.1', accrued_to: 0 }, undefined, 0).level,
    ).toBe('unknown');
  });

  it('the max borrow is within the initial LTV and one more unit is not; the liquidation price has LTV at the level', () => {
    fc.assert(
      fc.property(amount(1_000_000_000), amount(10_000_000_000), (collateral, price) => {
        const max = maxBorrow(collateral, price, '0.65');
        expect(ltvWithin(max, collateral, price, '0.65')).toBe(true);
        expect(ltvWithin(new Decimal(max).plus('0.00000001').toFixed(), collateral, price, '0.65')).toBe(false);
        if (new Decimal(max).gt(0)) {
          const liq = liquidationPriceOf(max, collateral, '0.9')!;
          expect(ltvWithin(max, collateral, liq, '0.9')).toBe(true); // at the shown price the loan is at (or just under) the level
        }
      }),
    );
  });
});

describe('repayment and liquidation invariants', () => {
  it('interest first, then principal; never more than owed', () => {
    expect(splitRepayment('5', '1.5', '100')).toEqual({ interest_part: '1.5', principal_part: '3.5' });
    expect(splitRepayment('1', '1.5', '100')).toEqual({ interest_part: '1', principal_part: '0' });
    expect(splitRepayment('101.5', '1.5', '100')).toEqual({ interest_part: '1.5', principal_part: '100' });
    expect(splitRepayment('101.50000001', '1.5', '100')).toBeNull();
    fc.assert(
      fc.property(amount(), amount(), amount(), (a, i, p) => {
        const s = splitRepayment(a, i, p);
        if (new Decimal(a).gt(new Decimal(i).plus(p))) {
          expect(s).toBeNull();
          return;
        }
        expect(new Decimal(s!.interest_part).plus(s!.principal_part).eq(a)).toBe(true);
        expect(new Decimal(s!.interest_part).lte(i)).toBe(true);
        // principal is touched only once the interest is paid
        if (new Decimal(s!.principal_part).gt(0)) expect(new Decimal(s!.interest_part).eq(i)).toBe(true);
      }),
    );
  });

  it('liquidation never takes more than debt + penalty, and the user gets back the rest', () => {
    expect(liquidationSplit('3000', '0.02', '0.1', '33000')).toEqual({
      debt: '3000',
      penalty: '60',
      sold: '0.09272727',
      returned: '0.00727273',
      recovered: '3059.99991',
      shortfall: '0.00009',
    });
    expect(liquidationSplit('3000', '0.02', '0.05', '33000')).toMatchObject({
      sold: '0.05',
      returned: '0',
      shortfall: '1410',
    });
    fc.assert(
      fc.property(
        amount(),
        amount(1_000_000_000),
        amount(),
        fc.integer({ min: 0, max: 10 }),
        (debt, collateral, price, pen) => {
          const rate = new Decimal(pen).div(100).toFixed();
          const s = liquidationSplit(debt, rate, collateral, price);
          const cap = new Decimal(debt).plus(s.penalty);
          expect(new Decimal(s.recovered).lte(cap)).toBe(true);
          expect(new Decimal(s.sold).plus(s.returned).eq(collateral)).toBe(true);
          expect(new Decimal(s.returned).gte(0)).toBe(true);
          expect(new Decimal(s.penalty).gte(new Decimal(debt).times(rate))).toBe(true);
        },
      ),
    );
  });

  it('margin call: once per crossing, re-armed only below the level minus the gap', () => {
    expect(marginCallStep('79', '1', '100', '0.8', false)).toBeNull();
    expect(marginCallStep('80', '1', '100', '0.8', false)).toBe('notify');
    expect(marginCallStep('85', '1', '100', '0.8', true)).toBeNull();
    expect(marginCallStep('79', '1', '100', '0.8', true)).toBeNull(); // inside the gap: still called
    expect(marginCallStep('77.9', '1', '100', '0.8', true)).toBe('rearm');
  });

  it('levels must rise: initial < margin call < liquidation < 1', () => {
    expect(validLevels(terms)).toBe(true);
    expect(validLevels({ ...terms, margin_call_ltv: '0.6' })).toBe(false);
    expect(validLevels({ ...terms, liquidation_ltv: '1' })).toBe(false);
  });
});
