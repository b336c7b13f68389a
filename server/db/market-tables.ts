/**
 * Kysely table interfaces owned by server/market (joined into the Database in server/db/schema.ts).
 * NUMERIC columns are decimal strings; `time`/`last_ts` are BIGINT milliseconds (parsed to numbers:
 * epoch ms fit in 2^53).
 */
import type { Candle } from '../../core/types/market';

/** One persisted K-line bar: core's Candle keyed by symbol and period. Primary key (symbol, period, time). Ticks an outcome may need are in market_ticks. */
interface CandlesTable extends Candle {
  symbol: string;
  period: string;
}

/** The feed's position per symbol, so `seq` and the price path continue across a restart. */
interface MarketStateTable {
  symbol: string;
  last_seq: number;
  last_price: string;
  last_ts: number;
}

/** A tick an outcome may need (see store/tick-log.ts). Primary key (symbol, seq). */
interface MarketTicksTable {
  symbol: string;
  seq: number;
  price: string;
  ts: number;
}

/** How far the feed process's durable tick log is complete (migration 040, store/tick-log.ts). */
interface TickLogMarkTable {
  source: string;
  through_ts: number;
}

export interface MarketTables {
  market_ticks: MarketTicksTable;
  tick_log_mark: TickLogMarkTable;
  candles: CandlesTable;
  market_state: MarketStateTable;
}
