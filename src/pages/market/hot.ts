/**
 * Hot search: the pairs with the largest 24 h turnover in the quotation snapshot
 * (/currency/quotation_new). The server does not curate a list, so the market decides.
 */
import type { Quote } from '../../api/market';
import { figuresOf, sortQuotes } from './sort';

const HOT_COUNT = 8;

export function hotPairs(list: readonly Quote[], count = HOT_COUNT): Quote[] {
  return sortQuotes(
    list.filter((q) => figuresOf(q, undefined).volume !== '0'),
    { key: 'volume', dir: 'desc' },
    () => undefined,
  ).slice(0, count);
}
