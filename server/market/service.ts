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

export async function createMarket<DB extends MarketTables>(opts: CreateMarketOptions<DB>): Promise<MarketService> {
  const { config } = opts;
  const log = opts.log ?? silentLog;
  const now = opts.now ?? Date.now;
  // Kysely is invariant in its schema type; the market only touches its own tables.
  const db = opts.db as unknown as Kysely<MarketTables>;
  const repo = new MarketRepo(db);
  const instruments = marketInstruments(config.extraSymbols ?? 0, config.seed);
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const isSymbol = (s: string) => bySymbol.has(s);
  const persisted = (s: string) => bySymbol.get(s)?.synthetic === false;
  const writes = opts.readOnly ? () => false : persisted;

  const resume = await repo.loadState();
  if (config.backfill !== false && !opts.readOnly) await backfillMissing(repo, instruments, resume, config, now(), log);

  const maxBars = config.maxBars ?? MAX_HISTORY_BARS;
  const aggregator = createKlineAggregator({ periods: PERIODS, maxBars });
  const store = new CandleStore({ aggregator, repo, persisted: writes, persistMs: config.persistMs, log });
  const t0 = performance.now();
  const recent = await repo.loadRecent(maxBars);
  let from = 0;
  for (let i = 1; i <= recent.length; i++) {
    // rows are ordered by (symbol, period, time): cut them into series
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

  const feedResume = new Map([...resume].filter(([s]) => isSymbol(s)));
  const feed =
    opts.feed ??
    createFeed(config, {
      instruments,
      resume: feedResume,
      now,
      log,
      currentBar: (symbol) => aggregator.last(symbol, '1min'),
    });

  const tickLog = new TickLog({
    repo,
    persisted: writes,
    flushMs: config.tickLogMs,
    log,
    mark: config.tickLogMark === true && !opts.readOnly,
    now,
  });
  const tickers = new TickerBook(aggregator);
  const pairIndex = new Map(pairInfos().map((p) => [p.symbol, p]));
  const listedSymbols = [...pairIndex.keys()];
  const books = new BookService({ feed, now });
  const fanout: MarketSocket | undefined = opts.io
    ? attachMarketSocket({
        io: opts.io,
        aggregator,
        tickers,
        books,
        isSymbol,
        pair: (symbol) => pairIndex.get(symbol),
        listed: () => listedSymbols,
        resolveUser: opts.resolveUser ?? (async () => null),
        flushMs: config.flushMs,
        tickerMode: config.tickerMode,
        log,
      })
    : undefined;
  const listeners = new Set<TicksHandler>();

  /** candles, tickers and the fan-out; live ticks are also trades (durable rows, prints, engines) */
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
  const unsubscribeBackfill = feed.onBackfill?.((ticks) => void ingest(ticks, false));
  const unsubscribeFeed = feed.onTicks((ticks) => {
    const applied = ingest(ticks, true);
    if (applied.length === 0) return;
    books.onTicks(applied);
    for (const l of listeners) {
      try {
        l(applied);
      } catch (err) {
        log.error({ err }, 'market: onTick listener failed');
      }
    }
  });

  store.start();
  tickLog.start();
  feed.start();

  function lastPrice(symbol: string): LastPrice | undefined {
    const t = tickers.get(symbol);
    if (t) return { price: t.last, seq: t.seq, ts: t.ts };
    const r = feedResume.get(symbol);
    if (r) return { price: r.price, seq: r.seq, ts: r.ts };
    const c = aggregator.last(symbol, '1min');
    return c ? { price: c.close, seq: 0, ts: c.time } : undefined;
  }

  /** A ticker even before the symbol's first live tick (from candles), so quotation lists everything. */
  function tickerOf(symbol: string): TickerUpdate | undefined {
    const t = tickers.get(symbol);
    if (t) return t;
    const lp = lastPrice(symbol);
    return lp ? tickers.estimate(symbol, lp.price, lp.seq, now()) : undefined;
  }

  let closed = false;
  return {
    feed,
    aggregator,
    books,
    isSymbol,
    pairs: pairInfos,
    lastPrice,
    priceStale: (symbol) => feed.isStale?.(symbol) ?? false,
    onTick(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async history(symbol, period, fromMs, toMs) {
      if (!isSymbol(symbol)) return [];
      const dbBars = persisted(symbol) ? await repo.range(symbol, period, fromMs, toMs, MAX_HISTORY_BARS) : [];
      return mergeHistory(dbBars, aggregator.series(symbol, period), fromMs, toMs);
    },
    tickers() {
      const out: TickerUpdate[] = [];
      for (const ins of instruments) {
        const t = tickerOf(ins.symbol);
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
      unsubscribeFeed();
      unsubscribeBackfill?.();
      fanout?.close();
      await tickLog.stop();
      await store.stop();
    },
  };
}
