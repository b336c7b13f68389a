/**
 * Calendar arithmetic behind bucket.ts, kept out of core's public surface (index.ts re-exports
 * bucket.ts, not this file). Calendar months use integer civil-date arithmetic (days ↔ year/month
 * in the proleptic Gregorian calendar that Date uses) instead of Date objects, so the aggregator's
 * hot path allocates nothing.
 */
import type { Period } from '../types/market';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;
/** Monday 1970-01-05 00:00 UTC: the first week boundary after the epoch. */
export const FIRST_MONDAY = 4 * DAY;

/** Fixed-length periods in ms; `1week` and `1mon` are handled apart. */
export const FIXED_MS: Partial<Record<Period, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': HOUR,
  '4hour': 4 * HOUR,
  '1day': DAY,
};

/**
 * Days since 1970-01-01 of the first day of the month containing day `z` (also days since the
 * epoch), and of the month after it when `next` is set. Howard Hinnant's civil_from_days /
 * days_from_civil with March-based years; integer-valued float64 arithmetic, exact for any day a
 * Date can hold and far beyond.
 */
function monthStartDay(z: number, next: boolean): number {
  const zz = z + 719_468; // days since 0000-03-01
  const era = Math.floor(zz / 146_097);
  const doe = zz - era * 146_097; // [0, 146096]
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365); // [0, 399]
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // [0, 365]
  let mp = Math.floor((5 * doy + 2) / 153); // month from March: [0, 11]
  let y = yoe + era * 400; // March-based year
  if (next && ++mp === 12) {
    mp = 0;
    y++;
  }
  // days_from_civil(y, mp, 1) with the March-based year kept as is.
  const era2 = Math.floor(y / 400);
  const yoe2 = y - era2 * 400;
  const doy2 = Math.floor((153 * mp + 2) / 5);
  const doe2 = yoe2 * 365 + Math.floor(yoe2 / 4) - Math.floor(yoe2 / 100) + doy2;
  return era2 * 146_097 + doe2 - 719_468;
}

/** First instant of the UTC calendar month containing `ts`. */
export function monthStart(ts: number): number {
  return monthStartDay(Math.floor(ts / DAY), false) * DAY;
}

/** First instant of the UTC calendar month after the one containing `ts`. */
export function nextMonthStart(ts: number): number {
  return monthStartDay(Math.floor(ts / DAY), true) * DAY;
}

/**
 * A period as numbers, for hot loops: fixed-length periods (weeks included) open at
 * `floor((ts − offset) / len) · len + offset`; `len` 0 means calendar months.
 */
export function periodLength(period: Period): { len: number; offset: number } {
  const len = FIXED_MS[period];
  if (len !== undefined) return { len, offset: 0 };
  if (period === '1week') return { len: WEEK, offset: FIRST_MONDAY };
  if (period === '1mon') return { len: 0, offset: 0 };
  throw new RangeError(`unknown period ${String(period)}`);
}

/**
 * True when every bucket boundary of `outer` is also a bucket boundary of `inner`, so each `inner`
 * bucket lies inside one `outer` bucket (a period nests in itself). Fixed lengths nest when the
 * inner length divides the outer and their offsets agree modulo it; calendar months start at
 * midnight, so an inner period nests in them when it divides a day and is aligned to midnight.
 * Every pair nests except `1week` in `1mon` (weeks straddle months).
 */
export function nestsIn(inner: Period, outer: Period): boolean {
  const a = periodLength(inner);
  const b = periodLength(outer);
  if (a.len === 0) return b.len === 0;
  if (b.len === 0) return DAY % a.len === 0 && a.offset % a.len === 0;
  return b.len % a.len === 0 && (b.offset - a.offset) % a.len === 0;
}
