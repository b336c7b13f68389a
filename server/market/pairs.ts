/** The catalogue's pairs as the market lists them: quotation's rows and the family's events. */
import type { PairInfo } from '../../core';
import { pairs, QUOTE_ID } from '../catalog/instruments';

export function pairInfos(): PairInfo[] {
  return pairs().map(({ symbol, base }) => ({
    symbol,
    base: base.name,
    quote: 'USDT',
    currency_id: base.id,
    legal_id: QUOTE_ID,
    market: base.market,
    price_decimals: base.price_decimals,
    qty_decimals: base.qty_decimals,
  }));
}
