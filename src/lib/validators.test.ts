import { describe, expect, it } from 'vitest';
import { isAmount, isCode, isEmail, isMobile } from './validators';

describe('validators (spec §5)', () => {
  it('code is exactly six digits', () => {
    expect(isCode('123456')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('12345a')).toBe(false);
  });
  it('email, mobile and amount', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('12812345678')).toBe(false);
    expect(isAmount('0.0000000001')).toBe(true);
    expect(isAmount('0.00000000001')).toBe(false);
    expect(isAmount('01')).toBe(false);
  });
});
