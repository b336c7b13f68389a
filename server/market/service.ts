/**
 * createMarket: wires feed → candle store → tickers → socket fan-out, and answers the questions
 * the rest of the server asks (last price, history, tickers). See index.ts for the public door.
 */
import type { Kysely } from 'kysely';
import type { Server } from 'socket.io';
import {
  createKlineAggregator,
  PERIODS,
  type Candle,
  type KlineAggregator,
  type Period,
  type Tick,
  type TickerUpdate,
  type PairInfo,
} from '../../core';
import { pairs, QUOTE_ID } from '../catalog/instruments';
import { marketInstruments } from './feed/instruments';
import { createFeed, venueSymbols, type BinanceSettings } from './feed/create';
import type { FeedInstrument, FeedResume, MarketFeed } from './feed/types';
import { mergeHistory, MAX_HISTORY_BARS } from './history';
import { BookService } from './books/service';
import type { MarketTables } from '../db/market-tables';
import { attachMarketSocket, type MarketSocket, type ResolveUser, type TickerMode } from './socket';
import { backfillRows, backfillSymbol } from './store/backfill';
import { CandleStore } from './store/candle-store';
import { MarketRepo, type CandleRow } from './store/repo';
import { TickLog } from './store/tick-log';
import { TickerBook } from './tickers';

interface MarketConfig {
  /** 'binance': Binance's public streams for the pairs it quotes, the simulator for the rest */
  feed: 'simulator' | 'scripted' | 'binance';
  /** MARKET_FEED=binance: BINANCE_WS_URL, BINANCE_REST_URL, … (feed/create.ts) */
  binance?: BinanceSettings;
  /** simulator ticks per second across all symbols */
  tickRate: number;
  /** FEED_SEED: same seed → same price paths and the same backfill */
  seed: number;
  /** socket fan-out batch interval (default 50 ms) */
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
  /** simulator timer interval (default 20 ms) */
  batchMs?: number;
  /** first-start synthetic history (default true) */
  backfill?: boolean;
  /** bars kept in memory per series (default 1500, the history cap) */
  maxBars?: number;
}

interface MarketLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
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

interface LastPrice {
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

const silentLog: MarketLog = { info() {}, warn() {}, error() {} };

function pairInfos(): PairInfo[] {
  return pairs().map(({ symbol, base }) => ({
    symbol,
    base: base.name,
    quote: 'USDT',
    currency_id: base.id,
    legal_id: QUOTE_ID,
    market: base.market,
    price_decimals: base.price_decimals,
    qty_decimals: base.qty_decimals,
  }));
}

async function backfillMissing(
  repo: MarketRepo,
  instruments: readonly FeedInstrument[],
  resume: Map<string, FeedResume>,
  config: MarketConfig,
  now: number,
  log: MarketLog,
): Promise<void> {
  const { seed, benchBackfill: bench } = config;
  const venue = venueSymbols(config);
  const have = await repo.symbolsWithCandles();
  // a real venue's pairs get real history from its REST klines instead (feed/binance)
  const todo = instruments.filter((i) => !i.synthetic && !have.has(i.symbol) && !venue.has(i.symbol));
  if (todo.length === 0) return;
  const t0 = performance.now();
  let rows: CandleRow[] = [];
  let total = 0;
  for (const ins of todo) {
    const minuteBars = bench?.symbol === ins.symbol ? bench.minuteBars : undefined;
    rows.push(
      ...backfillRows(
        ins.symbol,
        backfillSymbol(ins, seed, now, resume.get(ins.symbol)?.price ?? ins.price, minuteBars),
      ),
    );
    if (rows.length >= 10_000) {
      total += rows.length;
      await repo.upsertCandles(rows);
      rows = [];
    }
  }
  total += rows.length;
  await repo.upsertCandles(rows);
  log.info({ symbols: todo.length, bars: total, ms: Math.round(performance.now() - t0) }, 'market: backfilled history');
}

/** the candles kept from the last run, cut into series (rows come ordered by symbol, period, time) */
async function loadRecentCandles(
  repo: MarketRepo,
  store: CandleStore,
  maxBars: number,
  isSymbol: (s: string) => boolean,
  log: MarketLog,
): Promise<void> {
  const t0 = performance.now();
  const recent = await repo.loadRecent(maxBars);
  let from = 0;
  for (let i = 1; i <= recent.length; i++) {
    if (i === recent.length || recent[i].symbol !== recent[from].symbol || recent[i].period !== recent[from].period) {
      const head = recent[from];
      if (isSymbol(head.symbol))
        store.load(
          head.symbol,
          head.period,
          recent.slice(from, i).map(({ symbol: _s, period: _p, ...c }) => c),
        );
      from = i;
    }
  }
  log.info({ bars: recent.length, ms: Math.round(performance.now() - t0) }, 'market: loaded candles');
}

/** what the market is made of once wired: the service's answers read these */
interface MarketParts {
  opts: CreateMarketOptions<MarketTables>;
  now: () => number;
  log: MarketLog;
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
  listeners: Set<TicksHandler>;
}

/**
 * Feed → candles, tickers and the fan-out; live ticks are also trades (durable rows, prints,
 * engines, listeners). Returns the unsubscribe.
 */
function ingestFeed(m: MarketParts): () => void {
  const { store, tickLog, tickers, fanout } = m;
  function ingest(ticks: readonly Tick[], live: boolean): Tick[] {
    const applied: Tick[] = [];
    const updates: TickerUpdate[] = [];
    for (const tick of ticks) {
      if (!store.apply(tick)) continue;
      applied.push(tick);
      if (live) tickLog.record(tick);
      updates.push(tickers.update(tick));
    }
    if (applied.length) fanout?.push(applied, updates);
    return applied;
  }
  const unsubscribeBackfill = m.feed.onBackfill?.((ticks) => void ingest(ticks, false));
  const unsubscribeFeed = m.feed.onTicks((ticks) => {
    const applied = ingest(ticks, true);
    if (applied.length === 0) return;
    m.books.onTicks(applied);
    for (const l of m.listeners) {
      try {
        l(applied);
      } catch (err) {
        m.log.error({ err }, 'market: onTick listener failed');
      }
    }
  });
  return () => {
    unsubscribeFeed();
    unsubscribeBackfill?.();
  };
}

/** the last price: the live ticker, else where the feed resumed, else the last candle */
function lastPriceOf(m: MarketParts, symbol: string): LastPrice | undefined {
  const t = m.tickers.get(symbol);
  if (t) return { price: t.last, seq: t.seq, ts: t.ts };
  const r = m.feedResume.get(symbol);
  if (r) return { price: r.price, seq: r.seq, ts: r.ts };
  const c = m.aggregator.last(symbol, '1min');
  return c ? { price: c.close, seq: 0, ts: c.time } : undefined;
}

/** A ticker even before the symbol's first live tick (from candles), so quotation lists everything. */
function tickerOf(m: MarketParts, symbol: string): TickerUpdate | undefined {
  const t = m.tickers.get(symbol);
  if (t) return t;
  const lp = lastPriceOf(m, symbol);
  return lp ? m.tickers.estimate(symbol, lp.price, lp.seq, m.now()) : undefined;
}

/** the service the rest of the server calls, over the wired parts */
function marketService(m: MarketParts, unsubscribe: () => void): MarketService {
  const { feed, aggregator, books, isSymbol, repo, tickLog, store, fanout, opts } = m;
  let closed = false;
  return {
    feed,
    aggregator,
    books,
    isSymbol,
    pairs: pairInfos,
    lastPrice: (symbol) => lastPriceOf(m, symbol),
    priceStale: (symbol) => feed.isStale?.(symbol) ?? false,
    onTick(listener) {
      m.listeners.add(listener);
      return () => {
        m.listeners.delete(listener);
      };
    },
    async history(symbol, period, fromMs, toMs) {
      if (!isSymbol(symbol)) return [];
      const dbBars = m.persisted(symbol) ? await repo.range(symbol, period, fromMs, toMs, MAX_HISTORY_BARS) : [];
      return mergeHistory(dbBars, aggregator.series(symbol, period), fromMs, toMs);
    },
    tickers() {
      const out: TickerUpdate[] = [];
      for (const ins of m.instruments) {
        const t = tickerOf(m, ins.symbol);
        if (t) out.push(t);
      }
      return out;
    },
    emitToUser(userId, event, payload) {
      fanout?.emitToUser(userId, event, payload);
    },
    emitToRoom(room, event, payload) {
      fanout?.emitToRoom(room, event, payload);
    },
    keepTicks: (keep) => tickLog.addKeep(keep),
    durableSeq: (symbol) => tickLog.durableSeq(symbol),
    flush: async () => {
      await tickLog.flush();
      await store.flush();
    },
    async durableThrough(instantMs) {
      if (opts.readOnly) return (await repo.tickLogThrough()) >= instantMs;
      await tickLog.flush();
      return true;
    },
    async close() {
      if (closed) return;
      closed = true;
      feed.stop();
      unsubscribe();
      fanout?.close();
      await tickLog.stop();
      await store.stop();
    },
  };
}

/** the socket fan-out over the market's parts, when the server has a socket.io server */
function attachFanout(
  opts: CreateMarketOptions<MarketTables>,
  parts: Pick<MarketParts, 'aggregator' | 'tickers' | 'books' | 'isSymbol' | 'log'>,
): MarketSocket | undefined {
  if (!opts.io) return undefined;
  const pairIndex = new Map(pairInfos().map((p) => [p.symbol, p]));
  const listedSymbols = [...pairIndex.keys()];
  return attachMarketSocket({
    io: opts.io,
    ...parts,
    pair: (symbol) => pairIndex.get(symbol),
    listed: () => listedSymbols,
    resolveUser: opts.resolveUser ?? (async () => null),
    flushMs: opts.config.flushMs,
    tickerMode: opts.config.tickerMode,
  });
}

export async function createMarket<DB extends MarketTables>(options: CreateMarketOptions<DB>): Promise<MarketService> {
  // Kysely is invariant in its schema type; the market only touches its own tables.
  const opts = options as unknown as CreateMarketOptions<MarketTables>;
  const { config } = opts;
  const log = opts.log ?? silentLog;
  const now = opts.now ?? Date.now;
  const repo = new MarketRepo(opts.db);
  const instruments = marketInstruments(config.extraSymbols ?? 0, config.seed);
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const isSymbol = (s: string) => bySymbol.has(s);
  const persisted = (s: string) => bySymbol.get(s)?.synthetic === false;

  const resume = await repo.loadState();
  if (config.backfill !== false && !opts.readOnly) await backfillMissing(repo, instruments, resume, config, now(), log);

  const maxBars = config.maxBars ?? MAX_HISTORY_BARS;
  const aggregator = createKlineAggregator({ periods: PERIODS, maxBars });
  const writes = opts.readOnly ? () => false : persisted;
  const store = new CandleStore({ aggregator, repo, persisted: writes, persistMs: config.persistMs, log });
  await loadRecentCandles(repo, store, maxBars, isSymbol, log);

  const feedResume = new Map([...resume].filter(([s]) => isSymbol(s)));
  const currentBar = (symbol: string) => aggregator.last(symbol, '1min');
  const feed = opts.feed ?? createFeed(config, { instruments, resume: feedResume, now, log, currentBar });
  const mark = config.tickLogMark === true && !opts.readOnly;
  const tickLog = new TickLog({ repo, persisted: writes, flushMs: config.tickLogMs, log, mark, now });
  const tickers = new TickerBook(aggregator);
  const books = new BookService({ feed, now });
  const fanout = attachFanout(opts, { aggregator, tickers, books, isSymbol, log });
  const parts: MarketParts = {
    ...{ opts, now, log, repo, instruments, isSymbol, persisted, aggregator, store, feed, feedResume },
    ...{ tickLog, tickers, books, fanout, listeners: new Set<TicksHandler>() },
  };
  const unsubscribe = ingestFeed(parts);
  store.start();
  tickLog.start();
  feed.start();
  return marketService(parts, unsubscribe);
}
