/**
 * The one decimal canonicalisation: what every amount looks like when it leaves the server.
 * PostgreSQL NUMERIC(36,18) answers "1.500000000000000000"; the API answers "1.5" (no trailing
 * zeros, no exponent, never "-0").
 */
import Decimal from 'decimal.js';
import { assetFormat, figureText } from '../../core';

/** plain decimal text, as PostgreSQL's numeric answers it: sign, integer digits, fraction digits */
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

export function canon(v: string | number | null | undefined): string {
  // the usual case (a numeric column's text) by its digits alone: no decimal object per figure
  const m = typeof v === 'string' ? PLAIN.exec(v) : null;
  if (!m) return new Decimal(v ?? 0).toFixed();
  const int = m[2].replace(/^0+(?=\d)/, '');
  const frac = m[3]?.replace(/0+$/, '') ?? '';
  const body = frac ? `${int}.${frac}` : int;
  return m[1] && body !== '0' ? `-${body}` : body;
}

export function canonOrNull(v: string | null): string | null {
  return v === null ? null : canon(v);
}

/**
 * A money figure as a sentence shows it (a notice's P&L): at its asset's display precision (core's
 * assetFormat: cents for USDT), plain marks; the exact value stays in the record the notice points to.
 */
export function shownMoney(v: string | null | undefined, asset: string): string {
  const f = assetFormat(asset);
  return figureText(canon(v), f.format, f.decimals);
}
