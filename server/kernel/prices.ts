/**
 * Prices in USDT as several areas ask them (funds, KYC limits): the last price of `<coin>/USDT`
 * from the market feed, behind the one-method PriceSource so domain code never holds the market.
 */
import Decimal from 'decimal.js';
import { AppError } from '../errors';

/** The one question funds code asks the market: last price of `<coin>/USDT`. */
export interface PriceSource {
  lastPrice(symbol: string): { price: string } | undefined;
}

const QUOTE = 'USDT';

/** Price of one unit in USDT, or undefined before the feed has priced it. */
export function priceUsdt(prices: PriceSource, currency: string): string | undefined {
  if (currency === QUOTE) return '1';
  return prices.lastPrice(`${currency}/${QUOTE}`)?.price;
}

export function requirePriceUsdt(prices: PriceSource, currency: string): string {
  const p = priceUsdt(prices, currency);
  if (!p || !new Decimal(p).gt(0)) throw new AppError('price_unavailable');
  return p;
}
