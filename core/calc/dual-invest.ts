/**
 * Dual-invest settlement, exactly as spec §9.
 *
 * factor = 1 + days × apr / 365, `apr` as a fraction (0.365 = 36.5 %), `amount` in the base coin.
 * - settle price below the linked price:        pay base  (BTC)  amount × factor
 * - settle price at or above the linked price:  pay quote (USDT) amount × linked price × factor
 * The payout is the formula's exact value rounded DOWN to `dp` decimals (default 8): the platform
 * never pays more than the formula, and never less than its last whole unit either. ÷ 365 rarely
 * terminates, so the factor is never rounded on its own (at 10 % for one day it is 1.000273972…;
 * rounded to 60 digits, 365 BTC × it paid 365.09999999 instead of the exact 365.1): the amount is
 * multiplied by 365 × factor = 365 + days × apr, exactly, and divided by 365 once, last.
 */
import { ExactDecimal, dec, str, type Decimal, type DecimalInput } from './exact';

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

/** The same precision, truncating: for the one division of a payout (see quotientDown). */
// pure, options read inside the arrow: importing the core barrel for something else must not keep decimal.js
const TruncDecimal = /* @__PURE__ */ (() => ExactDecimal.clone({ rounding: ExactDecimal.ROUND_DOWN }))();

/**
 * n ÷ d rounded DOWN to `dp` decimals, equal to the exact quotient's: the division truncates at 60
 * significant digits, a finer place than 10^-dp for any money value, and truncating there and then
 * at 10^-dp is the same as truncating the exact quotient at 10^-dp (a half-up division could round
 * …0.99999…9 up to the next unit, a truncating one never rounds up).
 */
function quotientDown(n: Decimal, d: Decimal, dp: number): Decimal {
  return new TruncDecimal(n).div(d).toDecimalPlaces(dp, ExactDecimal.ROUND_DOWN);
}

export function settleDualInvest(i: DualInvestInput, dp = 8): DualInvestPayout {
  return settleDualInvestPer(i, '1', dp);
}

/**
 * settleDualInvest for an amount of `i.amount ÷ per` (a put order's base equivalent, amount ÷ linked
 * price) without rounding that quotient first: the payout is still the exact formula rounded down.
 */
export function settleDualInvestPer(i: DualInvestInput, per: DecimalInput, dp = 8): DualInvestPayout {
  if (!Number.isInteger(i.days) || i.days < 0) throw new RangeError('days must be a non-negative integer');
  const perD = dec(per, 'per');
  if (perD.lte(0)) throw new RangeError('per must be positive');
  const factor365 = dec(i.apr, 'apr').times(i.days).plus(365); // 365 × factor, exact
  const linked = dec(i.linkedPrice, 'linkedPrice');
  const below = dec(i.settlePrice, 'settlePrice').lt(linked);
  const amount = dec(i.amount, 'amount');
  const numerator = (below ? amount : amount.times(linked)).times(factor365);
  return { currency: below ? 'base' : 'quote', amount: str(quotientDown(numerator, perD.times(365), dp)) };
}
