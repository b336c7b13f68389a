/**
 * A contract market entry's open price: the same walk as a spot market order, over the venue's
 * levels only (contracts do not trade against users' spot orders and do not consume the venue's
 * quantity), for lots × lot size. The VWAP is rounded to the pair's price decimals against the
 * trader (a long up, a short down), and the protection band refuses an entry that would move the
 * price more than the pair's market_protection from the touch. Without a venue book the last
 * price stands for unlimited liquidity, as for spot.
 */
import { contractEntryVwap, ExactDecimal, type LeverEntryWalk, type LeverSide } from '../../../../../core';
import { AppError } from '../../../../errors';
import type { TradeContext } from '../context';
import type { PairSettings } from '../settings';
import { protectionPrice, takerLiquidity } from './liquidity';
import { walk } from './walk';

export function walkedOpenPrice(
  ctx: TradeContext,
  pair: PairSettings,
  side: LeverSide,
  qty: string,
  lastPrice: string,
): { price: string; walk: LeverEntryWalk } {
  const taker = side === 'long' ? 'buy' : 'sell';
  // publish the pending depth change first: the seq recorded names the book state this walk read
  ctx.market.books.flushDepth(pair.symbol);
  const book = ctx.market.books.book(pair.symbol);
  const liquidity = takerLiquidity(book, taker, lastPrice).filter((l) => !l.order);
  if (!liquidity.length) throw new AppError('trade_no_liquidity');
  const r = walk({
    side: taker,
    userId: -1,
    qty,
    cap: protectionPrice(taker, liquidity[0].price, pair.marketProtection),
    liquidity,
  });
  if (new ExactDecimal(r.rest).gt(0))
    throw new AppError('trade_market_protection', {
      percent: new ExactDecimal(pair.marketProtection).times(100).toFixed(),
    });
  // venue levels have one entry per price: what each offered (no venue book: the last price, unlimited)
  const avail = new Map(liquidity.map((l) => [l.price, book.version === undefined ? null : l.qty]));
  const levels = r.fills.map((f) => ({ price: f.price, qty: f.qty, avail: avail.get(f.price) ?? null }));
  const price = contractEntryVwap(side, levels, pair.priceDecimals)?.price as string;
  return {
    price,
    walk: {
      book_epoch: book.source.epoch,
      book_seq: book.source.seq,
      levels,
      dp: pair.priceDecimals,
      protection: pair.marketProtection,
    },
  };
}
