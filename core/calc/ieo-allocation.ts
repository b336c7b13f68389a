/**
 * IEO allocation (docs/rules.md "IEO allocation"):
 * - not oversubscribed (Σ applied ≤ total issuance): every subscription gets what it applied for;
 * - oversubscribed: pro rata, allotted_i = applied_i × total ÷ Σ applied, rounded DOWN to the
 *   token's decimals. The rounding remainder (< one token unit per subscription) stays unsold, so
 *   Σ allotted ≤ total issuance always.
 * cost_i = allotted_i × price (exact), refund_i = paid_i − cost_i.
 * Integer (BigInt) arithmetic throughout: no division is ever rounded up by a precision limit.
 */
import { dec, str, type DecimalInput } from './exact';

export interface IeoApplication {
  id: number;
  amount: DecimalInput;
}

export interface IeoAllotment {
  id: number;
  allotted: string;
}

function toUnits(v: DecimalInput, scale: number): bigint {
  const d = dec(v);
  if (d.isNegative()) throw new RangeError('amounts must not be negative');
  const scaled = d.times(dec('1e' + scale));
  if (!scaled.isInteger()) throw new RangeError(`more than ${scale} decimals: ${String(v)}`);
  return BigInt(scaled.toFixed(0));
}

function fromUnits(u: bigint, scale: number): string {
  return str(dec(u.toString()).div(dec('1e' + scale)));
}

export function allocateIeo(
  totalIssuance: DecimalInput,
  applications: readonly IeoApplication[],
  tokenDecimals: number,
): { oversubscribed: boolean; allotments: IeoAllotment[] } {
  if (!Number.isInteger(tokenDecimals) || tokenDecimals < 0 || tokenDecimals > 18)
    throw new RangeError('tokenDecimals must be 0..18');
  const scale = 18;
  const total = toUnits(totalIssuance, scale);
  const applied = applications.map((a) => toUnits(a.amount, scale));
  const sum = applied.reduce((s, a) => s + a, 0n);
  if (sum <= total)
    return {
      oversubscribed: false,
      allotments: applications.map((a, i) => ({ id: a.id, allotted: fromUnits(applied[i], scale) })),
    };
  const unit = 10n ** BigInt(scale - tokenDecimals);
  return {
    oversubscribed: true,
    allotments: applications.map((a, i) => {
      const exact = (applied[i] * total) / sum; // floor in 10^-18 units
      return { id: a.id, allotted: fromUnits((exact / unit) * unit, scale) };
    }),
  };
}

/** allotted × price and paid − that. */
export function ieoSettlement(i: { allotted: DecimalInput; price: DecimalInput; paid: DecimalInput }): {
  cost: string;
  refund: string;
} {
  const cost = dec(i.allotted, 'allotted').times(dec(i.price, 'price'));
  const refund = dec(i.paid, 'paid').minus(cost);
  if (refund.isNegative()) throw new RangeError('cost exceeds the payment');
  return { cost: str(cost), refund: str(refund) };
}
