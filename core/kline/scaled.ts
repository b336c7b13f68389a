/**
 * Exact scaled-integer decimals for the K-line hot path.
 *
 * A non-negative decimal string "d.ddd" is held as an integer mantissa `m` and a scale `s`
 * (value = m / 10^s). While `m` stays within 2^53 − 1 a float64 holds it exactly and adds/compares
 * are plain number ops (decimal.js costs 30–80× more, TOOLCHAIN.md); beyond that callers switch to
 * BigInt, which is always exact. Trailing fractional zeros are dropped on parse ("1.50" → 15 / 10^1)
 * so a feed that pads does not waste headroom.
 *
 * Accepted input: digits with at most one '.', at least one digit, no sign, no exponent
 * ("5", "5.", ".5", "0.001"). Anything else (e.g. "1e-7") is normalised through decimal.js first
 * (`normalizeDecimalString`), and rejected if negative or not finite.
 */
import Decimal from 'decimal.js';

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/**
 * Most decimals a float64 value may carry: 10^22 is the largest exact power of ten in float64, so
 * every rescale by 10^k stays exact. More decimals (never seen in real prices) take the BigInt path.
 */
export const MAX_FAST_SCALE = 22;

// 10^0..10^22 are exact in float64. Built in a pure expression, not a top-level loop: a module with
// top-level effects is kept (with decimal.js) by every chunk that reaches the core barrel
const POW10: readonly number[] = /* @__PURE__ */ Array.from({ length: 23 }, (_, i) => 10 ** i);
/** 10^k as a float64; exact for k ≤ 22, and for larger k any non-zero product exceeds MAX_SAFE anyway. */
export function pow10(k: number): number {
  return k <= 22 ? POW10[k] : 10 ** k;
}
const BIG_POW10: bigint[] = [];
export function bigPow10(k: number): bigint {
  let v = BIG_POW10[k];
  if (v === undefined) BIG_POW10[k] = v = 10n ** BigInt(k);
  return v;
}

/** Reusable parse output, so the hot path allocates nothing. */
export interface ScaledOut {
  m: number;
  scale: number;
}

/**
 * Parses a plain non-negative decimal string into `out` as a safe-integer mantissa and scale.
 * Returns false (leaving `out` unspecified) when the string is not in the plain form, the mantissa
 * would exceed 2^53 − 1 or the scale MAX_FAST_SCALE: the caller then takes the BigInt path.
 */
export function parseScaledFast(s: string, out: ScaledOut): boolean {
  const n = s.length;
  let m = 0;
  let i = 0;
  let c = 0;
  // Two tight loops, integer digits then fractional ones: a feed's decimals are read twice per
  // tick, and a branch per character for "which part am I in" cost more than the digits. One
  // unsigned comparison per character tells a digit.
  for (; i < n; i++) {
    c = s.charCodeAt(i) - 48;
    if (c >>> 0 > 9) break;
    m = m * 10 + c;
  }
  let scale = 0;
  if (i < n) {
    if (c !== 46 - 48) return false;
    const f0 = ++i;
    // Trailing fractional zeros are found from the end first and never read again: they add no
    // headroom, and the digits before them are then the whole fraction.
    let last = n;
    while (last > f0 && s.charCodeAt(last - 1) === 48) last--;
    for (; i < last; i++) {
      c = s.charCodeAt(i) - 48;
      if (c >>> 0 > 9) return false;
      m = m * 10 + c;
    }
    if (n === 1) return false; // "." alone: no digit
    scale = last - f0;
    if (scale > MAX_FAST_SCALE) return false;
  } else if (n === 0) return false;
  // Once the running mantissa passes 2^53 its rounded value never comes back below it.
  if (m > MAX_SAFE) return false;
  out.m = m;
  out.scale = scale;
  return true;
}

const PLAIN = /^(\d*)(?:\.(\d*))?$/;

/** Canonical plain form of a non-negative finite decimal, or throws RangeError. */
export function normalizeDecimalString(s: string): string {
  let d: Decimal;
  try {
    d = new Decimal(s);
  } catch {
    throw new RangeError(`not a decimal string: ${JSON.stringify(s)}`);
  }
  if (!d.isFinite() || d.isNegative()) throw new RangeError(`not a non-negative decimal: ${JSON.stringify(s)}`);
  return d.toFixed();
}

/** Exact parse of any non-negative decimal string to a BigInt mantissa and scale (slow path). */
export function parseScaledBig(s: string): { m: bigint; scale: number } {
  let g = PLAIN.exec(s);
  if (g === null || (g[1] === '' && (g[2] ?? '') === '')) g = PLAIN.exec(normalizeDecimalString(s));
  if (g === null) throw new RangeError(`not a decimal string: ${JSON.stringify(s)}`);
  const frac = (g[2] ?? '').replace(/0+$/, '');
  return { m: BigInt((g[1] || '0') + frac), scale: frac.length };
}

/** m / 10^scale as a canonical plain decimal string: no exponent, no trailing fractional zeros. */
export function formatScaled(m: number | bigint, scale: number): string {
  if (m === 0 || m === 0n) return '0';
  const neg = m < 0;
  let s = (neg ? -m : m).toString();
  let sc = scale;
  let end = s.length;
  while (sc > 0 && s.charCodeAt(end - 1) === 48) {
    end--;
    sc--;
  }
  if (end !== s.length) s = s.slice(0, end);
  if (sc > 0) {
    if (s.length <= sc) s = '0'.repeat(sc - s.length + 1) + s;
    s = s.slice(0, s.length - sc) + '.' + s.slice(s.length - sc);
  }
  return neg ? '-' + s : s;
}
