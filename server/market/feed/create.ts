/**
 * Which feed serves the market (MARKET_FEED): the simulator, the test ScriptedFeed, or Binance's
 * public streams for the pairs it quotes with the simulator for the rest (stocks).
 */
import type { Candle } from '../../../core';
import { BinanceFeed } from './binance/feed';
import type { MarketLog } from '../log';
import type { BinanceFeedOptions } from './binance/options';
import { binanceSymbols } from './binance/symbols';
import { CompositeFeed } from './composite';
import { ScriptedFeed } from './scripted';
import { SimulatorFeed } from './simulator';
import type { FeedInstrument, FeedResume, MarketFeed } from './types';

/** BINANCE_* settings and test hooks; the symbol map, resume and current bar come from the market */
type BinanceSettings = Omit<
  BinanceFeedOptions,
  'symbols' | 'resume' | 'currentBar' | 'log' | 'now' | 'onListenerError'
> & {
  /** our symbols to take from the venue (default: every catalogue pair it quotes) */
  only?: string[];
};

/** the feed's part of the market's config (service-types.ts MarketConfig) */
export interface FeedChoice {
  /** 'binance': Binance's public streams for the pairs it quotes, the simulator for the rest */
  feed: 'simulator' | 'scripted' | 'binance';
  /** FEED_SEED: same seed → same price paths and the same backfill */
  seed: number;
  /** simulator ticks per second across all symbols */
  tickRate: number;
  /** simulator timer interval (default 20 ms) */
  batchMs?: number;
  /** MARKET_FEED=binance: BINANCE_WS_URL, BINANCE_REST_URL, … */
  binance?: BinanceSettings;
}

export interface FeedDeps {
  instruments: readonly FeedInstrument[];
  resume: ReadonlyMap<string, FeedResume>;
  now: () => number;
  currentBar: (symbol: string) => Candle | undefined;
  log: MarketLog;
}

/** the symbols MARKET_FEED=binance takes from the venue (no network: from the symbol map) */
export function venueSymbols(choice: Pick<FeedChoice, 'feed' | 'binance'>): Set<string> {
  return choice.feed === 'binance' ? new Set(binanceSymbols(choice.binance?.only).symbols()) : new Set();
}

export function createFeed(choice: FeedChoice, deps: FeedDeps): MarketFeed {
  const onListenerError = (err: unknown) => deps.log.error({ err }, 'market: tick listener failed');
  const simulator = (instruments: readonly FeedInstrument[]) =>
    new SimulatorFeed({
      instruments,
      seed: choice.seed,
      tickRate: choice.tickRate,
      batchMs: choice.batchMs,
      resume: deps.resume,
      now: deps.now,
      onListenerError,
    });
  if (choice.feed === 'scripted') return new ScriptedFeed({ resume: deps.resume, now: deps.now });
  if (choice.feed === 'simulator') return simulator(deps.instruments);
  const { only, ...settings } = choice.binance ?? {};
  const symbols = binanceSymbols(only);
  const venue = new BinanceFeed({
    ...settings,
    symbols,
    resume: deps.resume,
    currentBar: deps.currentBar,
    now: deps.now,
    log: deps.log,
    onListenerError,
  });
  const rest = deps.instruments.filter((i) => !venue.owns(i.symbol));
  const parts = [{ feed: venue as MarketFeed, owns: (s: string) => venue.owns(s) }];
  if (rest.length) {
    const names = new Set(rest.map((i) => i.symbol));
    parts.push({ feed: simulator(rest), owns: (s) => names.has(s) });
  }
  return new CompositeFeed(parts);
}
