/**
 * createMarket: wires feed → candle store → tickers → socket fan-out, and answers the questions
 * the rest of the server asks (last price, history, tickers) from the modules beside it:
 * store/open-candles.ts (the candle store on a start), feed-lifecycle.ts (the feed's ticks in,
 * start and close), price-answers.ts, history.ts, durability.ts, socket-fanout.ts. See index.ts
 * for the public door.
 */
import { BookService } from './books/service';
import type { MarketTables } from '../db/market-tables';
import { createFeed } from './feed/create';
import { marketInstruments } from './feed/instruments';
import { durabilityAnswers } from './durability';
import { runFeed } from './feed-lifecycle';
import { historyAnswer } from './history';
import { silentLog } from './log';
import { pairInfos } from './pairs';
import { priceAnswers } from './price-answers';
import type { CreateMarketOptions, MarketParts, MarketService } from './service-types';
import { attachFanout, emitAnswers } from './socket-fanout';
import { openCandles } from './store/open-candles';
import { MarketRepo } from './store/repo';
import { TickLog } from './store/tick-log';
import { TickerBook } from './tickers';

export type { MarketService };

/** the parts, in start-up order: history first, then the feed over it, then what reads the feed */
async function wireParts(opts: CreateMarketOptions<MarketTables>): Promise<MarketParts> {
  const { config } = opts;
  const log = opts.log ?? silentLog;
  const now = opts.now ?? Date.now;
  const readOnly = opts.readOnly === true;
  const repo = new MarketRepo(opts.db);
  const instruments = marketInstruments(config.extraSymbols ?? 0, config.seed);
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const isSymbol = (s: string) => bySymbol.has(s);
  const persisted = (s: string) => bySymbol.get(s)?.synthetic === false;
  const writes = readOnly ? () => false : persisted;

  const resume = await repo.loadState();
  const { aggregator, store } = await openCandles({
    repo,
    instruments,
    resume,
    config,
    readOnly,
    writes,
    isSymbol,
    now,
    log,
  });

  const feedResume = new Map([...resume].filter(([s]) => isSymbol(s)));
  const currentBar = (symbol: string) => aggregator.last(symbol, '1min');
  const feed = opts.feed ?? createFeed(config, { instruments, resume: feedResume, now, log, currentBar });
  const mark = config.tickLogMark === true && !readOnly;
  const tickLog = new TickLog({ repo, persisted: writes, flushMs: config.tickLogMs, log, mark, now });
  const tickers = new TickerBook(aggregator);
  const books = new BookService({ feed, now });
  const fanout = attachFanout(opts, { aggregator, tickers, books, isSymbol, log });
  return {
    ...{ now, log, readOnly, repo, instruments, isSymbol, persisted, aggregator, store, feed, feedResume },
    ...{ tickLog, tickers, books, fanout },
  };
}

export async function createMarket<DB extends MarketTables>(options: CreateMarketOptions<DB>): Promise<MarketService> {
  // Kysely is invariant in its schema type; the market only touches its own tables.
  const parts = await wireParts(options as unknown as CreateMarketOptions<MarketTables>);
  const { feed, aggregator, books, isSymbol, fanout } = parts;
  const run = runFeed(parts);
  return {
    ...{ feed, aggregator, books, isSymbol, pairs: pairInfos },
    ...priceAnswers(parts),
    onTick: run.onTick,
    history: historyAnswer(parts),
    ...emitAnswers(fanout),
    ...durabilityAnswers(parts),
    close: run.close,
  };
}
