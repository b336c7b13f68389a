/**
 * The one set of number display rules (DESIGN.md §7 "one place to format"; spec §9).
 *
 * - formatCompact: |v| above 1,000,000 → v / 1e6 with one decimal and "M"; above 1,000 → v / 1e3
 *   with one decimal and "K"; otherwise 4 decimals. Exactly 1,000 / 1,000,000 are not "above".
 *   Digits are truncated (ROUND_DOWN toward zero), so a balance is never shown larger than it is.
 * - formatPrice(value, decimals): truncated to `decimals` and padded with zeros to exactly that many
 *   (65000.129 at 2 → "65000.12"); truncation shows only digits the value really has.
 * - changePct(last, open): (last − open) / open × 100 with 2 decimals, half up, and an explicit sign
 *   ("+1.23", "-0.50", "0.00"); an open of 0 gives "0.00" (no base to compare with).
 * - formatPercent(pct): the same sign and 2-decimal rule for a value already in percent, plus "%".
 * - toFiat(amount, rate): amount × rate to 2 decimals, half up (display of an equivalent value).
 * No output ever uses exponent notation or shows "-0".
 */
import { ExactDecimal, dec, type Decimal, type DecimalInput } from './exact';

const noNegZero = (s: string) => (/^-0(\.0*)?$/.test(s) ? s.slice(1) : s);

export function formatCompact(value: DecimalInput): string {
  const v = dec(value);
  const abs = v.abs();
  if (abs.gt(1_000_000)) return noNegZero(v.div(1_000_000).toFixed(1, ExactDecimal.ROUND_DOWN)) + 'M';
  if (abs.gt(1_000)) return noNegZero(v.div(1_000).toFixed(1, ExactDecimal.ROUND_DOWN)) + 'K';
  return noNegZero(v.toFixed(4, ExactDecimal.ROUND_DOWN));
}

export function formatPrice(value: DecimalInput, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals must be a non-negative integer');
  return noNegZero(dec(value).toFixed(decimals, ExactDecimal.ROUND_DOWN));
}

function signed2(pct: Decimal): string {
  const s = noNegZero(pct.toFixed(2, ExactDecimal.ROUND_HALF_UP));
  return s === '0.00' || s.startsWith('-') ? s : '+' + s;
}

export function changePct(last: DecimalInput, open: DecimalInput): string {
  const o = dec(open, 'open');
  if (o.isZero()) return '0.00';
  return signed2(dec(last, 'last').minus(o).div(o).times(100));
}

export function formatPercent(pct: DecimalInput): string {
  return signed2(dec(pct)) + '%';
}

export function toFiat(amount: DecimalInput, rate: DecimalInput): string {
  return noNegZero(dec(amount, 'amount').times(dec(rate, 'rate')).toFixed(2, ExactDecimal.ROUND_HALF_UP));
}
