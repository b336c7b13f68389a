import DecimalBase from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestAd,
  checkOrder,
  coinForFiat,
  fiatForCoin,
  floatingPrice,
  maxOrderFiat,
  merchantStats,
  orderAmounts,
  parseOtcAmount,
  validMargin,
  validWindow,
} from './math';

const Decimal = DecimalBase.clone({ precision: 80 });
const dec = (maxUnits: number, places: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: maxUnits }), fc.integer({ min: 0, max: places }))
    .map(([u, d]) => new Decimal(u).div(10 ** d).toFixed());
const bounds = {
  min_fiat: '100',
  max_fiat: '5000',
  remaining: '0.1',
  price: '50000',
  level_limit_usdt: '2000',
  fiat_rate: '1',
};

describe('OTC prices and amounts (hand cases)', () => {
  it('a floating price is the feed price at the fiat rate plus the margin, to the cent', () => {
    expect(floatingPrice('50000', '1', '2')).toBe('51000');
    expect(floatingPrice('1.0003', '7.1', '-1.5')).toBe('7'); // 1.0003 × 7.1 × 0.985 = 6.99…  → 7.00
    expect(floatingPrice('0.333', '1', '0')).toBe('0.33');
    expect(floatingPrice(undefined, '1', '0')).toBeNull();
  });

  it('typed fiat keeps the fiat and floors the coin; typed coin rounds the fiat to the cent', () => {
    expect(orderAmounts('7.13', 'fiat', '100')).toEqual({ coin: '14.02524544', fiat: '100' });
    expect(orderAmounts('7.13', 'coin', '14.02524544')).toEqual({ coin: '14.02524544', fiat: '100' });
    expect(orderAmounts('50000', 'coin', '0.00000001')).toEqual({ coin: '0.00000001', fiat: '0' });
  });

  it('the bounds: ad min/max, what is left of the ad, the level limit per order at the fiat rate', () => {
    expect(checkOrder({ coin: '0.002', fiat: '99.99' }, bounds)).toBe('below_min');
    expect(checkOrder({ coin: '0.04', fiat: '2000' }, bounds)).toBe('ok');
    expect(checkOrder({ coin: '0.04', fiat: '2000.01' }, bounds)).toBe('above_level');
    expect(checkOrder({ coin: '0.1', fiat: '5000' }, { ...bounds, level_limit_usdt: '1000000' })).toBe('ok');
    expect(
      checkOrder({ coin: '0.10000001', fiat: '5000' }, { ...bounds, level_limit_usdt: '1000000', max_fiat: '9000' }),
    ).toBe('above_remaining');
    expect(checkOrder({ coin: '0.2', fiat: '5000.01' }, bounds)).toBe('above_max');
    expect(checkOrder({ coin: '0', fiat: '0' }, bounds)).toBe('too_small');
    // 2000 USDT at 7.1 CNY per USD: 14,200 CNY
    expect(
      checkOrder({ coin: '1', fiat: '14200' }, { ...bounds, max_fiat: '99999', remaining: '9', fiat_rate: '7.1' }),
    ).toBe('ok');
    expect(maxOrderFiat(bounds)).toBe('2000');
    expect(maxOrderFiat({ ...bounds, level_limit_usdt: '0' })).toBe('0');
  });

  it('inputs: 30 decimals, zero, signs and exponents are refused; windows 15–60 min; margins ±20 %', () => {
    expect(parseOtcAmount('1.' + '1'.repeat(30), 8)).toBeNull();
    expect(parseOtcAmount('0', 8)).toBeNull();
    expect(parseOtcAmount('-1', 8)).toBeNull();
    expect(parseOtcAmount('1e3', 8)).toBeNull();
    expect(parseOtcAmount(' 12.50 ', 2)).toBe('12.5');
    expect([14, 15, 60, 61, 30.5].map(validWindow)).toEqual([false, true, true, false, false]);
    expect(['-20', '20.01', '1.5', '1.555', 'x'].map(validMargin)).toEqual([true, false, true, false, false]);
  });

  it('merchant stats: completion over finished orders, mean release time, mean rating', () => {
    const s = merchantStats([
      { status: 'released', release_s: 60, rating: 5 },
      { status: 'released', release_s: 181, rating: 4 },
      { status: 'cancelled', release_s: null, rating: null },
      { status: 'unpaid', release_s: null, rating: null },
    ]);
    expect(s).toEqual({
      orders: 4,
      completed: 2,
      completion_rate: '0.6666',
      avg_release_s: 121,
      rating: '4.5',
      ratings: 2,
    });
  });
});

describe('OTC invariants (fast-check)', () => {
  it('from fiat: the coin is worth at most the fiat, and short of it by less than one coin unit', () => {
    fc.assert(
      fc.property(dec(10_000_000, 2), dec(100_000_000, 2), (fiat, price) => {
        const { coin } = orderAmounts(price, 'fiat', fiat);
        const worth = new Decimal(coin).times(price);
        expect(worth.lte(fiat)).toBe(true);
        expect(new Decimal(fiat).minus(worth).lt(new Decimal(price).times('0.00000001'))).toBe(true);
      }),
    );
  });

  it('from coin: the fiat is within half a cent of the exact worth; coin → fiat → coin never gains', () => {
    fc.assert(
      fc.property(dec(1_000_000_000, 8), dec(10_000_000, 2), (coin, price) => {
        const fiat = fiatForCoin(coin, price);
        expect(new Decimal(fiat).minus(new Decimal(coin).times(price)).abs().lte('0.005')).toBe(true);
        expect(new Decimal(coinForFiat(fiat, price)).minus(coin).times(price).lte('0.005')).toBe(true);
      }),
    );
  });

  it('every order at or under maxOrderFiat (and over the minimum) passes; one cent more never does', () => {
    fc.assert(
      fc.property(
        dec(100_000, 2),
        dec(10_000_000, 2),
        dec(100_000_000, 8),
        dec(2_000_000, 0),
        dec(800, 2),
        (minF, span, remaining, limit, rate) => {
          const b = {
            min_fiat: minF,
            max_fiat: new Decimal(minF).plus(span).toFixed(),
            remaining,
            price: '31234.56',
            level_limit_usdt: limit,
            fiat_rate: rate,
          };
          const max = maxOrderFiat(b);
          if (new Decimal(max).gte(minF)) expect(checkOrder(orderAmounts(b.price, 'fiat', max), b)).toBe('ok');
          expect(checkOrder(orderAmounts(b.price, 'fiat', new Decimal(max).plus('0.01').toFixed()), b)).not.toBe('ok');
        },
      ),
    );
  });

  it('floating prices move with the margin: a higher margin never gives a lower price', () => {
    fc.assert(
      fc.property(dec(10_000_000, 4), fc.integer({ min: -2000, max: 1999 }), (feed, m) => {
        const a = floatingPrice(feed, '1', new Decimal(m).div(100).toFixed());
        const b = floatingPrice(feed, '1', new Decimal(m + 1).div(100).toFixed());
        if (a && b) expect(new Decimal(b).gte(a)).toBe(true);
      }),
    );
  });

  it('the best ad fills the amount and no fitting ad beats it', () => {
    const ad = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      price: dec(100_000, 2),
      remaining: dec(10_000_000, 4),
    });
    fc.assert(
      fc.property(
        fc.array(ad, { maxLength: 8 }),
        fc.constantFrom('buy' as const, 'sell' as const),
        dec(100_000, 2),
        (raw, side, fiat) => {
          const ads = raw.map((a) => ({
            ...a,
            min_fiat: '1',
            max_fiat: '50000',
            level_limit_usdt: '1000000',
            fiat_rate: '1',
          }));
          const best = bestAd(ads, side, fiat);
          const fits = ads.filter((a) => checkOrder(orderAmounts(a.price, 'fiat', fiat), a) === 'ok');
          expect(best === undefined).toBe(fits.length === 0);
          for (const a of fits)
            expect(side === 'buy' ? new Decimal(best!.price).lte(a.price) : new Decimal(best!.price).gte(a.price)).toBe(
              true,
            );
        },
      ),
    );
  });
});
