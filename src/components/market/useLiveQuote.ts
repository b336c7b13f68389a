import { useStreamStale, useTicker } from '../../market';
import type { Quote } from '../../market/pairs';

export interface LiveQuote {
  last: string;
  changePct: string;
  stale: boolean;
}

/**
 * The figures one row shows: the live ticker when the stream has spoken, else the REST snapshot
 * from /currency/quotation_new. Reads only this symbol's ticker and stale flag, so a row
 * re-renders when its own symbol changes and never because another one did.
 */
export function useLiveQuote(q: Quote): LiveQuote {
  const row = useTicker(q.symbol);
  const stale = useStreamStale(q.symbol);
  return {
    last: row?.last ?? q.last,
    changePct: row?.changePct ?? q.change,
    stale,
  };
}
