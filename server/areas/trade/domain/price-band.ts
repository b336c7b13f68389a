/**
 * The limit-price band check at submission: a limit outside the pair's band
 * around the feed's current price is refused with the allowed range in the user's language.
 * Only new orders are checked; resting orders keep their price.
 */
import { leverPriceBand, inBand, spotPriceBand, type PriceBand } from '../../../../core';
import { AppError } from '../../../errors';
import type { PairSettings } from './settings';

function assertIn(price: string, band: PriceBand): void {
  if (!inBand(price, band)) throw new AppError('trade_price_out_of_band', { min: band.min, max: band.max });
}

export function assertSpotBand(pair: PairSettings, price: string, current: string): void {
  assertIn(price, spotPriceBand(current, pair.spotBandLow, pair.spotBandHigh, pair.priceDecimals));
}

export function assertLeverBand(pair: PairSettings, price: string, current: string): void {
  assertIn(price, leverPriceBand(current, pair.leverBand, pair.priceDecimals));
}
