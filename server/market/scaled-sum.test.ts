import { describe, expect, it } from 'vitest';
import { ScaledSum } from './scaled-sum';

describe('ScaledSum', () => {
  it('adds decimal strings exactly, growing its scale and spilling into BigInt', () => {
    const s = new ScaledSum();
    for (const v of ['0.1', '0.2', '3', '0.000001', '10.50']) s.add(v);
    expect(s.toString()).toBe('13.800001');
    const big = new ScaledSum();
    big.add('9007199254740991');
    big.add('0.5');
    big.add('1');
    expect(big.toString()).toBe('9007199254740992.5');
    const other = new ScaledSum();
    other.add('0.25');
    expect(s.plus(other)).toBe('14.050001');
    expect(() => s.add('1e5')).toThrow(RangeError);
  });
});
