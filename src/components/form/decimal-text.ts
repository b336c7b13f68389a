/**
 * What an amount or price box accepts while the user types, and how a canonical decimal is shown
 * back in their language. Parsing proper is core's parseLocaleDecimal; this file only adds the
 * in-between states of typing ("12," on the way to "12,5") and the decimals limit of the pair.
 */
import { ExactDecimal, parseLocaleDecimal, type Lang } from '../../../core';

const COMMA_LANGS: readonly Lang[] = ['fra', 'spa'];

function decimalSeparator(lang: Lang): ',' | '.' {
  return COMMA_LANGS.includes(lang) ? ',' : '.';
}

export interface TextVerdict {
  /** the text to keep in the box */
  ok: boolean;
  /** canonical decimal string of the text, '' when the box holds nothing usable yet */
  value: string;
}

/**
 * Judge a new box text. Refused (ok false) when it is not a plain number in the user's language or
 * has more decimals than `maxDecimals`; the box then keeps its previous text. Accepted partial
 * states: "" and a trailing separator ("12." / "12,"), which mean "" and "12".
 */
export function judgeText(text: string, lang: Lang, maxDecimals: number): TextVerdict {
  const s = text.trim();
  if (s === '') return { ok: true, value: '' };
  const seps = COMMA_LANGS.includes(lang) ? '[.,]' : '[.]';
  const m = new RegExp(`^(\\d*)(${seps}(\\d*))?$`).exec(s);
  if (!m) return { ok: false, value: '' };
  const [, int, sepPart, frac = ''] = m;
  if (sepPart !== undefined && maxDecimals === 0) return { ok: false, value: '' };
  if (frac.length > maxDecimals) return { ok: false, value: '' };
  // A lone separator is the first key of ".5": keep it, it means nothing yet.
  if (int === '' && frac === '') return { ok: true, value: '' };
  // ".5" / ",5": read as 0.5, which is what a user typing it means.
  const whole = `${int === '' ? '0' : int}${frac ? `.${frac}` : ''}`;
  const value = parseLocaleDecimal(whole, 'en');
  return value === null ? { ok: false, value: '' } : { ok: true, value };
}

/** A canonical decimal as the user's language writes it (no grouping: the box must parse back). */
export function toLocaleText(value: string, lang: Lang): string {
  return decimalSeparator(lang) === ',' ? value.replace('.', ',') : value;
}

/** `pct` % of `total`, truncated to `decimals` (never more than the user has). '' for a bad total. */
export function fractionOf(total: string, pct: number, decimals: number): string {
  let t: InstanceType<typeof ExactDecimal>;
  try {
    t = new ExactDecimal(total);
  } catch {
    return '';
  }
  if (!t.isFinite() || t.lte(0)) return '';
  const v = t.times(pct).div(100).toDecimalPlaces(decimals, ExactDecimal.ROUND_DOWN);
  return v.isZero() ? '0' : v.toFixed();
}
