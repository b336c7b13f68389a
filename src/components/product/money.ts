import { ExactDecimal, ratePercent } from '../../../core';

/**
 * Display arithmetic for the product sheets: a cost (shares × unit price), the balance left after
 * it, a rate shown as a percent. Exact decimals through core's ExactDecimal; the product formulas
 * themselves (settlement, yield, penalty) are core's calculators, never re-done here.
 */
const d = (v: string) => new ExactDecimal(v);

export function times(a: string, b: string | number): string {
  return d(a).times(String(b)).toFixed();
}

export function minus(a: string, b: string): string {
  return d(a).minus(d(b)).toFixed();
}

export function gt(a: string, b: string): boolean {
  return d(a).gt(d(b));
}

export function lt(a: string, b: string): boolean {
  return d(a).lt(d(b));
}

/** A rate fraction as a percent number string: "0.004" → "0.4" (core's one rule). */
export const pct = ratePercent;

/** A decimal string that is safe to compute with ('' and junk are not). */
export function isNum(v: string | null | undefined): v is string {
  if (!v) return false;
  try {
    return new ExactDecimal(v).isFinite();
  } catch {
    return false;
  }
}
