import { proxy, ref } from 'valtio';
import { quotationNew, type Quote, type QuoteGroup } from '../api/market';
import { readQuotesSnapshot } from './snapshot';

/** Pair metadata as the pages use it (re-exported so views need not reach into the API client). */
export type { Quote };

/**
 * Pair metadata (name, decimals, market class) from /currency/quotation_new, shared by Home and
 * Markets. Live prices do not live here: they come from the market store fed by the worker; the
 * REST figures are only the first paint before the stream speaks.
 */
export interface PairsState {
  list: Quote[];
  bySymbol: Record<string, Quote>;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const pairs = proxy<PairsState>({ list: [], bySymbol: {}, status: 'idle' });

function setPairs(groups: QuoteGroup[]): void {
  const list = groups.flatMap((g) => g.quotes);
  const bySymbol: Record<string, Quote> = {};
  for (const q of list) bySymbol[q.symbol] = q;
  // Replaced whole, never edited in place: kept out of valtio's deep proxying (wrapping every quote
  // of the catalogue cost a long task on a slow phone's first load)
  pairs.list = ref(list);
  pairs.bySymbol = ref(bySymbol);
  pairs.status = 'ready';
}

// First-paint prices from the HTML (src/market/snapshot.ts): ready before any request.
const snapshot = readQuotesSnapshot();
if (snapshot) setPairs(snapshot);

let pending: Promise<void> | null = null;

export function loadPairs(force = false): Promise<void> {
  if (pending && !force) return pending;
  if (pairs.status === 'ready' && !force) return Promise.resolve();
  pairs.status = 'loading';
  pending = quotationNew()
    .then(setPairs)
    .catch(() => {
      pairs.status = 'error';
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
