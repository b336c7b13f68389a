/**
 * Market-data contracts shared by server/, workers/ and src/.
 * Money and prices cross every boundary as decimal strings; numbers only for times and sequence numbers.
 */

/** The nine K-line periods. Buckets are UTC-aligned; weeks start Monday 00:00 UTC; months are calendar months. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

export function isPeriod(v: unknown): v is Period {
  return typeof v === 'string' && (PERIODS as readonly string[]).includes(v);
}

/** One trade print from a market feed. `seq` is per symbol, strictly +1 per tick; `ts` is server time in ms. */
export interface Tick {
  symbol: string; // "BTC/USDT"
  price: string; // decimal string
  qty: string; // decimal string
  seq: number;
  ts: number;
}

/** One K-line bar. `time` is the bucket's open instant in ms since the epoch (UTC). */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** The live summary of one symbol, as carried by the `tickers` channel (one per tick, batched per emit). */
export interface TickerUpdate {
  symbol: string;
  seq: number;
  ts: number;
  last: string;
  /** price 24 h ago (or the day's open for the simulator); change% is derived from it by core/ */
  open: string;
  high: string;
  low: string;
  volume: string;
}

/** A candle change on `kline:<symbol>:<period>`. */
export interface KlineUpdate {
  symbol: string;
  period: Period;
  seq: number;
  ts: number;
  candle: Candle;
}

export type MarketClass = 'crypto' | 'stock';

/** A tradable pair as listed by /currency/quotation_new. */
export interface PairInfo {
  symbol: string; // "BTC/USDT"
  base: string; // "BTC"
  quote: string; // "USDT"
  currency_id: number;
  legal_id: number;
  market: MarketClass;
  price_decimals: number;
  qty_decimals: number;
}

/** Socket event names (server → client) and channel helpers. */
export const SOCKET_EVENTS = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  auth: 'auth',
  tickers: 'tickers',
  kline: 'kline',
  depth: 'depth',
  trades: 'trades',
  order: 'order',
  position: 'position',
  seconds: 'seconds',
  balance: 'balance',
  notice: 'notice',
} as const;

export const channel = {
  tickers: 'tickers' as const,
  kline: (symbol: string, period: Period) => `kline:${symbol}:${period}`,
  depth: (symbol: string) => `depth:${symbol}`,
  trades: (symbol: string) => `trades:${symbol}`,
};

export interface SubscribeRequest {
  channels: string[];
}
