/**
 * Bench-only stand-in for src/components/book/OrderBook (swapped in by vite.bench.config.ts): the
 * real book, or nothing when the terminal bench measures its baseline (`?book=0`: the same screen
 * without book and trades, so the ratio is what the book costs).
 */
import * as Real from '../../../../src/components/book/OrderBook';
import { benchNoBook } from './flag';

export * from '../../../../src/components/book/OrderBook';

export function OrderBook(props: Parameters<typeof Real.OrderBook>[0]) {
  return benchNoBook() ? null : <Real.OrderBook {...props} />;
}
