import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExactDecimal as Decimal } from './exact';
import { secondsPayout, secondsResult } from './seconds-option';
import { settleDualInvest } from './dual-invest';
import { earlyRedemption, miningDailyYield, miningYield } from './lock-mining';
import { roundCopyMultiple } from './copy-multiple';

describe('seconds option', () => {
  const base = { stake: '100', profitRatio: '0.85', openPrice: '60000' };
  it('win pays stake × (1 + ratio), lose pays 0, tie refunds', () => {
    expect(secondsPayout({ ...base, direction: 'up', closePrice: '60000.01' })).toEqual({
      result: 'win',
      payout: '185',
      profit: '85',
    });
    expect(secondsPayout({ ...base, direction: 'down', closePrice: '59999' })).toEqual({
      result: 'win',
      payout: '185',
      profit: '85',
    });
    expect(secondsPayout({ ...base, direction: 'down', closePrice: '60001' })).toEqual({
      result: 'lose',
      payout: '0',
      profit: '-100',
    });
    expect(secondsPayout({ ...base, direction: 'up', closePrice: '60000.00' })).toEqual({
      result: 'tie',
      payout: '100',
      profit: '0',
    });
    expect(secondsResult('up', '1', '0.9')).toBe('lose');
  });
});

describe('dual invest (spec §9)', () => {
  const i = { amount: '1', linkedPrice: '60000', apr: '0.365', days: 10 }; // factor 1.01
  it('below the linked price pays base, at or above pays quote', () => {
    expect(settleDualInvest({ ...i, settlePrice: '59999.99' })).toEqual({ currency: 'base', amount: '1.01' });
    expect(settleDualInvest({ ...i, settlePrice: '60000' })).toEqual({ currency: 'quote', amount: '60600' });
    expect(settleDualInvest({ ...i, settlePrice: '70000' })).toEqual({ currency: 'quote', amount: '60600' });
  });
  it('rounds a non-terminating factor down to 8 decimals', () => {
    // 1 + 7 × 0.1 / 365 = 1.0019178082191…
    expect(settleDualInvest({ ...i, apr: '0.1', days: 7, settlePrice: '1' })).toEqual({
      currency: 'base',
      amount: '1.0019178',
    }); // canonical: trailing zero dropped
  });
  it('pays an exact formula value in full: the factor is not rounded before the multiplication', () => {
    // 365 × (1 + 0.1 × 1 / 365) = 365.1 exactly (a factor rounded at 60 digits paid 365.09999999)
    expect(settleDualInvest({ ...i, amount: '365', apr: '0.1', days: 1, settlePrice: '1' })).toEqual({
      currency: 'base',
      amount: '365.1',
    });
    expect(settleDualInvest({ ...i, amount: '73', apr: '0.0005', days: 1, settlePrice: '1' })).toEqual({
      currency: 'base',
      amount: '73.0001',
    });
    expect(
      settleDualInvest({ ...i, amount: '0.073', linkedPrice: '100', apr: '0.0005', days: 1, settlePrice: '100' }),
    ).toEqual({ currency: 'quote', amount: '7.30001' });
  });
  it('property: the payout is the exact formula value rounded down to 8 decimals (BigInt reference)', () => {
    // a decimal string as an integer over 10^scale
    const scaled = (s: string): [bigint, number] => {
      const [i, f = ''] = s.split('.');
      return [BigInt(i + f), f.length];
    };
    // amounts with up to 8 decimals, and multiples of 0.0365, whose payout (365 m × 10^-4 × factor = m × (365 + apr × days) × 10^-4)
    // is exact at 8 decimals although the factor itself does not terminate
    const amount = fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 13n }).map((m) => new Decimal(m.toString()).div(1e8).toFixed()),
      fc.bigInt({ min: 0n, max: 10n ** 8n }).map((m) => new Decimal((m * 365n).toString()).div(1e4).toFixed()),
    );
    const price = fc.bigInt({ min: 1n, max: 10n ** 10n }).map((m) => new Decimal(m.toString()).div(100).toFixed());
    const apr = fc.bigInt({ min: 0n, max: 30_000n }).map((m) => new Decimal(m.toString()).div(10_000).toFixed());
    fc.assert(
      fc.property(amount, price, price, apr, fc.integer({ min: 0, max: 400 }), (a, linked, settle, r, days) => {
        const got = settleDualInvest({ amount: a, linkedPrice: linked, settlePrice: settle, apr: r, days });
        const below = new Decimal(settle).lt(linked);
        // payout = principal × (365 × 10^sr + r × 10^sr × days) / (365 × 10^sr), floored at 10^-8
        const [pm, ps] = below
          ? scaled(a)
          : (([am, as], [lm, ls]): [bigint, number] => [am * lm, as + ls])(scaled(a), scaled(linked));
        const [rm, rs] = scaled(r);
        const num = pm * (365n * 10n ** BigInt(rs) + rm * BigInt(days)) * 10n ** 8n;
        const den = 365n * 10n ** BigInt(rs + ps);
        expect(got).toEqual({
          currency: below ? 'base' : 'quote',
          amount: new Decimal((num / den).toString()).div(1e8).toFixed(),
        });
      }),
    );
  });
});

describe('lock mining', () => {
  it('spec examples', () => {
    expect(miningDailyYield('10000', '0.003')).toBe('30');
    expect(miningYield('10000', '0.003', 5)).toBe('150');
    expect(miningYield('10000', '0.004', 5)).toBe('200');
    expect(earlyRedemption({ amount: '1000', penaltyRatio: '0.004', remainingDays: 3 })).toEqual({
      penalty: '12',
      returned: '988',
    });
    expect(earlyRedemption({ amount: '1000', penaltyRatio: '0.5', remainingDays: 3 })).toEqual({
      penalty: '1000',
      returned: '0',
    });
  });
  it('penalty never exceeds the principal and returned + penalty = principal', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 14n }).map((m) => new Decimal(m.toString()).div(1e6).toFixed());
    const ratio = fc.bigInt({ min: 0n, max: 10n ** 6n }).map((m) => new Decimal(m.toString()).div(1e6).toFixed());
    fc.assert(
      fc.property(amount, ratio, fc.integer({ min: 0, max: 3650 }), (a, r, d) => {
        const { penalty, returned } = earlyRedemption({ amount: a, penaltyRatio: r, remainingDays: d });
        expect(new Decimal(penalty).lte(a)).toBe(true);
        expect(new Decimal(returned).gte(0)).toBe(true);
        expect(new Decimal(penalty).plus(returned).eq(a)).toBe(true);
      }),
    );
  });
});

describe('copy multiple', () => {
  it('rounds non-integers above 1 to two decimals, half up', () => {
    expect(roundCopyMultiple('1.005')).toBe('1.01');
    expect(roundCopyMultiple('2.344')).toBe('2.34');
    expect(roundCopyMultiple('3')).toBe('3');
    expect(roundCopyMultiple('0.125')).toBe('0.125');
    expect(roundCopyMultiple('1')).toBe('1');
  });
});
