import type { Period } from '../types/market';
import { FIRST_MONDAY, FIXED_MS, WEEK, monthStart, nextMonthStart } from './calendar';

/**
 * K-line bucket boundaries.
 *
 * Rules (spec: UTC-aligned buckets, weeks start Monday 00:00 UTC, calendar months):
 * - minute/hour/day periods: `floor(ts / len) * len` — the epoch is midnight UTC, so this is UTC-aligned.
 * - `1week`: buckets start on Monday 00:00 UTC. The epoch (1970-01-01) was a Thursday, so weeks are
 *   counted from Monday 1970-01-05.
 * - `1mon`: the first instant of the UTC calendar month.
 * - Timestamps before 1970 work too (floor, not truncation).
 * - Calendar months use integer civil-date arithmetic (calendar.ts), not Date objects.
 */

/** Open instant (ms, UTC) of the bucket that contains `ts` for `period`. */
export function bucketStart(ts: number, period: Period): number {
  const len = FIXED_MS[period];
  if (len !== undefined) return Math.floor(ts / len) * len;
  if (period === '1week') return Math.floor((ts - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
  if (period === '1mon') return monthStart(ts);
  throw new RangeError(`unknown period ${String(period)}`);
}

/** Open instant of the bucket after the one that opens at `start` (a value returned by bucketStart). */
export function nextBucketStart(start: number, period: Period): number {
  const len = FIXED_MS[period];
  if (len !== undefined) return start + len;
  if (period === '1week') return start + WEEK;
  if (period === '1mon') return nextMonthStart(start);
  throw new RangeError(`unknown period ${String(period)}`);
}
