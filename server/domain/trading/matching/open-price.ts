/**
 * A contract market entry's open price: the same walk as a spot market order, over the venue's
 * levels only (contracts do not trade against users' spot orders and do not consume the venue's
 * quantity), for lots × lot size. The VWAP is rounded to the pair's price decimals against the
 * trader (a long up, a short down), and the protection band refuses an entry that would move the
 * price more than the pair's market_protection from the touch. Without a venue book the last
 * price stands for unlimited liquidity, as for spot.
 */
import { ExactDecimal, type LeverSide } from '../../../../core';
import { AppError } from '../../../errors';
import type { TradingContext } from '../context';
import type { PairSettings } from '../settings';
import { protectionPrice, takerLiquidity } from './liquidity';
import { walk } from './walk';

export function walkedOpenPrice(ctx: TradingContext, pair: PairSettings, side: LeverSide, qty: string, lastPrice: string): string {
  const taker = side === 'long' ? 'buy' : 'sell';
  const liquidity = takerLiquidity(ctx.market.books.book(pair.symbol), taker, lastPrice).filter((l) => !l.order);
  if (!liquidity.length) throw new AppError('trade_no_liquidity');
  const r = walk({ side: taker, userId: -1, qty, cap: protectionPrice(taker, liquidity[0].price, pair.marketProtection), liquidity });
  if (new ExactDecimal(r.rest).gt(0)) throw new AppError('trade_market_protection', { percent: new ExactDecimal(pair.marketProtection).times(100).toFixed() });
  const avg = new ExactDecimal(r.total).div(r.filled);
  return avg.toDecimalPlaces(pair.priceDecimals, side === 'long' ? ExactDecimal.ROUND_UP : ExactDecimal.ROUND_DOWN).toFixed();
}
