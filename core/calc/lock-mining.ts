/**
 * Lock-mining yield and early redemption (spec §4, §9).
 *
 * - daily yield = amount × dailyRate; over n days = amount × dailyRate × n (simple, not compounded:
 *   spec §9 "10000 over 5 days gives 150–200" at 0.3 %–0.4 %).
 * - early-redemption penalty = penaltyRatio × remainingDays × amount, capped at the amount (a user
 *   never owes more than the principal); returned = amount − penalty (spec: 0.4 % × 3 × 1000 = 12,
 *   returns 988). Rates are fractions (0.004 = 0.4 %). All exact: products of decimals terminate.
 */
import { ExactDecimal, dec, str, type DecimalInput } from './exact';

export function miningDailyYield(amount: DecimalInput, dailyRate: DecimalInput): string {
  return str(dec(amount, 'amount').times(dec(dailyRate, 'dailyRate')));
}

export function miningYield(amount: DecimalInput, dailyRate: DecimalInput, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a non-negative integer');
  return str(dec(amount, 'amount').times(dec(dailyRate, 'dailyRate')).times(days));
}

export function earlyRedemption(i: { amount: DecimalInput; penaltyRatio: DecimalInput; remainingDays: number }): {
  penalty: string;
  returned: string;
} {
  if (!Number.isInteger(i.remainingDays) || i.remainingDays < 0)
    throw new RangeError('remainingDays must be a non-negative integer');
  const amount = dec(i.amount, 'amount');
  const ratio = dec(i.penaltyRatio, 'penaltyRatio');
  if (amount.isNegative() || ratio.isNegative()) throw new RangeError('amount and penaltyRatio must not be negative');
  const penalty = ExactDecimal.min(ratio.times(i.remainingDays).times(amount), amount);
  return { penalty: str(penalty), returned: str(amount.minus(penalty)) };
}
