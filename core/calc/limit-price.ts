/**
 * Limit orders against the current price.
 *
 * - A limit order "crosses" at submission when it is marketable: a buy (long) at or above the
 *   current price, a sell (short) at or below it. It then fills at once at the current price — the
 *   best price available, never worse than its limit.
 * - A price band refuses absurd limits: spot [low × current, high × current] (Binance's
 *   PERCENT_PRICE, defaults 0.2 / 5); contracts current × (1 ± band). The bounds are rounded
 *   inwards to the pair's price decimals so every price shown as allowed is allowed.
 */
import type Decimal from 'decimal.js';
import { ExactDecimal, dec, str, type DecimalInput } from './exact';

export type LimitSide = 'buy' | 'sell' | 'long' | 'short';

export interface PriceBand {
  min: string;
  max: string;
}

const buying = (side: LimitSide) => side === 'buy' || side === 'long';

/** True when a limit at `limit` is marketable against `current` (fills now, at `current`). */
export function limitCrosses(side: LimitSide, limit: DecimalInput, current: DecimalInput): boolean {
  const l = dec(limit, 'limit');
  return buying(side) ? l.gte(dec(current, 'current')) : l.lte(dec(current, 'current'));
}

function band(min: Decimal, max: Decimal, decimals: number): PriceBand {
  return {
    min: str(min.toDecimalPlaces(decimals, ExactDecimal.ROUND_UP)),
    max: str(max.toDecimalPlaces(decimals, ExactDecimal.ROUND_DOWN)),
  };
}

export function spotPriceBand(
  current: DecimalInput,
  low: DecimalInput,
  high: DecimalInput,
  decimals: number,
): PriceBand {
  const c = dec(current, 'current');
  return band(c.times(dec(low, 'low')), c.times(dec(high, 'high')), decimals);
}

export function leverPriceBand(current: DecimalInput, fraction: DecimalInput, decimals: number): PriceBand {
  const c = dec(current, 'current');
  const f = dec(fraction, 'band');
  return band(c.times(new ExactDecimal(1).minus(f)), c.times(new ExactDecimal(1).plus(f)), decimals);
}

export function inBand(price: DecimalInput, b: PriceBand): boolean {
  const p = dec(price, 'price');
  return p.gte(b.min) && p.lte(b.max);
}
