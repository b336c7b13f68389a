/**
 * The venue's numbers stay decimal strings: validated, made canonical ("67250.10000000" →
 * "67250.1"), compared and subtracted exactly — never parsed to a float.
 */
import Decimal from 'decimal.js';
import { canonicalDecimal } from '../units';

const DECIMAL = /^\d+(\.\d+)?$/;

/** A canonical non-negative decimal string, or throws (a frame that is not the documented shape). */
export function dec(v: unknown, what: string): string {
  if (typeof v !== 'string' || !DECIMAL.test(v))
    throw new TypeError(`${what}: not a decimal string: ${JSON.stringify(v)}`);
  let s = canonicalDecimal(v);
  // "007.5" → "7.5" (Binance never sends it, but a book key must have one spelling)
  let i = 0;
  while (i < s.length - 1 && s[i] === '0' && s[i + 1] !== '.') i++;
  s = s.slice(i);
  return s;
}

/** Exact order of two canonical non-negative decimal strings: −1, 0, 1. */
export function cmpDec(a: string, b: string): number {
  const ai = a.indexOf('.');
  const bi = b.indexOf('.');
  const aInt = ai < 0 ? a : a.slice(0, ai);
  const bInt = bi < 0 ? b : b.slice(0, bi);
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const af = ai < 0 ? '' : a.slice(ai + 1);
  const bf = bi < 0 ? '' : b.slice(bi + 1);
  return af === bf ? 0 : af < bf ? -1 : 1;
}

export const isZero = (s: string): boolean => s === '0';

/** a − b, canonical (decimal.js: exact). */
export function subDec(a: string, b: string): string {
  return new Decimal(a).minus(b).toFixed();
}
