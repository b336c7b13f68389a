/**
 * Kysely interfaces of the game tables (migration 017_game). Instants are BIGINT ms (the feed's
 * tick times are ms, so a round's instants and its ticks compare directly); pg returns BIGINT and
 * NUMERIC as strings.
 */
import type { ColumnType, Generated } from 'kysely';

type Big = ColumnType<string, number | string, number | string>;
type NullBig = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Numeric = ColumnType<string, string | undefined, string>;

export interface GameRoundsTable {
  id: Generated<number>;
  symbol: string;
  open_at: Big;
  lock_at: Big;
  close_at: Big;
  fee_rate: Numeric;
  status: ColumnType<
    'open' | 'locked' | 'settled',
    'open' | 'locked' | 'settled' | undefined,
    'open' | 'locked' | 'settled'
  >;
  up_total: Numeric;
  down_total: Numeric;
  lock_price: Nullable<string>;
  lock_seq: NullBig;
  lock_ts: NullBig;
  close_price: Nullable<string>;
  close_seq: NullBig;
  close_ts: NullBig;
  outcome: Nullable<'up' | 'down' | 'refund'>;
  refund_reason: Nullable<string>;
  pool: Nullable<string>;
  fee: Nullable<string>;
  settled_at: Nullable<Date>;
}

export interface GameStakesTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  side: 'up' | 'down';
  amount: string;
  payout: Nullable<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface GameTables {
  game_rounds: GameRoundsTable;
  game_stakes: GameStakesTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends GameTables {}
}
