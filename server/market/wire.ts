/**
 * The `tickers` event's wire form. The tuple order and the `tickers:<symbol>` channel name are
 * defined once, in core/types/market.ts (TickerTuple, tickerToTuple, channel.ticker), and shared
 * with the worker's decoder (workers/channels/tickers.ts).
 */
import { channel, TICKER_CHANNEL_PREFIX, tickerToTuple, type TickerTuple, type TickerUpdate } from '../../core';

export type { TickerTuple };

export function encodeTickers(updates: Iterable<TickerUpdate>): TickerTuple[] {
  const out: TickerTuple[] = [];
  for (const u of updates) out.push(tickerToTuple(u));
  return out;
}

/** Per-symbol ticker channel: only these symbols' updates (the `tickers` channel carries all). */
export const TICKER_PREFIX = TICKER_CHANNEL_PREFIX;
export const tickerChannel = channel.ticker;
