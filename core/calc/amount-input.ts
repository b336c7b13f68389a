/**
 * Amount input checks (spec §5: amounts up to 10 decimals; spec §1: fra and spa interfaces).
 *
 * - isDecimalString(s, maxDecimals = 10): plain non-negative decimal — digits, optionally "." and
 *   1..maxDecimals digits. No sign, exponent, spaces, grouping, or bare "." / ".5" / "5.".
 * - parseLocaleDecimal(input, lang): what a user typed → canonical decimal string, or null.
 *   Surrounding spaces are ignored. In 'fra' and 'spa' the comma is the decimal separator; the dot
 *   is accepted too (mobile keypads often offer only one of them). Other languages accept the dot
 *   only. Grouping separators are refused rather than guessed ("1.234,5" → null), since misreading
 *   one moves money by a factor of 1,000. Never returns NaN or an exponent.
 */
import type { Lang } from '../types/api';
import { dec, str } from './exact';

const MAX_AMOUNT_DECIMALS = 10;

export function isDecimalString(s: string, maxDecimals: number = MAX_AMOUNT_DECIMALS): boolean {
  if (!Number.isInteger(maxDecimals) || maxDecimals < 0)
    throw new RangeError('maxDecimals must be a non-negative integer');
  const frac = maxDecimals === 0 ? '' : `(\\.\\d{1,${maxDecimals}})?`;
  return new RegExp(`^\\d+${frac}$`).test(s);
}

const COMMA_DECIMAL_LANGS: readonly Lang[] = ['fra', 'spa'];

export function parseLocaleDecimal(input: string, lang: Lang): string | null {
  let s = input.trim();
  if (COMMA_DECIMAL_LANGS.includes(lang)) {
    if (s.includes(',') && s.includes('.')) return null;
    s = s.replace(',', '.');
  }
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  return str(dec(s));
}
