import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import BaseDecimal from 'decimal.js';
import { formatScaled, parseScaledBig, parseScaledFast, type ScaledOut } from './scaled';

// Enough digits for the 31-digit values the property below generates: at decimal.js's default 20
// significant digits its ÷ 10^s rounded them, so no string past 20 significant digits was ever tried.
const Decimal = BaseDecimal.clone({ precision: 100 });

describe('scaled decimals', () => {
  it('parses plain strings, dropping trailing fractional zeros', () => {
    const out: ScaledOut = { m: 0, scale: 0 };
    expect(parseScaledFast('65000.1200', out)).toBe(true);
    expect(out).toEqual({ m: 6500012, scale: 2 });
    expect(parseScaledFast('100000000000000.000000', out)).toBe(true); // padding costs no headroom
    expect(out).toEqual({ m: 1e14, scale: 0 });
    expect(parseScaledFast('.5', out)).toBe(true);
    expect(out).toEqual({ m: 5, scale: 1 });
    expect(parseScaledFast('0.00000001', out)).toBe(true);
    expect(out).toEqual({ m: 1, scale: 8 });
  });

  it('refuses what it cannot hold exactly or is not plain', () => {
    const out: ScaledOut = { m: 0, scale: 0 };
    for (const s of ['', '.', '-1', '1e5', '1.2.3', ' 1', '9007199254740993', 'NaN']) {
      expect(parseScaledFast(s, out), s).toBe(false);
    }
    expect(parseScaledFast('9007199254740991', out)).toBe(true);
    // More than 22 decimals (10^22 is float64's last exact power of ten) goes to BigInt.
    expect(parseScaledFast('0.' + '0'.repeat(21) + '1', out)).toBe(true);
    expect(out).toEqual({ m: 1, scale: 22 });
    expect(parseScaledFast('0.' + '0'.repeat(22) + '1', out)).toBe(false);
    expect(parseScaledFast('0.' + '0'.repeat(400) + '1', out)).toBe(false);
    expect(parseScaledFast('1.' + '0'.repeat(400), out)).toBe(true); // trailing zeros cost nothing
    expect(out).toEqual({ m: 1, scale: 0 });
    expect(parseScaledFast('0.' + '0'.repeat(30), out)).toBe(true); // zero, past 10^22's zeros
    expect(out).toEqual({ m: 0, scale: 0 });
    expect(parseScaledFast('9007199254740991.000', out)).toBe(true); // 2^53 − 1 once its zeros are cut
    expect(out).toEqual({ m: 9007199254740991, scale: 0 });
    expect(parseScaledFast('900719925474099.10', out)).toBe(true);
    expect(out).toEqual({ m: 9007199254740991, scale: 1 });
  });

  it('BigInt parse accepts exponents and rejects negatives and garbage', () => {
    expect(parseScaledBig('1e-7')).toEqual({ m: 1n, scale: 7 });
    expect(parseScaledBig('123456789012345678901.50')).toEqual({ m: 1234567890123456789015n, scale: 1 });
    expect(() => parseScaledBig('-1')).toThrow(RangeError);
    expect(() => parseScaledBig('abc')).toThrow(RangeError);
    expect(() => parseScaledBig('Infinity')).toThrow(RangeError);
  });

  it('formats canonically', () => {
    expect(formatScaled(0, 8)).toBe('0');
    expect(formatScaled(0n, 0)).toBe('0');
    expect(formatScaled(1, 8)).toBe('0.00000001');
    expect(formatScaled(1500, 3)).toBe('1.5');
    expect(formatScaled(1500, 0)).toBe('1500');
    expect(formatScaled(-25n, 1)).toBe('-2.5');
  });

  it('parse then format equals decimal.js canonical form', () => {
    const dec = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 30 }))
      .map(([m, s]) => new Decimal(m.toString()).div(new Decimal(10).pow(s)).toFixed(s));
    fc.assert(
      fc.property(dec, (s) => {
        const canon = new Decimal(s).toFixed();
        const big = parseScaledBig(s);
        expect(formatScaled(big.m, big.scale)).toBe(canon);
        const out: ScaledOut = { m: 0, scale: 0 };
        if (parseScaledFast(s, out)) expect(formatScaled(out.m, out.scale)).toBe(canon);
        else expect(big.m > BigInt(Number.MAX_SAFE_INTEGER) || big.scale > 22).toBe(true);
      }),
    );
  });
});
