/**
 * The decimal.js flavour every calculator uses.
 *
 * Why a clone: the default decimal.js precision is 20 significant digits, so a product of two
 * 12-digit amounts would already round. 60 digits keeps every sum and product of money values exact;
 * only divisions that do not terminate (÷ 3, ÷ 365) round, and each calculator then states its own
 * final rounding to a fixed number of decimals. Strings out never use exponent notation.
 * Inputs are decimal strings or Decimal instances, never JS numbers (no float ever enters money).
 */
import Decimal from 'decimal.js';

// pure: a module that imports nothing of it must not keep decimal.js in its chunk. A
// pure-annotated call whose arguments read Decimal's statics still counts as an effect for the
// bundler, so the options are read inside the annotated arrow.
export const ExactDecimal = /* @__PURE__ */ (() => Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP }))();

export type DecimalInput = string | Decimal;

/** Parses an input, throwing RangeError for anything that is not a finite decimal. */
export function dec(value: DecimalInput, name = 'value'): Decimal {
  let d: Decimal;
  try {
    d = new ExactDecimal(value);
  } catch {
    throw new RangeError(`${name} is not a decimal: ${String(value)}`);
  }
  if (!d.isFinite()) throw new RangeError(`${name} is not finite: ${String(value)}`);
  return d;
}

/** Canonical plain string: no exponent, no trailing fractional zeros, "0" for zero (never "-0"). */
export function str(d: Decimal): string {
  return d.isZero() ? '0' : d.toFixed();
}

export { Decimal };
