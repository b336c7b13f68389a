/**
 * What the main thread sees of the market: rows written by the worker bridge into the valtio store.
 * Strings are exact decimals for display; `changePct` is derived by core/ in the worker.
 */
export interface TickerRow {
  symbol: string;
  last: string;
  open: string;
  high: string;
  low: string;
  volume: string;
  /** percent change against `open`, e.g. "-1.23" */
  changePct: string;
  /** direction of the last change of `last`: 1 up, -1 down, 0 flat */
  dir: 1 | -1 | 0;
  seq: number;
  ts: number;
}

export interface MarketState {
  tickers: Record<string, TickerRow>;
  /** socket connected and subscribed */
  connected: boolean;
  /** ms epoch of the last message from the server, any channel */
  lastHeardAt: number;
  /** symbols whose stream has been silent past its cadence */
  stale: Record<string, true>;
}

/** What the screen shows; the worker sends snapshots only for this. */
export interface MarketView {
  /** symbols of the visible list, or 'all' */
  symbols: string[] | 'all';
}
