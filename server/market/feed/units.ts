/**
 * Exact decimal strings from scaled integers. The simulator walks prices as floats, then rounds once
 * to an integer number of the instrument's smallest units and formats that integer, so every emitted
 * price/qty is a correctly rounded decimal string with exactly `decimals` places (no float printing).
 */

/** round(value × 10^decimals) as an integer, at least `min`. */
export function toUnits(value: number, decimals: number, min = 1): number {
  const u = Math.round(value * POW10[decimals]);
  return u < min ? min : u;
}

/** 12345, 2 → "123.45"; 5, 3 → "0.005"; 7, 0 → "7". `units` must be a non-negative safe integer. */
export function formatUnits(units: number, decimals: number): string {
  const s = String(units);
  if (decimals === 0) return s;
  const padded = s.length > decimals ? s : '0'.repeat(decimals - s.length + 1) + s;
  return `${padded.slice(0, padded.length - decimals)}.${padded.slice(padded.length - decimals)}`;
}

/** "123.45", 2 → 12345 (exact for strings with at most `decimals` places; extra places are rounded). */
export function parseUnits(value: string, decimals: number): number {
  const neg = value.startsWith('-');
  const body = neg ? value.slice(1) : value;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  let frac = dot < 0 ? '' : body.slice(dot + 1);
  let roundUp = false;
  if (frac.length > decimals) {
    roundUp = frac.charCodeAt(decimals) >= 53; // '5'
    frac = frac.slice(0, decimals);
  } else frac = frac.padEnd(decimals, '0');
  const u = Number((int || '0') + frac) + (roundUp ? 1 : 0);
  return neg ? -u : u;
}

const POW10: number[] = Array.from({ length: 19 }, (_, i) => 10 ** i);

/** Canonical form, as core's aggregator writes candles: "67250.10" → "67250.1", "5.00" → "5". */
export function canonicalDecimal(s: string): string {
  if (s.indexOf('.') < 0) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}
