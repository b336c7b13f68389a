/** BinanceFeed's options and their defaults (feed.ts). */
import type { Candle } from '../../../../core';
import type { MarketLog } from '../../log';
import type { FeedResume } from '../types';
import type { Fetch } from './rest';
import type { SymbolMap } from './symbols';

export const BINANCE_WS_URL = 'wss://stream.binance.com:9443';
export const BINANCE_REST_URL = 'https://api.binance.com';
export const MINUTE = 60_000;

export interface BinanceFeedOptions {
  symbols: SymbolMap;
  wsUrl?: string;
  restUrl?: string;
  resume?: ReadonlyMap<string, FeedResume>;
  /** our newest 1m bar of a symbol (the aggregator's): where a backfill starts and what it completes */
  currentBar?: (symbol: string) => Candle | undefined;
  tradeStream?: 'trade' | 'aggTrade';
  /** levels per side a book() offers (default 50) */
  bookLevels?: number;
  /** REST snapshot depth (default 1000) */
  depthLimit?: number;
  /** a symbol silent this long is stale (default 10 s) */
  staleMs?: number;
  /** a connection with no frame and no ping this long is cut (default 60 s: Binance pings every 20 s) */
  idleMs?: number;
  /** proactive roll-over before Binance's 24 h cut (default 23 h 30 min) */
  rollMs?: number;
  /** how long both connections run during a roll-over (default 5 s) */
  overlapMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** minutes of 1m history fetched for a symbol with none (first start; default 1000, one page) */
  firstBackfillMinutes?: number;
  /** at most this many minutes are backfilled after a gap (default 1440) */
  maxBackfillMinutes?: number;
  now?: () => number;
  random?: () => number;
  fetch?: Fetch;
  log?: MarketLog;
  onListenerError?: (err: unknown) => void;
}

/** The options with every default filled in (what the feed reads). */
export type FeedSettings = Required<
  Omit<BinanceFeedOptions, 'resume' | 'currentBar' | 'log' | 'onListenerError' | 'fetch'>
>;

export function feedSettings(opts: BinanceFeedOptions): FeedSettings {
  return {
    symbols: opts.symbols,
    wsUrl: opts.wsUrl ?? BINANCE_WS_URL,
    restUrl: opts.restUrl ?? BINANCE_REST_URL,
    tradeStream: opts.tradeStream ?? 'trade',
    bookLevels: opts.bookLevels ?? 50,
    depthLimit: opts.depthLimit ?? 1000,
    staleMs: opts.staleMs ?? 10_000,
    idleMs: opts.idleMs ?? 60_000,
    rollMs: opts.rollMs ?? (23 * 60 + 30) * MINUTE,
    overlapMs: opts.overlapMs ?? 5_000,
    backoffBaseMs: opts.backoffBaseMs ?? 500,
    backoffMaxMs: opts.backoffMaxMs ?? 30_000,
    firstBackfillMinutes: opts.firstBackfillMinutes ?? 1000,
    maxBackfillMinutes: opts.maxBackfillMinutes ?? 1440,
    now: opts.now ?? Date.now,
    random: opts.random ?? Math.random,
  };
}
