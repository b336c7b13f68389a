/**
 * What a taker can take on one symbol: the server book's merged liquidity (market/books), or — for
 * a feed that publishes no book (the test ScriptedFeed before setBook, a ticker-only venue) — the
 * last price standing for unlimited venue liquidity, placed among users' resting orders by price.
 */
import { ExactDecimal, protectionCap } from '../../../../../core';
import type { TakerSide } from '../../../../../core/types/book';
import type { Liquidity, SymbolBook } from '../../../../market/books/symbol-book';

const UNLIMITED = '1e17';

export function takerLiquidity(
  book: Pick<SymbolBook, 'liquidity' | 'version'>,
  side: TakerSide,
  lastPrice: string,
): Liquidity[] {
  const merged = book.liquidity(side);
  if (book.version !== undefined) return merged;
  const last = new ExactDecimal(lastPrice);
  const at = merged.findIndex((l) => (side === 'buy' ? last.lt(l.price) : last.gt(l.price)));
  const venue: Liquidity = { price: last.toFixed(), qty: new ExactDecimal(UNLIMITED).toFixed() };
  return at < 0 ? [...merged, venue] : [...merged.slice(0, at), venue, ...merged.slice(at)];
}

/** The protection price of a market order: `fraction` beyond the touch, against the taker. */
export function protectionPrice(side: TakerSide, touch: string, fraction: string): string {
  return protectionCap(side, touch, fraction);
}
