import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExactDecimal, spotTradeAmounts } from '../../../../core';
import { expectedFill, leverPreview, maxLots, maxSpotBuy } from './preview';

describe('maxSpotBuy', () => {
  it('is the most the balance pays for, fee included, at the pair’s decimals (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom('0', '0.001', '0.002'),
        fc.integer({ min: 0, max: 6 }),
        (availC, priceC, rate, d) => {
          const available = (availC / 100).toFixed(2);
          const price = (priceC / 100).toFixed(2);
          const q = maxSpotBuy(available, price, rate, d);
          if (q === null) return true;
          const cost = new ExactDecimal(spotTradeAmounts({ side: 'buy', price, amount: q, feeRate: rate }).quoteIn);
          const next = new ExactDecimal(q).plus(new ExactDecimal(1).div(10 ** d)).toFixed();
          const costNext = new ExactDecimal(
            spotTradeAmounts({ side: 'buy', price, amount: next, feeRate: rate }).quoteIn,
          );
          return cost.lte(available) && costNext.gt(available);
        },
      ),
    );
  });

  it('gives nothing for an empty balance or no price', () => {
    expect(maxSpotBuy('0', '100', '0', 2)).toBeNull();
    expect(maxSpotBuy('10', null, '0', 2)).toBeNull();
  });
});

describe('leverPreview / maxLots', () => {
  it('margin and fee come from core and the max lots fits the balance', () => {
    expect(leverPreview('long', '60000', '2', '0.01', 10, '0.001')).toEqual({
      margin: '120',
      fee: '1.2',
      cost: '121.2',
    });
    expect(maxLots('1000', '60000', '0.01', 10, '0.001', 0, '100')).toBe('16'); // 1000 / (60 margin + 0.6 fee) per lot;
    expect(maxLots('1000', '60000', '0.01', 10, '0.001', 0, '5')).toBe('5');
  });
});

describe('expectedFill', () => {
  it('a limit that crosses the market is previewed at the market price; one that does not, at its own', () => {
    expect(expectedFill('limit', 'buy', '132958', '66479')).toEqual({ price: '66479', crosses: true });
    expect(expectedFill('limit', 'sell', '60000', '66479')).toEqual({ price: '66479', crosses: true });
    expect(expectedFill('limit', 'long', '60000', '66479')).toEqual({ price: '60000', crosses: false });
    expect(expectedFill('limit', 'short', '70000', '66479')).toEqual({ price: '70000', crosses: false });
    expect(expectedFill('limit', 'buy', '1.', '66479')).toEqual({ price: '1.', crosses: false }); // half-typed
    expect(expectedFill('market', 'buy', '', '66479')).toEqual({ price: '66479', crosses: false });
  });
});
