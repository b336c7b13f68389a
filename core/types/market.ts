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
  /** the taker's side when the feed knows it (a trade at the ask is a buy) */
  side?: 'buy' | 'sell';
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

/**
 * The `tickers` event's wire form: one array per update instead of one object, in this order:
 *
 *   [symbol, seq, ts, last, open, high, low, volume]
 *
 * Same fields as TickerUpdate (prices and volume stay exact decimal strings); without the eight
 * key names a batch is about 35 % smaller and cheaper to stringify on the server and to parse in
 * the worker, at tens of thousands of updates a second. The server encodes with tickerToTuple
 * (server/market/wire.ts); the worker validates each element and decodes with tickerFromTuple
 * (workers/channels/tickers.ts). This is the one definition of the order.
 */
export type TickerTuple = [
  symbol: string,
  seq: number,
  ts: number,
  last: string,
  open: string,
  high: string,
  low: string,
  volume: string,
];
export const TICKER_TUPLE_LENGTH = 8;

export function tickerToTuple(u: TickerUpdate): TickerTuple {
  return [u.symbol, u.seq, u.ts, u.last, u.open, u.high, u.low, u.volume];
}

/** The inverse of tickerToTuple; the caller has checked each element's type. */
export function tickerFromTuple(t: TickerTuple): TickerUpdate {
  const [symbol, seq, ts, last, open, high, low, volume] = t;
  return { symbol, seq, ts, last, open, high, low, volume };
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
  /** server → client on connect: `{epoch}`, the stream epoch (seq counts again from a new one) */
  hello: 'hello',
  tickers: 'tickers',
  kline: 'kline',
  depth: 'depth',
  trades: 'trades',
  order: 'order',
  position: 'position',
  seconds: 'seconds',
  balance: 'balance',
  notice: 'notice',
  /** customer service: a stored message or moved receipts of the user's conversation (ServiceEvent) */
  service: 'service',
  /** the chat room's messages and removals (ChatEvent) */
  chat: 'chat',
  /** P2P: an order of the user's changed or got a chat message (OtcSocketEvent): the page reads it again */
  otc: 'otc',
} as const;

/**
 * `tickers` carries every symbol's updates; `tickers:<symbol>` only that symbol's (a list showing
 * 15 of 2,000 symbols subscribes those 15). Both deliver the same `tickers` event.
 */
export const TICKER_CHANNEL_PREFIX = 'tickers:';
/** `kline:<symbol>:<period>` */
export const KLINE_CHANNEL_PREFIX = 'kline:';

export const channel = {
  tickers: 'tickers' as const,
  ticker: (symbol: string) => `${TICKER_CHANNEL_PREFIX}${symbol}`,
  kline: (symbol: string, period: Period) => `${KLINE_CHANNEL_PREFIX}${symbol}:${period}`,
  depth: (symbol: string) => `depth:${symbol}`,
  trades: (symbol: string) => `trades:${symbol}`,
};

/**
 * Private rooms the server puts an authenticated socket in (never subscribable by a client): the
 * user's (orders, positions, balances, notices) and the session's (revoking a session reaches it).
 */
export const USER_ROOM_PREFIX = 'user:';
export const SESSION_ROOM_PREFIX = 'session:';
export const room = {
  user: (userId: number | string) => `${USER_ROOM_PREFIX}${userId}`,
  session: (sessionId: number | string) => `${SESSION_ROOM_PREFIX}${sessionId}`,
  /** the public chat room: every authenticated socket is in it (messages are few: slow mode) */
  chat: 'chatroom' as const,
};
