import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PERIODS } from '../types/market';
import { bucketStart, nextBucketStart } from './bucket';
import { DAY, monthStart, nestsIn, nextMonthStart } from './calendar';

/** The Date-based definition the integer arithmetic replaces. */
const viaDate = (ts: number, add: number) => {
  const d = new Date(ts);
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const out = new Date(0);
  out.setUTCFullYear(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
  return out.getTime();
};
/** Date's own range is ±8.64e15 ms; keep the next month inside it too. */
const LIMIT = 8.64e15 - 40 * DAY;

describe('calendar months without Date objects', () => {
  it('month start and next month start equal the Date computation for any integer ms in Date range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -LIMIT, max: LIMIT }), (ts) => {
        expect(monthStart(ts)).toBe(viaDate(ts, 0));
        expect(nextMonthStart(ts)).toBe(viaDate(ts, 1));
      }),
      { numRuns: 5000 },
    );
  });

  it('is exact at and around every month boundary from 1600 to 2500', () => {
    for (let y = 1600; y <= 2500; y++)
      for (let m = 0; m < 12; m++) {
        const b = Date.UTC(y, m, 1);
        for (const ts of [b - 1, b, b + 1, b + DAY - 1]) {
          expect(monthStart(ts)).toBe(viaDate(ts, 0));
          expect(nextMonthStart(ts)).toBe(viaDate(ts, 1));
        }
      }
  });

  it('floors fractional and pre-1970 instants (the instant before a month belongs to the previous one)', () => {
    expect(monthStart(-0.5)).toBe(Date.UTC(1969, 11, 1));
    expect(monthStart(Date.UTC(2024, 2, 1) - 0.25)).toBe(Date.UTC(2024, 1, 1));
    expect(nextMonthStart(Date.UTC(2024, 1, 29, 23))).toBe(Date.UTC(2024, 2, 1));
  });
});

describe('nestsIn: every bucket boundary of the outer period is one of the inner period', () => {
  it('agrees with the boundaries themselves (3,000 of them from 1969 and from 2024), for every pair of periods', () => {
    for (const inner of PERIODS)
      for (const outer of PERIODS) {
        let aligned = true;
        for (const from of [Date.UTC(1969, 0, 1), Date.UTC(2024, 0, 1)])
          for (let t = bucketStart(from, outer), k = 0; k < 3000 && aligned; t = nextBucketStart(t, outer), k++)
            aligned = bucketStart(t, inner) === t;
        expect(nestsIn(inner, outer), `${inner} in ${outer}`).toBe(aligned);
      }
  });

  it('only 1week in 1mon fails among shorter-in-longer pairs', () => {
    const fails = PERIODS.flatMap((inner, i) =>
      PERIODS.slice(i + 1)
        .filter((outer) => !nestsIn(inner, outer))
        .map((outer) => `${inner} in ${outer}`),
    );
    expect(fails).toEqual(['1week in 1mon']);
  });
});
