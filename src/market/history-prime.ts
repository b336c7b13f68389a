/**
 * A chart's first history request, primed while the chart renders rather than from its commit's
 * layout effect. The message itself leaves at the end of React's task (the worker's proxy is awaited
 * first), and the worker answers in 0.3–2 ms; what the priming saves is the effect's wait, so the
 * answer is queued as soon as React's task ends (docs/benchmarks.md, First paint). The first load of that series takes it while it is still in flight or answered within
 * `freshMs`. A render React threw away (a suspended mount renders again from scratch) primes the
 * same series again: that reuses the request already out instead of sending a second one. One
 * left behind by a series nobody opened goes stale and is not taken.
 */
import type { HistoryPayload, Period } from './types';

type Fetch = (symbol: string, period: Period) => Promise<HistoryPayload>;

interface Primed {
  symbol: string;
  period: Period;
  /** when the answer came, or null while it is in flight */
  settledAt: number | null;
  answer: Promise<HistoryPayload>;
}

export function historyPrimer(fetch: Fetch, freshMs = 1000, now = () => performance.now()) {
  let primed: Primed | null = null;
  const usable = (p: Primed | null, symbol: string, period: Period): p is Primed =>
    !!p && p.symbol === symbol && p.period === period && (p.settledAt === null || now() - p.settledAt < freshMs);
  return {
    /** Sends the request now, unless one for this series is already out and fresh. */
    prime(symbol: string, period: Period): void {
      if (usable(primed, symbol, period)) return;
      const p: Primed = { symbol, period, settledAt: null, answer: fetch(symbol, period) };
      const settle = () => {
        p.settledAt = now();
      };
      p.answer.then(settle, settle); // its taker handles a failure; an orphan's is nobody's
      primed = p;
    },
    /** The primed answer for this series if it is fresh, else a new request. */
    take(symbol: string, period: Period): Promise<HistoryPayload> {
      const p = primed;
      primed = null;
      return usable(p, symbol, period) ? p.answer : fetch(symbol, period);
    },
  };
}
