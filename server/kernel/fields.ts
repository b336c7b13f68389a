/**
 * The shared field types of every route schema: each fits its PostgreSQL
 * column, so bad input is a parameter error here and never a database error. Integers are
 * digits only (no "1e3", "0x10", " 12abc") and within int4; text refuses control characters
 * (NUL cannot be stored) and has a maximum length; decimals fit NUMERIC(36,18).
 */
import { z } from 'zod';
import { hasControlChars } from './control-chars';

export const INT4_MAX = 2_147_483_647;

/** '' (an empty form field) is absent; '12' is 12; anything else is left for z.number() to refuse */
function toInt(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return undefined;
  return /^\d{1,10}$/.test(s) ? Number(s) : v;
}

const intIn = (min: number, max: number) => z.number().int().min(min).max(Math.min(max, INT4_MAX));

/** a required integer in [min, max] (max at most int4) */
export const int = (min: number, max: number = INT4_MAX) => z.preprocess(toInt, intIn(min, max));
/** an optional integer; '' counts as absent */
export const optInt = (min: number, max: number = INT4_MAX) => z.preprocess(toInt, intIn(min, max).optional());
/** an integer with a default when absent or '' */
export const intOr = (min: number, max: number, d: number) => z.preprocess(toInt, intIn(min, max).default(d));

/** The last millisecond a Date holds in a 4-digit year: the bound of a time filter. */
const LAST_MS = 253_402_300_799_999;
/** an optional instant in epoch milliseconds (a date filter); '' counts as absent */
export const optTimeMs = z.preprocess(
  (v) =>
    typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v) : v,
  z.number().int().min(0).max(LAST_MS).optional(),
);

/** a row id: 1..2147483647 */
export const id = int(1);
export const optId = optInt(1);

const noControl = (s: string) => !hasControlChars(s);

/** trimmed text of at most `max` characters without control characters */
export const text = (max: number) => z.string().trim().max(max).refine(noControl, { error: 'param_error' });
export const optText = (max: number) => text(max).optional();

/** a non-negative decimal string within NUMERIC(36,18): 18 integer digits, 18 decimals */
export const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,18})?$/);
/** the same, signed (operator adjustments) */
export const signedDecimal = z
  .string()
  .trim()
  .regex(/^-?\d{1,18}(\.\d{1,18})?$/);
