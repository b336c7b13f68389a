import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { secondsPayout } from '../calc/seconds-option';
import { settleDualOrder } from '../calc/dual-order';
import { proveSeconds } from './seconds';
import { proveDual } from './dual';
import { sameNumber } from './types';

const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toString());
const stake = fc.integer({ min: 1, max: 1_000_000 }).map((n) => (n / 100).toString());
const ratio = fc.integer({ min: 1, max: 99 }).map((n) => (n / 100).toString());

describe('core/proof', () => {
  it('sameNumber compares decimal strings by value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (n, zeros) =>
        sameNumber(`${n}.${'0'.repeat(zeros)}`.replace(/\.$/, ''), String(n)),
      ),
    );
    expect(sameNumber('1.50', '1.5')).toBe(true);
    expect(sameNumber('-0.0', '0')).toBe(true);
    expect(sameNumber('1.5', '1.51')).toBe(false);
  });

  it('a seconds outcome the server settled proves ok; any other payout does not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('up' as const, 'down' as const),
        stake,
        ratio,
        price,
        price,
        (direction, s, r, open, close) => {
          const out = secondsPayout({ direction, stake: s, profitRatio: r, openPrice: open, closePrice: close });
          const input = {
            direction,
            stake: s,
            profitRatio: r,
            buy: { price: open, seq: 1, ts: 1 },
            end: { price: close, seq: 2, ts: 2 },
            expiresAt: 2,
          };
          expect(proveSeconds({ ...input, stored: out }).ok).toBe(true);
          const tampered = proveSeconds({ ...input, stored: { ...out, payout: `${out.payout}1` } });
          expect(tampered.ok).toBe(false);
          expect(tampered.problems.map((p) => p.what)).toContain('payout');
        },
      ),
    );
  });

  it('a seconds end tick after expiry is reported even when the arithmetic matches', () => {
    const out = secondsPayout({
      direction: 'up',
      stake: '10',
      profitRatio: '0.5',
      openPrice: '100',
      closePrice: '101',
    });
    const p = proveSeconds({
      direction: 'up',
      stake: '10',
      profitRatio: '0.5',
      buy: { price: '100', seq: 1, ts: 0 },
      end: { price: '101', seq: 2, ts: 30_001 },
      expiresAt: 30_000,
      stored: out,
    });
    expect(p.problems.map((x) => x.what)).toEqual(['end tick time']);
  });

  it('a dual payout the server settled proves ok; the other currency does not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('call' as const, 'put' as const),
        stake,
        price,
        price,
        ratio,
        fc.integer({ min: 1, max: 30 }),
        (type, amount, linked, settle, apr, days) => {
          const out = settleDualOrder({ type, amount, linkedPrice: linked, settlePrice: settle, apr, days });
          const input = {
            type,
            amount,
            linkedPrice: linked,
            apr,
            days,
            maturityAt: 10,
            settle: { price: settle, seq: 5, ts: 9 },
          };
          expect(proveDual({ ...input, stored: out }).ok).toBe(true);
          expect(
            proveDual({ ...input, stored: { ...out, currency: out.currency === 'base' ? 'quote' : 'base' } }).ok,
          ).toBe(false);
        },
      ),
    );
  });
});
