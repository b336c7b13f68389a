import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors';
import { parseAmount } from './amount';

describe('parseAmount', () => {
  it('answers the canonical text of a positive amount of up to 18 integer digits and 10 decimals', () => {
    expect(parseAmount('0.01')).toBe('0.01');
    expect(parseAmount(' 0012.3400 ')).toBe('12.34');
    expect(parseAmount('5.0')).toBe('5');
    expect(parseAmount(2.5)).toBe('2.5');
    expect(parseAmount('999999999999999999.9999999999')).toBe('999999999999999999.9999999999');
  });

  it('refuses zero, signs, exponents, too many digits and anything not a plain decimal', () => {
    for (const bad of [
      '0',
      '0.0000000000',
      '-1',
      '+1',
      '1e3',
      '.5',
      '5.',
      '1000000000000000000',
      '0.00000000001',
      'abc',
      '',
      null,
      {},
      1e21,
    ]) {
      expect(() => parseAmount(bad), String(bad)).toThrow(AppError);
    }
  });
});
