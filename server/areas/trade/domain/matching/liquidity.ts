/**
 * What a taker can take on one symbol: the server book's merged liquidity (market/books), or — for
 * a feed that publishes no book (the test ScriptedFeed before setBook, a ticker-only venue) — the
 * last price standing for unlimited venue liquidity, placed among users' resting orders by price.
 */
import { ExactDecimal, protectionCap } from '../../../../../core';
import type { TakerSide } from '../../../../../core/types/book';
import type { Liquidity } from '../../../../market/books/symbol-book';
import type { LiquidityCut } from './walk';

const UNLIMITED = '1e17';

/** A book as a taker reads it; `cut`: a list that may stop where the walk would (SymbolBook's never does). */
interface TakerBook {
  readonly version: number | undefined;
  liquidity(side: TakerSide, cut?: LiquidityCut): Liquidity[];
}

/**
 * With a cut, the list may end where that walk stops: the unlimited last-price level then goes at
 * its end when it is past every entry, where the walk either met it next or had already stopped.
 */
export function takerLiquidity(book: TakerBook, side: TakerSide, lastPrice: string, cut?: LiquidityCut): Liquidity[] {
  const merged = book.liquidity(side, cut);
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
