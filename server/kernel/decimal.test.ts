import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { canon } from './decimal';

describe('canon', () => {
  it('answers what decimal.js answers for numeric text, without trailing zeros or "-0"', () => {
    const cases = [
      '1.500000000000000000',
      '0.000000000000000000',
      '-0.000000000000000000',
      '-0',
      '00012.3400',
      '-00.5',
      '100',
      '100.000',
      '123456789012345678.123456789012345678',
      '-0.000000000000000001',
      '1e5',
      ' 7.10 ',
      '',
    ];
    const outcome = (f: () => string) => {
      try {
        return f();
      } catch {
        return 'throws';
      }
    };
    for (const s of cases)
      expect(
        outcome(() => canon(s)),
        s,
      ).toBe(outcome(() => new Decimal(s).toFixed()));
    expect(canon('-0.000')).toBe('0');
    expect(canon('1.500000000000000000')).toBe('1.5');
  });

  it('takes numbers and null as before', () => {
    expect(canon(2.5)).toBe('2.5');
    expect(canon(null)).toBe('0');
    expect(canon(undefined)).toBe('0');
  });
});
