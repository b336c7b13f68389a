import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PERIODS } from '../types/market';
import { bucketStart, nextBucketStart } from './bucket';

const at = (iso: string) => Date.parse(iso);

describe('bucketStart', () => {
  const ts = at('2024-02-29T13:47:31.250Z'); // a Thursday in a leap February
  it.each([
    ['1min', '2024-02-29T13:47:00Z'],
    ['5min', '2024-02-29T13:45:00Z'],
    ['15min', '2024-02-29T13:45:00Z'],
    ['30min', '2024-02-29T13:30:00Z'],
    ['60min', '2024-02-29T13:00:00Z'],
    ['4hour', '2024-02-29T12:00:00Z'],
    ['1day', '2024-02-29T00:00:00Z'],
    ['1week', '2024-02-26T00:00:00Z'], // Monday
    ['1mon', '2024-02-01T00:00:00Z'],
  ] as const)('%s', (period, expected) => {
    expect(new Date(bucketStart(ts, period)).toISOString()).toBe(new Date(at(expected)).toISOString());
  });

  it('starts weeks on Monday 00:00 UTC, also on the Monday itself and before the epoch', () => {
    expect(bucketStart(at('2024-03-04T00:00:00Z'), '1week')).toBe(at('2024-03-04T00:00:00Z'));
    expect(bucketStart(at('2024-03-03T23:59:59.999Z'), '1week')).toBe(at('2024-02-26T00:00:00Z'));
    expect(bucketStart(at('1970-01-01T00:00:00Z'), '1week')).toBe(at('1969-12-29T00:00:00Z'));
  });

  it('next bucket of a month is the next calendar month, across year ends', () => {
    expect(nextBucketStart(at('2023-12-01T00:00:00Z'), '1mon')).toBe(at('2024-01-01T00:00:00Z'));
    expect(nextBucketStart(at('2024-02-01T00:00:00Z'), '1mon')).toBe(at('2024-03-01T00:00:00Z'));
  });

  it('every ts lies in [start, next) and start is idempotent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 4e12 }), fc.constantFrom(...PERIODS), (t, p) => {
        const s = bucketStart(t, p);
        const e = nextBucketStart(s, p);
        expect(s).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(e);
        expect(bucketStart(s, p)).toBe(s);
        expect(bucketStart(e, p)).toBe(e);
        if (p === '1week') expect(new Date(s).getUTCDay()).toBe(1);
        if (p === '1mon') expect(new Date(s).getUTCDate()).toBe(1);
      }),
    );
  });
});
