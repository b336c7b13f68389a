/**
 * GET /wallet/getRateCurrency {id} (spec §7): what one unit of a coin is worth in fiat. The spec's
 * client reads `rmb` (the coin's USDT price × the CNY rate, as the reference app answers); ours
 * also gets the caller's chosen fiat, so a screen can show the value the Assets page uses.
 */
import Decimal from 'decimal.js';
import type { Db } from '../../../db/schema';
import { canon } from '../../../kernel/decimal';
import { fundsCurrency } from './common';
import { fiatRate, userFiat } from '../../../shared/fiat';
import { requirePriceUsdt, type PriceSource } from '../../../kernel/prices';

export interface CurrencyRate {
  id: number;
  name: string;
  price_usdt: string;
  /** one unit in CNY */
  rmb: string;
  /** the caller's fiat */
  currency_code: string;
  symbol: string;
  rate: string;
  /** one unit in the caller's fiat */
  fiat_price: string;
}

export async function currencyRate(db: Db, prices: PriceSource, userId: number, id: number): Promise<CurrencyRate> {
  const c = await fundsCurrency(db, id);
  const price = requirePriceUsdt(prices, c.name);
  const [fiat, cny] = await Promise.all([userFiat(db, userId), fiatRate(db, 'CNY')]);
  const times = (rate: string) => canon(new Decimal(price).times(rate).toFixed());
  return {
    id: c.id,
    name: c.name,
    price_usdt: canon(price),
    rmb: cny ? times(cny.rate) : '',
    currency_code: fiat.currency_code,
    symbol: fiat.symbol,
    rate: fiat.rate,
    fiat_price: times(fiat.rate),
  };
}
