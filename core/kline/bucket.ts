import type { Period } from '../index';

/**
 * K-line bucket boundaries.
 *
 * Rules (spec: UTC-aligned buckets, weeks start Monday 00:00 UTC, calendar months):
 * - minute/hour/day periods: `floor(ts / len) * len` — the epoch is midnight UTC, so this is UTC-aligned.
 * - `1week`: buckets start on Monday 00:00 UTC. The epoch (1970-01-01) was a Thursday, so weeks are
 *   counted from Monday 1970-01-05.
 * - `1mon`: the first instant of the UTC calendar month.
 * - Timestamps before 1970 work too (floor, not truncation).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Monday 1970-01-05 00:00 UTC: the first week boundary after the epoch. */
const FIRST_MONDAY = 4 * DAY;

/** Fixed-length periods in ms; `1week` and `1mon` are handled apart. */
const FIXED_MS: Partial<Record<Period, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': HOUR,
  '4hour': 4 * HOUR,
  '1day': DAY,
};

/** Open instant (ms, UTC) of the bucket that contains `ts` for `period`. */
export function bucketStart(ts: number, period: Period): number {
  const len = FIXED_MS[period];
  if (len !== undefined) return Math.floor(ts / len) * len;
  if (period === '1week') return Math.floor((ts - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
  if (period === '1mon') {
    const d = new Date(ts);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  throw new RangeError(`unknown period ${String(period)}`);
}

/** Open instant of the bucket after the one that opens at `start` (a value returned by bucketStart). */
export function nextBucketStart(start: number, period: Period): number {
  const len = FIXED_MS[period];
  if (len !== undefined) return start + len;
  if (period === '1week') return start + WEEK;
  if (period === '1mon') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  throw new RangeError(`unknown period ${String(period)}`);
}
