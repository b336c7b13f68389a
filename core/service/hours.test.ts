import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAllowList } from './webview';
import { parseServiceHours, withinServiceHours } from './hours';

describe('service hours', () => {
  // 2026-11-23 is a Monday
  const at = (day: number, hh: number, mm = 0) => Date.UTC(2026, 10, 22 + day, hh, mm);
  it('reads weekday ranges in UTC, end exclusive', () => {
    const h = '1-5 09:00-18:00';
    expect(withinServiceHours(h, at(1, 9))).toBe(true);
    expect(withinServiceHours(h, at(5, 17, 59))).toBe(true);
    expect(withinServiceHours(h, at(5, 18))).toBe(false);
    expect(withinServiceHours(h, at(6, 12))).toBe(false);
    expect(withinServiceHours('1-5 09:00-18:00; 6 10:00-12:00', at(6, 11))).toBe(true);
    expect(withinServiceHours('7 00:00-24:00', at(7, 23, 59))).toBe(true);
  });
  it('refuses malformed settings (and then counts as always open)', () => {
    for (const bad of [
      '',
      'mon 9-5',
      '5-1 09:00-18:00',
      '1 18:00-09:00',
      '1 09:00-25:00',
      '8 09:00-10:00',
      '1 09:60-10:00',
    ])
      expect(parseServiceHours(bad)).toBeNull();
    expect(withinServiceHours('nonsense', at(6, 3))).toBe(true);
  });
  it('a full week range is open at any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => withinServiceHours('1-7 00:00-24:00', ms)),
    );
  });
});

describe('web view allow-list', () => {
  it('keeps host names and wildcards, drops the rest', () => {
    expect(parseAllowList('bitcoin.org, *.binance.com  javascript:alert(1) ,EXAMPLE.com')).toEqual([
      'bitcoin.org',
      '*.binance.com',
      'example.com',
    ]);
  });
});
