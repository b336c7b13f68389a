/**
 * Kysely interfaces of the trading tables (migration 004_trading). NUMERIC columns are decimal
 * strings; BIGINT columns (seq, ms times) are read as strings by the driver and converted by the
 * domain code; TIMESTAMPTZ columns are Dates.
 */
import type { ColumnType, Generated } from 'kysely';
import type { LeverEntryWalk } from '../../../core/types/lever';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Numeric = ColumnType<string, string | undefined, string>;
type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
/** BIGINT: pg returns a string unless a type parser says otherwise; read through Number(). */
type BigInt = ColumnType<string | number, number | string, number | string>;
type NullableBigInt = ColumnType<string | number | null, number | string | null | undefined, number | string | null>;

export interface TradePairSettingsTable {
  symbol: string;
  spot_min_amount: string;
  lot_size: string;
  lots_decimals: number;
  min_lots: string;
  max_lots: string;
  /** JSON array of integers, ascending */
  multiples: string;
  lever_fee_rate: string;
  overnight_rate: string;
  /** limit-price band (migration 008): spot multipliers of the current price; lever ± fraction */
  spot_band_low: Numeric;
  spot_band_high: Numeric;
  lever_band: Numeric;
  /** market-order protection (migration 013): the most a market order may move the price, a fraction */
  market_protection: Numeric;
}

export interface SecondsConfigsTable {
  id: Generated<number>;
  seconds: number;
  profit_ratio: string;
  min_amount: string;
  max_amount: string;
  status: Generated<number>;
}

export interface SpotOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  kind: 'market' | 'limit';
  status: 'open' | 'partially_filled' | 'filled' | 'cancelled';
  amount: string;
  /** base quantity filled so far (migration 013) */
  filled: Numeric;
  target_price: NullableNumeric;
  fill_price: NullableNumeric;
  total: NullableNumeric;
  fee: Numeric;
  fee_rate: string;
  fill_seq: NullableBigInt;
  /** ticks after this seq may fill the resting order (migration 013) */
  watch_seq: NullableBigInt;
  frozen: Numeric;
  created_at: CreatedAt;
  filled_at: Nullable<Date>;
  cancelled_at: Nullable<Date>;
}

/** One fill of a spot order (migration 013); journal rows of the fill reference it ('spot_fill'). */
export interface SpotFillsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  role: 'taker' | 'maker';
  price: string;
  qty: string;
  total: string;
  fee: string;
  book_seq: number | string;
  /** the venue tick that crossed a resting (maker) order into this fill (migration 013) */
  tick_seq: NullableBigInt;
  counter_order_id: number | null;
  created_at: CreatedAt;
}

export interface LeverOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  side: 'long' | 'short';
  price_type: 'market' | 'limit';
  status: 'entrusted' | 'position' | 'closed' | 'cancelled';
  lots: string;
  lot_size: string;
  multiple: number;
  target_price: NullableNumeric;
  open_price: NullableNumeric;
  open_seq: NullableBigInt;
  /** a market entry's walk of the venue book, which priced it (migration 036; null: a limit entry, or before it) */
  open_walk: ColumnType<LeverEntryWalk | null, string | null | undefined, string | null>;
  margin: string;
  fee: string;
  overnight_fee: Numeric;
  target_profit_price: NullableNumeric;
  stop_loss_price: NullableNumeric;
  close_price: NullableNumeric;
  close_seq: NullableBigInt;
  /** ticks after this seq may fill the entry / trigger TP-SL (migration 013) */
  watch_seq: NullableBigInt;
  close_reason: Nullable<'user' | 'take_profit' | 'stop_loss' | 'liquidation' | 'batch' | 'copy'>;
  profit: NullableNumeric;
  uncovered_loss: Numeric;
  /** a forced close: the account's risk rate and the line it fell to (migration 019) */
  liq_risk_rate: NullableNumeric;
  liq_line: NullableNumeric;
  liq_available: NullableNumeric;
  liq_group: NullableBigInt;
  /** the candle period that priced a seeded demo past trade (migration 031); null: priced by ticks */
  price_candle: ColumnType<'60min' | '4hour' | null, '60min' | '4hour' | null | undefined, '60min' | '4hour' | null>;
  copied: Generated<boolean>;
  created_at: CreatedAt;
  opened_at: Nullable<Date>;
  closed_at: Nullable<Date>;
}

export interface LeverOvernightChargesTable {
  order_id: number;
  /** 'YYYY-MM-DD' (UTC day) */
  day: ColumnType<Date | string, string, string>;
  amount: string;
  due: string;
  created_at: CreatedAt;
}

export interface SecondsOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  currency_id: number;
  type: 'up' | 'down';
  seconds: number;
  number: string;
  profit_ratio: string;
  status: 'pending' | 'settled';
  buy_price: string;
  buy_seq: BigInt;
  buy_ts: BigInt;
  end_price: NullableNumeric;
  end_seq: NullableBigInt;
  end_ts: NullableBigInt;
  expires_at: BigInt;
  result: Nullable<'win' | 'lose' | 'tie'>;
  payout: NullableNumeric;
  profit: NullableNumeric;
  created_at: CreatedAt;
  settled_at: Nullable<Date>;
}

export interface TradeTables {
  trade_pair_settings: TradePairSettingsTable;
  seconds_configs: SecondsConfigsTable;
  spot_orders: SpotOrdersTable;
  spot_fills: SpotFillsTable;
  lever_orders: LeverOrdersTable;
  lever_overnight_charges: LeverOvernightChargesTable;
  seconds_orders: SecondsOrdersTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends TradeTables {}
}
