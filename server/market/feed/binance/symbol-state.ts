/** What BinanceFeed keeps per symbol (feed.ts), and what status() reports of it. */
import type { FeedResume } from '../types';
import { DepthBook } from './depth-book';
import type { KlineEvent, MiniTickerEvent, TradeEvent } from './frames';

export interface SymbolStatus {
  stale: boolean;
  book: 'live' | 'unsynced' | 'stale';
  resyncs: number;
  lastTradeId: number;
  miniTicker?: Omit<MiniTickerEvent, 'kind' | 'venue'>;
  kline?: KlineEvent['bar'] & { closed: boolean };
}

export interface Sym {
  ours: string;
  venue: string;
  streams: string[];
  seq: number;
  price: string | undefined;
  lastTradeId: number;
  depth: DepthBook;
  snapshotting: boolean;
  resyncs: number;
  heard: Map<string, number>;
  stale: boolean;
  depthStale: boolean;
  flips: number;
  /** live trades held while the symbol's backfill runs */
  held: TradeEvent[] | undefined;
  /** backfills queued or running (a second reconnect may come before the first is done) */
  backfilling: number;
  mini?: MiniTickerEvent;
  kline?: KlineEvent;
}

/** A symbol's state at start: its four streams heard `start` (so none is stale yet), seq and price resumed. */
export function newSym(
  ours: string,
  venue: string,
  tradeStream: 'trade' | 'aggTrade',
  r: FeedResume | undefined,
  start: number,
): Sym {
  const l = venue.toLowerCase();
  const streams = [`${l}@${tradeStream}`, `${l}@depth@100ms`, `${l}@kline_1m`, `${l}@miniTicker`];
  return {
    ours,
    venue,
    streams,
    seq: r?.seq ?? 0,
    price: r?.price,
    lastTradeId: -1,
    depth: new DepthBook(),
    snapshotting: false,
    resyncs: 0,
    heard: new Map(streams.map((st) => [st, start])),
    stale: false,
    depthStale: false,
    flips: 0,
    held: undefined,
    backfilling: 0,
  };
}
