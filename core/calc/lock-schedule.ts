/**
 * Lock-mining schedule (docs/rules.md "Lock-up mining"): when each daily dividend falls due, the expiry, the
 * remaining days a penalty counts, and each day's rate inside the configured range.
 *
 * - Dividend k (k = 1..lockDays) falls due at the k-th occurrence of the dividend time (HH:MM UTC)
 *   strictly after the lock time. The lock expires (principal returns) with the last dividend.
 * - Remaining days = dividends not yet due: lockDays − due(now). earlyRedemption() in lock-mining.ts
 *   charges penaltyRatio × remaining days × amount.
 * - Day k's rate = min + (max − min) × s / 10 with s in 0..10 from a fixed hash of (order, k): every
 *   rate lies in the advertised range, is exact, and is the same whoever computes it and whenever.
 */
import { dec, str, type DecimalInput } from './exact';

const DAY_MS = 86_400_000;

function parseDividendTime(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`dividend time must be HH:MM: ${hhmm}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 60_000;
}

/** Epoch ms at which dividend k (1-based) falls due. */
export function dividendDueAt(lockAtMs: number, dividendTime: string, k: number): number {
  if (!Number.isInteger(k) || k < 1) throw new RangeError('k must be a positive integer');
  const offset = parseDividendTime(dividendTime);
  const dayStart = Math.floor(lockAtMs / DAY_MS) * DAY_MS;
  const first = dayStart + offset > lockAtMs ? dayStart + offset : dayStart + DAY_MS + offset;
  return first + (k - 1) * DAY_MS;
}

export function lockExpireAt(lockAtMs: number, dividendTime: string, lockDays: number): number {
  return dividendDueAt(lockAtMs, dividendTime, lockDays);
}

/** How many dividends have fallen due at `nowMs` (0..lockDays). */
export function dividendsDue(lockAtMs: number, dividendTime: string, lockDays: number, nowMs: number): number {
  if (!Number.isInteger(lockDays) || lockDays < 1) throw new RangeError('lockDays must be a positive integer');
  const first = dividendDueAt(lockAtMs, dividendTime, 1);
  if (nowMs < first) return 0;
  return Math.min(lockDays, Math.floor((nowMs - first) / DAY_MS) + 1);
}

export function lockRemainingDays(lockAtMs: number, dividendTime: string, lockDays: number, nowMs: number): number {
  return lockDays - dividendsDue(lockAtMs, dividendTime, lockDays, nowMs);
}

/** A day's rate inside [min, max]: deterministic per (orderId, day). */
export function lockDayRate(min: DecimalInput, max: DecimalInput, orderId: number, day: number): string {
  const lo = dec(min, 'min');
  const hi = dec(max, 'max');
  if (hi.lt(lo)) throw new RangeError('max must be at least min');
  let h = Math.imul(orderId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(day + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x27d4eb2d);
  h ^= h >>> 15;
  const step = (h >>> 0) % 11;
  return str(lo.plus(hi.minus(lo).times(step).div(10)));
}
