/**
 * The market feed contract. The built-in simulator, the test ScriptedFeed and the Binance adapter
 * (binance/) implement it; CompositeFeed serves each symbol from one of several.
 */
import type { Tick } from '../../../core';

export type TicksListener = (ticks: Tick[]) => void;

export interface MarketFeed {
  start(): void;
  stop(): void;
  /** Ticks arrive in small batches, in order, each symbol's `seq` strictly +1. Returns unsubscribe. */
  onTicks(listener: TicksListener): () => void;
  /** Last emitted price (decimal string) of a symbol, if it has one. */
  lastPrice(symbol: string): string | undefined;
  /**
   * The venue's order book now (best first), or undefined when the feed publishes none for the
   * symbol (then the last price stands for unlimited liquidity, see server/market/books).
   * Built on demand: a feed may generate it lazily from its state.
   */
  book(symbol: string): VenueBook | undefined;
  /** Told when a symbol's book re-quotes without a tick (feeds whose books change only on ticks omit it). */
  onBook?(listener: (symbol: string) => void): () => void;
  /**
   * Ticks rebuilt from the venue's history after a gap (a real feed's REST backfill): same seq
   * sequence as live ticks, but they only complete candles and tickers — no trade prints, no
   * engines, no durable tick rows (they are not trades we saw happen).
   */
  onBackfill?(listener: TicksListener): () => void;
  /** true while a real venue has gone quiet for the symbol (its last price cannot be vouched for) */
  isStale?(symbol: string): boolean;
  /** Told when a symbol turns stale or live again (feeds that are never stale omit it). */
  onStatus?(listener: (symbol: string, stale: boolean) => void): () => void;
}

/** One venue price level; decimal strings. */
export interface VenueLevel {
  price: string;
  qty: string;
}

/** A venue's book. `version` changes whenever the venue re-quotes (a new tick, a new book). */
export interface VenueBook {
  symbol: string;
  version: number;
  /** best (highest) first */
  bids: VenueLevel[];
  /** best (lowest) first */
  asks: VenueLevel[];
}

/** Where a symbol's feed resumes after a restart (from market_state). */
export interface FeedResume {
  seq: number;
  price: string;
  ts: number;
}

/** What the feeds need to know about a symbol. */
export interface FeedInstrument {
  symbol: string;
  /** starting price (decimal string) when there is no persisted state */
  price: string;
  /** annualised volatility (0.6 = 60 %) */
  vol: number;
  price_decimals: number;
  qty_decimals: number;
  /** relative trade frequency (BTC trades more often than TRX) */
  weight: number;
  /** in-memory bench symbol: never persisted, never backfilled */
  synthetic: boolean;
}
