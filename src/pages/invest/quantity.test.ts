import { describe, expect, it } from 'vitest';
import { checkQuantity, maxShares } from './quantity';

const p = { min_num: 1, max_num: 50, remaining_shares: 30, per_price: '0.01' };

describe('checkQuantity (spec §5 purchase quantity)', () => {
  it('asks for a quantity, then for an integer', () => {
    expect(checkQuantity('', p, '1')).toEqual({ ok: false, key: 'required' });
    expect(checkQuantity('1.5', p, '1')).toEqual({ ok: false, key: 'integer' });
  });
  it('keeps within the minimum, the remaining shares, the per-order maximum and the balance', () => {
    expect(checkQuantity('0', p, '1')).toEqual({ ok: false, key: 'min', n: 1 });
    expect(checkQuantity('31', p, '1')).toEqual({ ok: false, key: 'remaining', n: 30 });
    expect(checkQuantity('20', { ...p, max_num: 10 }, '1')).toEqual({ ok: false, key: 'max', n: 10 });
    expect(checkQuantity('20', p, '0.19')).toEqual({ ok: false, key: 'balance' });
  });
  it('answers the exact cost in the invest currency', () => {
    expect(checkQuantity('20', p, '0.2')).toEqual({ ok: true, num: 20, amount: '0.2' });
    expect(checkQuantity('3', { ...p, per_price: '100.1' }, '1000')).toEqual({ ok: true, num: 3, amount: '300.3' });
  });
});

describe('maxShares', () => {
  it('is the least of remaining, per-order maximum and what the balance buys', () => {
    expect(maxShares(p, '1')).toBe(30);
    expect(maxShares(p, '0.155')).toBe(15);
    expect(maxShares({ ...p, max_num: 5 }, '1')).toBe(5);
    expect(maxShares(p, '0')).toBe(0);
  });
});
