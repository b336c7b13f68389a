import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStake, gameMultiplier, gamePayoutIfWins, settleGameRound, type GameStakeIn } from './pool';

const amount = fc
  .tuple(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 6 }))
  .map(([u, d]) => new Decimal(u).div(10 ** d).toFixed());
const stakes = fc
  .array(fc.tuple(fc.constantFrom<'up' | 'down'>('up', 'down'), amount), { minLength: 0, maxLength: 30 })
  .map((xs) => xs.map(([side, a], i): GameStakeIn => ({ id: i + 1, side, amount: a })));
const price = fc.constantFrom('100', '100.5', '99.99', '100');
const rate = fc.constantFrom('0', '0.03', '0.1', '0.033333');

describe('game pool (core, shared by server, verify screen and checker)', () => {
  it('winners share pool × (1 − fee) by stake, rounded down; the remainder is the fee', () => {
    const r = settleGameRound({
      lockPrice: '100',
      closePrice: '101',
      feeRate: '0.03',
      decimals: 2,
      stakes: [
        { id: 1, side: 'up', amount: '10' },
        { id: 2, side: 'up', amount: '20' },
        { id: 3, side: 'down', amount: '70' },
      ],
    });
    // pool 100, share 97: 97 × 10/30 = 32.333… → 32.33; 97 × 20/30 = 64.666… → 64.66; fee 100 − 96.99
    expect(r).toEqual({
      outcome: 'up',
      refund_reason: null,
      pool: '100',
      fee: '3.01',
      payouts: [
        { id: 1, amount: '32.33' },
        { id: 2, amount: '64.66' },
        { id: 3, amount: '0' },
      ],
    });
  });

  it('payouts + fee = pool exactly; nobody gets more than their proportional share; the fee is at least the disclosed rate', () => {
    fc.assert(
      fc.property(stakes, price, price, rate, fc.integer({ min: 0, max: 8 }), (st, lock, close, feeRate, decimals) => {
        const r = settleGameRound({ lockPrice: lock, closePrice: close, stakes: st, feeRate, decimals });
        const pool = st.reduce((a, s) => a.plus(s.amount), new Decimal(0));
        const paid = r.payouts.reduce((a, p) => a.plus(p.amount), new Decimal(0));
        expect(new Decimal(r.pool).eq(pool)).toBe(true);
        expect(paid.plus(r.fee).eq(pool)).toBe(true);
        expect(r.payouts.map((p) => p.id)).toEqual(st.map((s) => s.id));
        if (r.outcome === 'refund') {
          expect(r.fee).toBe('0');
          r.payouts.forEach((p, i) => expect(new Decimal(p.amount).eq(st[i].amount)).toBe(true));
          return;
        }
        const winners = st.filter((s) => s.side === r.outcome).reduce((a, s) => a.plus(s.amount), new Decimal(0));
        expect(new Decimal(r.fee).gte(pool.times(feeRate))).toBe(true);
        r.payouts.forEach((p, i) => {
          const s = st[i];
          if (s.side !== r.outcome) return expect(p.amount).toBe('0');
          const fair = pool.times(s.amount).div(winners);
          expect(new Decimal(p.amount).lte(fair)).toBe(true);
          expect(new Decimal(p.amount).decimalPlaces()).toBeLessThanOrEqual(decimals);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('refunds a tie, a one-sided round and a round without a price', () => {
    const two = [
      { id: 1, side: 'up' as const, amount: '5' },
      { id: 2, side: 'down' as const, amount: '7' },
    ];
    expect(
      settleGameRound({ lockPrice: '10', closePrice: '10.0', stakes: two, feeRate: '0.03', decimals: 2 }),
    ).toMatchObject({ outcome: 'refund', refund_reason: 'tie', fee: '0' });
    expect(
      settleGameRound({
        lockPrice: '10',
        closePrice: '11',
        stakes: [two[0], { id: 3, side: 'up', amount: '1' }],
        feeRate: '0.03',
        decimals: 2,
      }),
    ).toMatchObject({ outcome: 'refund', refund_reason: 'one_sided' });
    expect(
      settleGameRound({ lockPrice: null, closePrice: '11', stakes: two, feeRate: '0.03', decimals: 2 }),
    ).toMatchObject({ outcome: 'refund', refund_reason: 'no_price' });
    expect(
      settleGameRound({ lockPrice: '10', closePrice: '9', stakes: [], feeRate: '0.03', decimals: 2 }),
    ).toMatchObject({ outcome: 'refund', refund_reason: 'no_stakes', pool: '0' });
  });

  it('previews the multiplier and refuses a stake with too many decimals or outside the limits', () => {
    expect(gameMultiplier('30', '70', 'up', '0.03')).toBe('3.23');
    expect(gameMultiplier('0', '70', 'up', '0.03')).toBeNull();
    expect(gameMultiplier('30', '0', 'up', '0.03')).toBeNull(); // one-sided: it would be refunded
    // joining 20 up against 70 down with 10 up already: pool 100 × 0.97 × 10/30 → 32.33
    expect(gamePayoutIfWins('20', '70', 'up', '10', '0.03', 2)).toBe('32.33');
    // nobody on the other side yet: it would be refunded
    expect(gamePayoutIfWins('0', '0', 'down', '10', '0.03', 2)).toBe('10');
    expect(checkStake('1.' + '1'.repeat(30), 6, '1', '1000')).toEqual({ ok: false, reason: 'decimals' });
    expect(checkStake('0.5', 6, '1', '1000')).toEqual({ ok: false, reason: 'min' });
    expect(checkStake('-1', 6, '1', '1000')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkStake('2000', 6, '1', '1000')).toEqual({ ok: false, reason: 'max' });
    expect(checkStake(' 12.50 ', 6, '1', '1000')).toEqual({ ok: true, amount: '12.5' });
  });
});
