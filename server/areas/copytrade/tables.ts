/**
 * Kysely interfaces of the copy-trading tables (migration 007_copytrade). NUMERIC columns are
 * decimal strings; TIMESTAMPTZ columns are Dates. They join the app's Database interface from here
 * (declaration merging), so the area's tables live in the area's folder.
 */
import type { ColumnType, Generated } from 'kysely';
import type { PnlPoint } from '../../../core';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Numeric = ColumnType<string, string | undefined, string>;
type Count = ColumnType<number, number | undefined, number>;

export interface CopyTradersTable {
  user_id: number;
  nickname: string;
  introduction: ColumnType<string, string | undefined, string>;
  status: 'pending' | 'approved' | 'rejected';
  demo: Generated<boolean>;
  reason: Nullable<string>;
  reviewed_by: Nullable<number>;
  reviewed_at: Nullable<Date>;
  created_at: CreatedAt;
  total_profit: Numeric;
  accuracy: Numeric;
  follow_amount: Numeric;
  multiple: Count;
  follower_count: Count;
  closed_count: Count;
  win_count: Count;
  stats_at: Nullable<Date>;
  /** migration 035: ROI percent and the daily cumulative net P&L (core's traderPerformance) */
  roi: Numeric;
  pnl_curve: ColumnType<PnlPoint[], string | undefined, string>;
  /** seeded demo traders' introduction per language (migration 035) */
  introductions: ColumnType<Record<string, string>, string | undefined, string>;
}

export interface CopyFollowsTable {
  id: Generated<number>;
  follower_id: number;
  trader_id: number;
  /** 1 fixed multiple, 2 fixed lots */
  type: number;
  number: string;
  status: 'following' | 'cancelled';
  agreed_at: Date | string;
  created_at: CreatedAt;
  cancelled_at: Nullable<Date>;
}

export interface CopyTradesTable {
  id: Generated<number>;
  follow_id: number;
  follower_id: number;
  trader_id: number;
  trader_position_id: number;
  follower_position_id: Nullable<number>;
  status: 'open' | 'closed' | 'self_held' | 'skipped';
  skip_reason: Nullable<string>;
  lots: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  closed_at: Nullable<Date>;
}

export interface CopytradeTables {
  copy_traders: CopyTradersTable;
  copy_follows: CopyFollowsTable;
  copy_trades: CopyTradesTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends CopytradeTables {}
}
