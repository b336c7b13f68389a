import { describe, expect, it } from 'vitest';
import { estimateFill } from './estimate';

const asks = [
  { price: '100', qty: '1' },
  { price: '101', qty: '2' },
  { price: '102', qty: '3' },
];

describe('fill estimate from the book rows', () => {
  it('a quantity across three levels: their VWAP and the slippage from the touch', () => {
    expect(estimateFill(asks, { qty: '4' }, 4)).toEqual({
      price: '101',
      qty: '4',
      slippagePct: '1.00',
      complete: true,
    });
  });

  it('a quote amount, fee included, buys what the server would (100 + 202 + 0.0196 × 102)', () => {
    const e = estimateFill(asks, { quote: '304.304', feeRate: '0.001' }, 4);
    expect(e?.qty).toBe('3.0196');
    expect(e?.complete).toBe(true);
  });

  it('says when the rows shown run out before the order is filled', () => {
    expect(estimateFill(asks, { qty: '10' }, 4)).toMatchObject({ qty: '6', complete: false });
    expect(estimateFill([], { qty: '1' }, 4)).toBeNull();
  });
});
