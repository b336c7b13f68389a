/**
 * The safety net under validation: a PostgreSQL error that input or a race
 * can cause becomes a business answer, never a 500. A unique race (two /follow/apply, two IEO
 * projects with one symbol) is "already exists", a missing referenced row (a coupon for a
 * missing user) "not found", and a data exception (NUL, bad encoding, number out of range, text
 * too long) a parameter error. The routes validate first; this only catches what slips through.
 */
import type { MessageKey } from '../i18n/messages';
import { isUniqueViolation, sqlState } from '../db/tx';

export function pgErrorKey(err: unknown): MessageKey | undefined {
  const s = sqlState(err);
  if (!s) return undefined;
  if (isUniqueViolation(err)) return 'already_exists';
  if (s === '23503') return 'not_found';
  // class 22 data exceptions: 22P05/22021 NUL or bad encoding, 22003 out of range, 22001 too long, 22P02 bad number…
  if (s.startsWith('22') || s === '23502') return 'param_error';
  // a paused engine leader's fenced transaction ended by idle_in_transaction_session_timeout (scale/lease.ts)
  if (s === '25P03') return 'engine_unavailable';
  return undefined;
}
