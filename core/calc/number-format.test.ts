import { describe, expect, it } from 'vitest';
import { changePct, formatCompact, formatPercent, formatPrice, toFiat } from './number-format';
import { isDecimalString, parseLocaleDecimal } from './amount-input';

describe('number display', () => {
  it('K above 1,000, M above 1,000,000 with one decimal, else 4 decimals, truncated', () => {
    expect(formatCompact('999.123456')).toBe('999.1234');
    expect(formatCompact('1000')).toBe('1000.0000');
    expect(formatCompact('1000.01')).toBe('1.0K');
    expect(formatCompact('1299.99')).toBe('1.2K');
    expect(formatCompact('999999.99')).toBe('999.9K');
    expect(formatCompact('1000000')).toBe('1000.0K');
    expect(formatCompact('2560000')).toBe('2.5M');
    expect(formatCompact('-2560000')).toBe('-2.5M');
    expect(formatCompact('-0.00001')).toBe('0.0000');
  });
  it('prices truncate and pad', () => {
    expect(formatPrice('65000.129', 2)).toBe('65000.12');
    expect(formatPrice('0.5', 4)).toBe('0.5000');
    expect(formatPrice('123.9', 0)).toBe('123');
  });
  it('change % is signed with 2 decimals', () => {
    expect(changePct('101.234', '100')).toBe('+1.23');
    expect(changePct('99.5', '100')).toBe('-0.50');
    expect(changePct('100', '100')).toBe('0.00');
    expect(changePct('100.001', '100')).toBe('0.00');
    expect(changePct('5', '0')).toBe('0.00');
    expect(formatPercent('12.345')).toBe('+12.35%');
    expect(formatPercent('-0.001')).toBe('0.00%');
  });
  it('fiat conversion to 2 decimals', () => {
    expect(toFiat('1.2345', '7.1')).toBe('8.76');
    expect(toFiat('10', '1')).toBe('10.00');
  });
});

describe('amount input', () => {
  it('isDecimalString: up to 10 decimals by default', () => {
    expect(isDecimalString('1.0123456789')).toBe(true);
    expect(isDecimalString('1.01234567891')).toBe(false);
    expect(isDecimalString('12', 0)).toBe(true);
    expect(isDecimalString('1.5', 0)).toBe(false);
    for (const bad of ['', '.5', '5.', '-1', '1e3', ' 1', '1,5', 'NaN']) expect(isDecimalString(bad), bad).toBe(false);
  });
  it('parseLocaleDecimal: comma decimals in fra and spa, null rather than NaN', () => {
    expect(parseLocaleDecimal('0,50', 'fra')).toBe('0.5');
    expect(parseLocaleDecimal(' 12,25 ', 'spa')).toBe('12.25');
    expect(parseLocaleDecimal('12.25', 'spa')).toBe('12.25');
    expect(parseLocaleDecimal('1.234,5', 'spa')).toBeNull();
    expect(parseLocaleDecimal('12,25', 'en')).toBeNull();
    expect(parseLocaleDecimal('12.250', 'en')).toBe('12.25');
    for (const bad of ['', 'abc', '1e5', '-1', 'Infinity', '1,2,3']) expect(parseLocaleDecimal(bad, 'fra'), bad).toBeNull();
  });
});
