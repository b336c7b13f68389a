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
 * - formatAmount(value, maxDecimals): money and quantities in full (the K/M rule is for
 *   volumes and turnover only) — truncated to the coin's precision, trailing zeros dropped
 *   ("92659.74100000" → "92659.741", "0.00000000" → "0").
 * - assetFormat (contract.ts): the precision of a contract money result in its asset.
 * - groupNumber(text, marks): the language's digit grouping and decimal mark on any of the above
 *   ("1234567.5" → "1,234,567.5" in English, "1 234 567,5" in French, "1.234.567,5" in Spanish).
 * No output ever uses exponent notation or shows "-0".
 */
import { ExactDecimal, dec, type Decimal, type DecimalInput } from './exact';
import type { Lang } from '../types/api';

/** A decimal as the API and the worker write one: a sign, digits with no leading zero, an optional fraction. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

const noNegZero = (s: string) => (/^-0(\.0*)?$/.test(s) ? s.slice(1) : s);

export function formatCompact(value: DecimalInput): string {
  if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) return compactOf(value);
  const v = dec(value);
  const abs = v.abs();
  if (abs.gt(1_000_000)) return noNegZero(v.div(1_000_000).toFixed(1, ExactDecimal.ROUND_DOWN)) + 'M';
  if (abs.gt(1_000)) return noNegZero(v.div(1_000).toFixed(1, ExactDecimal.ROUND_DOWN)) + 'K';
  return noNegZero(v.toFixed(4, ExactDecimal.ROUND_DOWN));
}

/**
 * formatCompact of a plain decimal string, by moving its digits as dividing by 1,000 or 1,000,000
 * does, without parsing it (every amount of the book passes here): decimal.js's result.
 */
function compactOf(s: string): string {
  const from = s.charCodeAt(0) === 45 ? 1 : 0; // -
  const dot = s.indexOf('.');
  const end = dot < 0 ? s.length : dot;
  // the integer digits: 7 and more is 1,000,000 or above, 4 and more 1,000 or above
  const exact = /^-?10*(\.0+)?$/.test(s); // exactly a power of ten: 1,000 and 1,000,000 are not above
  const int = end - from;
  if (int > 7 || (int === 7 && !exact)) return `${s.slice(0, end - 6)}.${s[end - 6]}M`;
  if (int > 4 || (int === 4 && !exact)) return `${s.slice(0, end - 3)}.${s[end - 3]}K`;
  return noNegZero(cutTo(s, 4));
}

export function formatPrice(value: DecimalInput, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals must be a non-negative integer');
  if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) return noNegZero(cutTo(value, decimals));
  return noNegZero(dec(value).toFixed(decimals, ExactDecimal.ROUND_DOWN));
}

/**
 * A plain decimal string truncated toward zero and padded to `decimals`: its digits cut or followed
 * by zeros, as decimal.js's toFixed(ROUND_DOWN) writes it, without parsing it (every price on
 * screen passes here; a price that already has the step's decimals comes back as it is).
 */
function cutTo(s: string, decimals: number): string {
  const dot = s.indexOf('.');
  const int = dot < 0 ? s.length : dot;
  const has = dot < 0 ? 0 : s.length - dot - 1;
  if (has === decimals) return s;
  if (has > decimals) return s.slice(0, decimals ? int + 1 + decimals : int);
  return (dot < 0 ? s + '.' : s) + '0'.repeat(decimals - has);
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

export function formatAmount(value: DecimalInput, maxDecimals = 8): string {
  if (!Number.isInteger(maxDecimals) || maxDecimals < 0)
    throw new RangeError('maxDecimals must be a non-negative integer');
  const s = dec(value).toFixed(maxDecimals, ExactDecimal.ROUND_DOWN);
  return noNegZero(s.includes('.') ? s.replace(/\.?0+$/, '') : s);
}

/** How a language writes numbers: the grouping mark, the decimal mark, and the smallest integer part that is grouped. */
export interface NumberMarks {
  group: string;
  decimal: string;
  /** digits the integer part needs before it is grouped (Spanish leaves "1000" whole but writes "10.000") */
  groupFrom: number;
}

/** No grouping, a dot: what the API sends and what the inputs accept. */
export const PLAIN_MARKS: NumberMarks = { group: '', decimal: '.', groupFrom: 99 };

const COMMA_DOT: NumberMarks = { group: ',', decimal: '.', groupFrom: 4 };
/** CLDR's marks per language (fr: narrow no-break space and comma; es: dot and comma, from 5 digits). */
const MARKS: Record<Lang, NumberMarks> = {
  en: COMMA_DOT,
  zh: COMMA_DOT,
  hk: COMMA_DOT,
  th: COMMA_DOT,
  jp: COMMA_DOT,
  ko: COMMA_DOT,
  fra: { group: '\u202f', decimal: ',', groupFrom: 4 },
  spa: { group: '.', decimal: ',', groupFrom: 5 },
};

export function numberMarks(lang: Lang): NumberMarks {
  return MARKS[lang] ?? COMMA_DOT;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** after `from`, the index past the digits there */
function digitsEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The language's marks on a formatted number (sign, digits, an optional fraction, then any suffix
 * such as K or %); anything else (no digits after the sign, a line break) as it is. Scanned, not
 * matched: every figure on screen passes here (the book's rows, the header, the painted rows), and
 * a match's array and parts were a visible share of what the pair page allocates; a figure the
 * marks leave as it is comes back without a new string.
 */
export function groupNumber(text: string, marks: NumberMarks): string {
  if (marks === PLAIN_MARKS || /[\n\r\u2028\u2029]/.test(text)) return text;
  const c0 = text.charCodeAt(0);
  const intFrom = c0 === 43 || c0 === 45 ? 1 : 0; // + -
  const intTo = digitsEnd(text, intFrom);
  const len = intTo - intFrom;
  if (len === 0) return text;
  const hasFrac = text.charCodeAt(intTo) === 46 && isDigit(text.charCodeAt(intTo + 1)); // .
  const group = len >= marks.groupFrom;
  if (!group && (!hasFrac || marks.decimal === '.')) return text;
  // the sign and the integer part, in groups of three from the right
  const first = group ? len % 3 || 3 : len;
  let out = text.slice(0, intFrom + first);
  for (let i = intFrom + first; i < intTo; i += 3) out += marks.group + text.slice(i, i + 3);
  return hasFrac ? out + marks.decimal + text.slice(intTo + 1) : out + text.slice(intTo);
}

/**
 * Which display rule a figure follows: a pair's price (fixed decimals), a money amount or quantity
 * (in full, up to `decimals`), spec §9's K/M/4-decimal rule (volumes and turnover only), or a
 * signed percent.
 */
export type FigureFormat = 'price' | 'amount' | 'compact' | 'percent';

/**
 * The text of a figure as every screen shows it — a React <Num/> on the main thread and the rows the
 * market worker paints: '--' when there is no finite number, else formatPrice (at `decimals`),
 * formatAmount (up to `decimals`), formatPercent or formatCompact, in the language's marks.
 */
export function figureText(
  value: string | number | null | undefined,
  format: FigureFormat,
  decimals: number,
  marks: NumberMarks = PLAIN_MARKS,
): string {
  if (value === null || value === undefined || value === '' || !Number.isFinite(Number(value))) return '--';
  const s = String(value);
  const plain =
    format === 'price'
      ? formatPrice(s, decimals)
      : format === 'amount'
        ? formatAmount(s, decimals)
        : format === 'percent'
          ? formatPercent(s)
          : formatCompact(s);
  return groupNumber(plain, marks);
}

/**
 * Direction of a price move from `prev` to `next`: 1 up, -1 down, 0 when equal or either is not a
 * number. A price is tinted by the direction of its last move and keeps it until the price moves
 * the other way.
 */
export function moveDirection(
  prev: string | number | null | undefined,
  next: string | number | null | undefined,
): 0 | 1 | -1 {
  const num = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? NaN : Number(v));
  const a = num(prev);
  const b = num(next);
  return Number.isFinite(a) && Number.isFinite(b) && a !== b ? (b > a ? 1 : -1) : 0;
}
