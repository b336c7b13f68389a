/** Bench-only stand-in for src/pages/market/MarketTabs (book / depth / trades tabs); see OrderBook.tsx here. */
import * as Real from '../../../../src/pages/market/MarketTabs';
import { benchNoBook } from './flag';

export * from '../../../../src/pages/market/MarketTabs';

export function MarketTabs(props: Parameters<typeof Real.MarketTabs>[0]) {
  return benchNoBook() ? null : <Real.MarketTabs {...props} />;
}
