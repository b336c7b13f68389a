import { describe, expect, it } from 'vitest';
import { inBand, leverPriceBand, limitCrosses, spotPriceBand } from './limit-price';

describe('limit price band and crossing', () => {
  it('spot band is [0.2×, 5×] and contract band ±10 %, rounded inwards to the price decimals', () => {
    expect(spotPriceBand('66479', '0.2', '5', 2)).toEqual({ min: '13295.8', max: '332395' });
    expect(spotPriceBand('0.123457', '0.2', '5', 4)).toEqual({ min: '0.0247', max: '0.6172' });
    expect(leverPriceBand('3000', '0.1', 2)).toEqual({ min: '2700', max: '3300' });
    expect(inBand('1', spotPriceBand('66479', '0.2', '5', 2))).toBe(false);
    expect(inBand('3300', leverPriceBand('3000', '0.1', 2))).toBe(true);
  });

  it('a buy/long crosses at or above the current price, a sell/short at or below', () => {
    expect([
      limitCrosses('buy', '100', '100'),
      limitCrosses('long', '99.99', '100'),
      limitCrosses('sell', '100', '100'),
      limitCrosses('short', '100.01', '100'),
    ]).toEqual([true, false, true, false]);
  });
});
