/**
 * Seconds-option settlement (spec §3 "Seconds order").
 *
 * Rules: the order bets the price goes `up` or `down` between the buy price (open) and the price at
 * expiry (close).
 * - win  (up and close > open, or down and close < open): payout = stake × (1 + profitRatio)
 * - lose (the other way):                                 payout = 0
 * - tie  (close == open):                                 payout = stake (refunded)
 * `profitRatio` is the seconds configuration's ratio as a fraction (0.85 = 85 %). profit = payout −
 * stake. Everything is exact (a product of decimals terminates), so nothing is rounded.
 */
import { dec, str, type DecimalInput } from './exact';

export type SecondsDirection = 'up' | 'down';
export type SecondsResult = 'win' | 'lose' | 'tie';

export interface SecondsOrderInput {
  direction: SecondsDirection;
  stake: DecimalInput;
  profitRatio: DecimalInput;
  openPrice: DecimalInput;
  closePrice: DecimalInput;
}

export function secondsResult(
  direction: SecondsDirection,
  openPrice: DecimalInput,
  closePrice: DecimalInput,
): SecondsResult {
  const cmp = dec(closePrice, 'closePrice').cmp(dec(openPrice, 'openPrice'));
  if (cmp === 0) return 'tie';
  return cmp > 0 === (direction === 'up') ? 'win' : 'lose';
}

export function secondsPayout(o: SecondsOrderInput): { result: SecondsResult; payout: string; profit: string } {
  const stake = dec(o.stake, 'stake');
  if (stake.isNegative()) throw new RangeError('stake must not be negative');
  const result = secondsResult(o.direction, o.openPrice, o.closePrice);
  const payout =
    result === 'win'
      ? stake.times(dec(o.profitRatio, 'profitRatio').plus(1))
      : result === 'tie'
        ? stake
        : stake.times(0);
  return { result, payout: str(payout), profit: str(payout.minus(stake)) };
}

/** The wire carries the ratio in percent (WIRE.md: `profit_ratio` 15 = 15 %); the math takes a fraction. Exact both ways. */
export const ratioPercent = (fraction: DecimalInput): string => str(dec(fraction, 'profitRatio').times(100));
export const ratioFraction = (percent: DecimalInput): string => str(dec(percent, 'profit_ratio').div(100));
