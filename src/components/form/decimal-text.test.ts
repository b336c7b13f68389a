import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fractionOf, judgeText, toLocaleText } from './decimal-text';

describe('judgeText', () => {
  it('accepts the comma as the decimal separator in fra and spa, and the dot everywhere', () => {
    expect(judgeText('12,5', 'fra', 4)).toEqual({ ok: true, value: '12.5' });
    expect(judgeText('12,5', 'spa', 4)).toEqual({ ok: true, value: '12.5' });
    expect(judgeText('12.5', 'fra', 4)).toEqual({ ok: true, value: '12.5' });
    expect(judgeText('12,5', 'en', 4).ok).toBe(false);
  });

  it('keeps the in-between states of typing', () => {
    expect(judgeText('', 'en', 2)).toEqual({ ok: true, value: '' });
    expect(judgeText('12.', 'en', 2)).toEqual({ ok: true, value: '12' });
    expect(judgeText('12,', 'spa', 2)).toEqual({ ok: true, value: '12' });
    expect(judgeText('.5', 'en', 2)).toEqual({ ok: true, value: '0.5' });
    expect(judgeText(',', 'fra', 2)).toEqual({ ok: true, value: '' });
  });

  it('refuses more decimals than the pair allows, signs, exponents, letters and grouping', () => {
    expect(judgeText('0.123', 'en', 2).ok).toBe(false);
    expect(judgeText('1.', 'en', 0).ok).toBe(false);
    for (const bad of ['-1', '1e5', 'abc', 'NaN', '1.2.3', '1,234.5', 'Infinity'])
      expect(judgeText(bad, 'fra', 6).ok, bad).toBe(false);
  });

  it('never yields NaN or an exponent for anything typed (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 24 }),
        fc.constantFrom('en', 'fra', 'spa', 'zh' as const),
        fc.integer({ min: 0, max: 10 }),
        (s, lang, d) => {
          const v = judgeText(s, lang, d);
          return !v.value.includes('NaN') && !/e/i.test(v.value) && (v.value === '' || /^\d+(\.\d+)?$/.test(v.value));
        },
      ),
    );
  });

  it('round-trips a canonical value through the locale text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.constantFrom('en', 'fra', 'spa' as const),
        (i, f, lang) => {
          const canon = f === 0 ? String(i) : `${i}.${String(f).padStart(4, '0')}`.replace(/0+$/, '');
          return judgeText(toLocaleText(canon, lang), lang, 4).value === canon;
        },
      ),
    );
  });
});

describe('fractionOf', () => {
  it('truncates to the allowed decimals, never above the total', () => {
    expect(fractionOf('100.37', 25, 2)).toBe('25.09');
    expect(fractionOf('0.000003', 50, 6)).toBe('0.000001');
    expect(fractionOf('10', 100, 0)).toBe('10');
    expect(fractionOf('0', 50, 2)).toBe('');
    expect(fractionOf('oops', 50, 2)).toBe('');
  });
});
