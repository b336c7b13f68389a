/**
 * Dual-invest settlement, exactly as spec §9.
 *
 * factor = 1 + days × apr / 365, `apr` as a fraction (0.365 = 36.5 %), `amount` in the base coin.
 * - settle price below the linked price:        pay base  (BTC)  amount × factor
 * - settle price at or above the linked price:  pay quote (USDT) amount × linked price × factor
 * The factor is computed at 60 significant digits and the payout rounded DOWN to `dp` decimals
 * (default 8): ÷ 365 rarely terminates, and the platform never pays more than the formula.
 */
import { ExactDecimal, dec, str, type DecimalInput } from './exact';

export interface DualInvestInput {
  amount: DecimalInput;
  linkedPrice: DecimalInput;
  settlePrice: DecimalInput;
  apr: DecimalInput;
  days: number;
}

export interface DualInvestPayout {
  /** base = the invested coin (BTC in the spec), quote = the pricing coin (USDT) */
  currency: 'base' | 'quote';
  amount: string;
}

export function settleDualInvest(i: DualInvestInput, dp = 8): DualInvestPayout {
  if (!Number.isInteger(i.days) || i.days < 0) throw new RangeError('days must be a non-negative integer');
  const factor = dec(i.apr, 'apr').times(i.days).div(365).plus(1);
  const linked = dec(i.linkedPrice, 'linkedPrice');
  const below = dec(i.settlePrice, 'settlePrice').lt(linked);
  const raw = below ? dec(i.amount, 'amount').times(factor) : dec(i.amount, 'amount').times(linked).times(factor);
  return { currency: below ? 'base' : 'quote', amount: str(raw.toDecimalPlaces(dp, ExactDecimal.ROUND_DOWN)) };
}
