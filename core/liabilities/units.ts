/** Exact conversion between a coin's decimal amount and its integer smallest units (no floats). */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "12.345", 8 → 1234500000n. Throws on malformed input or more non-zero fraction digits than `decimals`. */
export function toUnits(decimal: string, decimals: number): bigint {
  checkDecimals(decimals);
  const m = DECIMAL.exec(decimal.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${JSON.stringify(decimal)}`);
  const [, sign, whole, frac = ''] = m;
  const extra = frac.slice(decimals);
  if (/[1-9]/.test(extra)) throw new RangeError(`${decimal} has more than ${decimals} decimal places`);
  const units = BigInt(whole + frac.slice(0, decimals).padEnd(decimals, '0'));
  return sign === '-' ? -units : units;
}

/** 1234500000n, 8 → "12.345" (trailing fraction zeros dropped, "0" for zero). */
export function fromUnits(units: bigint | string, decimals: number): string {
  checkDecimals(decimals);
  const v = typeof units === 'bigint' ? units : parseUnits(units);
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** a decimal-integer string (optionally negative) as bigint; throws on anything else */
function parseUnits(units: string): bigint {
  if (!/^-?\d+$/.test(units)) throw new RangeError(`not an integer amount: ${JSON.stringify(units)}`);
  return BigInt(units);
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) throw new RangeError(`bad decimals: ${decimals}`);
}
