/**
 * The candle store opened on a start, before the feed runs: synthetic bars written for the symbols
 * that have none (first start), the aggregator and its store, then the newest bars of every series
 * read back into memory.
 */
import { createKlineAggregator, PERIODS, type KlineAggregator } from '../../../core';
import { venueSymbols } from '../feed/create';
import type { FeedInstrument, FeedResume } from '../feed/types';
import type { MarketLog } from '../log';
import { MAX_HISTORY_BARS } from '../history';
import type { MarketConfig } from '../service-types';
import { backfillRows, backfillSymbol } from './backfill';
import { CandleStore } from './candle-store';
import type { CandleRow, MarketRepo } from './repo';

/** for the start-up log lines */
const msSince = (t0: number) => Math.round(performance.now() - t0);

export interface OpenCandles {
  repo: MarketRepo;
  instruments: readonly FeedInstrument[];
  /** market_state: where each symbol's feed stopped (the backfill ends at its price) */
  resume: Map<string, FeedResume>;
  config: MarketConfig;
  readOnly: boolean;
  /** the symbols whose candles this process writes */
  writes: (symbol: string) => boolean;
  isSymbol: (symbol: string) => boolean;
  now: () => number;
  log: MarketLog;
}

export async function openCandles(o: OpenCandles): Promise<{ aggregator: KlineAggregator; store: CandleStore }> {
  const { repo, config, log } = o;
  if (config.backfill !== false && !o.readOnly)
    await backfillMissing(repo, o.instruments, o.resume, config, o.now(), log);
  const maxBars = config.maxBars ?? MAX_HISTORY_BARS;
  const aggregator = createKlineAggregator({ periods: PERIODS, maxBars });
  const store = new CandleStore({ aggregator, repo, persisted: o.writes, persistMs: config.persistMs, log });
  await loadRecentCandles(repo, store, maxBars, o.isSymbol, log);
  return { aggregator, store };
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
  log.info({ symbols: todo.length, bars: total, ms: msSince(t0) }, 'market: backfilled history');
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
  log.info({ bars: recent.length, ms: msSince(t0) }, 'market: loaded candles');
}
