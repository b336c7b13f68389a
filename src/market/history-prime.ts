/**
 * A chart's first history request, sent while the chart renders rather than from its commit's
 * layout effect: rendering and committing the chart took ~10 ms at 4× CPU, and the worker answers
 * meanwhile. The first load of that series takes it if it starts within `freshMs`; a render React
 * threw away leaves one behind, which goes stale and is not taken.
 */
import type { HistoryPayload, Period } from './types';

type Fetch = (symbol: string, period: Period) => Promise<HistoryPayload>;

export function historyPrimer(fetch: Fetch, freshMs = 1000, now = () => performance.now()) {
  let primed: { symbol: string; period: Period; at: number; answer: Promise<HistoryPayload> } | null = null;
  return {
    /** Sends the request now. */
    prime(symbol: string, period: Period): void {
      const answer = fetch(symbol, period);
      answer.catch(() => {}); // its taker handles a failure; an orphan's is nobody's
      primed = { symbol, period, at: now(), answer };
    },
    /** The primed answer for this series if it is fresh, else a new request. */
    take(symbol: string, period: Period): Promise<HistoryPayload> {
      const p = primed;
      primed = null;
      if (p && p.symbol === symbol && p.period === period && now() - p.at < freshMs) return p.answer;
      return fetch(symbol, period);
    },
  };
}
