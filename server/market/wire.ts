/**
 * The `tickers` event's wire form: one array per update instead of one object, in this order:
 *
 *   [symbol, seq, ts, last, open, high, low, volume]
 *
 * Same fields as core's TickerUpdate (prices and volume stay exact decimal strings); without the
 * eight key names a batch is about 35 % smaller and cheaper to stringify on the server and to
 * parse in the worker, at tens of thousands of updates a second. The worker's decoder is
 * workers/channels/tickers.ts (parseTickerUpdates); both sides pin this order in their tests.
 */
import type { TickerUpdate } from '../../core';

export type TickerTuple = [symbol: string, seq: number, ts: number, last: string, open: string, high: string, low: string, volume: string];

export function tickerTuple(u: TickerUpdate): TickerTuple {
  return [u.symbol, u.seq, u.ts, u.last, u.open, u.high, u.low, u.volume];
}

export function encodeTickers(updates: Iterable<TickerUpdate>): TickerTuple[] {
  const out: TickerTuple[] = [];
  for (const u of updates) out.push(tickerTuple(u));
  return out;
}

/** Per-symbol ticker channel: only these symbols' updates (the `tickers` channel carries all). */
export const TICKER_PREFIX = 'tickers:';
export const tickerChannel = (symbol: string): string => `${TICKER_PREFIX}${symbol}`;
