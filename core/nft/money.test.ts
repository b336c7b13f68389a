import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendedEnd, feesFor, minBid, ratePercent } from './money';
import { NFT_RULES } from '../types/nft';

const money = fc
  .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
  .map(([units, d]) => new Decimal(units).div(10 ** d).toFixed());

describe('NFT money (core, shared by server and pages)', () => {
  it('the buyer pays price + a fee rounded up to the coin; creator and seller split the price exactly', () => {
    expect(feesFor('25', 2, '0.05', false)).toMatchObject({
      fee: '0.63',
      total: '25.63',
      royalty: '0',
      seller_gets: '25',
    });
    fc.assert(
      fc.property(money, fc.integer({ min: 0, max: 8 }), fc.boolean(), (price, decimals, resale) => {
        const f = feesFor(price, decimals, '0.05', resale);
        const exact = new Decimal(price).times(NFT_RULES.feeRate);
        const unit = new Decimal(10).pow(-decimals);
        expect(new Decimal(f.fee).gte(exact)).toBe(true);
        expect(new Decimal(f.fee).minus(exact).lt(unit)).toBe(true);
        expect(new Decimal(f.total).eq(new Decimal(price).plus(f.fee))).toBe(true);
        expect(new Decimal(f.seller_gets).plus(f.royalty).eq(price)).toBe(true);
        expect(new Decimal(f.royalty).lte(new Decimal(price).times('0.05'))).toBe(true);
      }),
    );
  });

  it('the next bid is the current bid (or the start price) plus the step; the soft close is capped', () => {
    expect(minBid({ price: '50', current_bid: null, per_increase: '2' })).toBe('52');
    expect(minBid({ price: '50', current_bid: '60.5', per_increase: '2' })).toBe('62.5');
    const w = NFT_RULES.softCloseMs;
    expect(extendedEnd(10 * w, 10 * w, 0)).toBe(10 * w); // far from the end: unchanged
    expect(extendedEnd(10 * w, 10 * w, 10 * w - 1)).toBe(11 * w - 1); // last moment: now + window
    expect(extendedEnd(100 * w, 10 * w, 100 * w - 1)).toBe(100 * w); // past the cap: never moved back
    expect(ratePercent('0.025')).toBe('2.5');
  });

  it('a server with a shorter soft close (NFT_SOFT_CLOSE_SECONDS) extends by its own window, and only inside it', () => {
    const end = 60_000;
    expect(extendedEnd(end, end, end - 15_000, 15_000)).toBe(end); // 15 s left of a 15 s window: unchanged
    expect(extendedEnd(end, end, end - 5_000, 15_000)).toBe(end + 10_000); // 5 s left: bid time + 15 s
    expect(extendedEnd(end, end, end - 5_000)).toBe(end - 5_000 + NFT_RULES.softCloseMs); // the default window
  });
});
