/**
 * What createMarket takes (CreateMarketOptions, MarketConfig), what it returns (MarketService), and
 * the wired parts (MarketParts) the modules beside service.ts answer from.
 */
import type { Kysely } from 'kysely';
import type { Server } from 'socket.io';
import type { Candle, KlineAggregator, PairInfo, Period, Tick, TickerUpdate } from '../../core';
import type { BookService } from './books/service';
import type { MarketTables } from '../db/market-tables';
import type { FeedChoice } from './feed/create';
import type { FeedInstrument, FeedResume, MarketFeed } from './feed/types';
import type { MarketLog } from './log';
import type { MarketSocket, ResolveUser, TickerMode } from './socket';
import type { CandleStore } from './store/candle-store';
import type { MarketRepo } from './store/repo';
import type { TickLog } from './store/tick-log';
import type { TickerBook } from './tickers';

/** the feed's choice (feed/create.ts), then the market's own settings */
export interface MarketConfig extends FeedChoice {
  /** socket fan-out batch interval (default 25 ms: socket.ts) */
  flushMs?: number;
  /** bench only: N in-memory symbols SYM0001/USDT… (never persisted, not listed in quotation) */
  extraSymbols?: number;
  /**
   * bench only (MARKET_BENCH_BACKFILL): this many 1min bars for one symbol (instead of
   * BACKFILL_BARS) on a first start, so the browser bench's 5,000-candle chart reads real history
   * from /currency/new_timeshar. Unset changes nothing.
   */
  benchBackfill?: { symbol: string; minuteBars: number } | null;
  /** 'latest' (default): the newest ticker per symbol per flush; 'every': every tick's, batched */
  tickerMode?: TickerMode;
  /** durable tick write interval (default 200 ms; see store/tick-log.ts) */
  tickLogMs?: number;
  /** cluster feed process: keep the tick log's mark (tick_log_mark) for the other processes */
  tickLogMark?: boolean;
  /** candle upsert interval (default 1000 ms) */
  persistMs?: number;
  /** first-start synthetic history (default true) */
  backfill?: boolean;
  /** bars kept in memory per series (default 1500, the history cap) */
  maxBars?: number;
}

export interface CreateMarketOptions<DB extends MarketTables = MarketTables> {
  /** any Kysely whose database includes the market tables (the server's Kysely<Database>) */
  db: Kysely<DB>;
  /** socket.io server; without it the market runs headless (tests, benches) */
  io?: Server;
  config: MarketConfig;
  log?: MarketLog;
  resolveUser?: ResolveUser;
  now?: () => number;
  /** a feed to use instead of config.feed's (cluster: the feed process's batches relayed, server/scale/relay.ts) */
  feed?: MarketFeed;
  /** never write candles, market_state or ticks (cluster: only the feed process does) */
  readOnly?: boolean;
}

export interface LastPrice {
  price: string;
  seq: number;
  ts: number;
}

type TicksHandler = (ticks: readonly Tick[]) => void;

export interface MarketService {
  feed: MarketFeed;
  aggregator: KlineAggregator;
  /** order books (venue + users' resting orders) and trade prints per symbol */
  books: BookService;
  isSymbol(symbol: string): boolean;
  /** the catalogue pairs (what quotation lists) */
  pairs(): PairInfo[];
  lastPrice(symbol: string): LastPrice | undefined;
  /** true while the feed cannot vouch for the symbol's last price (a real venue gone quiet) */
  priceStale(symbol: string): boolean;
  /** applied ticks, in batches as the feed emits them (engines: limit orders, seconds options) */
  onTick(listener: TicksHandler): () => void;
  /** bars within [fromMs, toMs], oldest first, at most 1500 (the newest ones), open bar included */
  history(symbol: string, period: Period, fromMs: number, toMs: number): Promise<Candle[]>;
  tickers(): TickerUpdate[];
  emitToUser(userId: number | string, event: string, payload: unknown): void;
  /** to every socket in a server-managed room (the chat room) */
  emitToRoom(room: string, event: string, payload: unknown): void;
  /** adds which symbols need every tick on record (the rest keep only the newest per batch) */
  keepTicks(keep: (symbol: string) => boolean): void;
  /** the newest seq of a symbol whose tick batch has committed */
  durableSeq(symbol: string): number;
  /** writes changed candles and buffered ticks now */
  flush(): Promise<void>;
  /**
   * Is every tick at or before `instantMs` on record (market_ticks)? The process that writes the
   * log flushes it and says yes; a relaying one (cluster) reads the feed process's mark.
   */
  durableThrough(instantMs: number): Promise<boolean>;
  /** stops the feed and timers, flushes candles */
  close(): Promise<void>;
}

/** what the market is made of once wired (service.ts): each module takes the parts it reads */
export interface MarketParts {
  now: () => number;
  log: MarketLog;
  /** opts.readOnly: this process writes no candles, state or ticks */
  readOnly: boolean;
  repo: MarketRepo;
  instruments: FeedInstrument[];
  isSymbol: (s: string) => boolean;
  persisted: (s: string) => boolean;
  aggregator: KlineAggregator;
  store: CandleStore;
  feed: MarketFeed;
  feedResume: Map<string, FeedResume>;
  tickLog: TickLog;
  tickers: TickerBook;
  books: BookService;
  fanout: MarketSocket | undefined;
}
