import { describe, expect, it } from 'vitest';
import { adminFormat } from './format';
import { initialAdminLang } from './lang';

describe('the back office language an operator starts in', () => {
  it('is the one they chose, else the browser’s Chinese or English, else English', () => {
    expect(initialAdminLang('zh', 'en-US')).toBe('zh');
    expect(initialAdminLang('en', 'zh-CN')).toBe('en');
    expect(initialAdminLang(null, 'zh-CN')).toBe('zh');
    expect(initialAdminLang(null, 'zh-TW')).toBe('zh'); // Traditional readers get Chinese, not English
    expect(initialAdminLang(null, 'en-GB')).toBe('en');
    expect(initialAdminLang(null, 'fr-FR')).toBe('en');
    expect(initialAdminLang('th', 'ja-JP')).toBe('en'); // a customer-app language the back office lacks
  });
});

describe('dates and figures in the back office', () => {
  const at = new Date(2026, 10, 26, 9, 5, 7).getTime(); // local time: the operator's own clock
  it('write dates in the language’s order, 24-hour', () => {
    expect(adminFormat('zh').dateTime(at)).toBe('2026/11/26 09:05');
    expect(adminFormat('en').dateTime(at)).toBe('11/26/2026, 09:05');
    expect(adminFormat('zh').dateTimeSec(new Date(at).toISOString())).toBe('2026/11/26 09:05:07');
    expect(adminFormat('en').time(at)).toBe('09:05:07');
    expect(adminFormat('zh').date(null)).toBe('—');
    expect(adminFormat('en').date('not a date')).toBe('not a date');
  });

  it('show amounts exactly, grouped, without trailing zeros', () => {
    const f = adminFormat('zh');
    expect(f.num('2000000')).toBe('2,000,000');
    expect(f.num('92659.74100000')).toBe('92,659.741');
    expect(f.num('0.00000000')).toBe('0');
    expect(f.num('-25.5')).toBe('-25.5');
    expect(f.num('123456789012345678.123456789012345678')).toBe('123,456,789,012,345,678.123456789012345678');
    expect(f.num(null)).toBe('—');
    expect(f.num('USDT')).toBe('USDT');
  });
});
