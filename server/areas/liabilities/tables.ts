/**
 * Kysely interfaces of the liabilities tables (migration 042_liabilities in this folder). They join
 * the app's Database interface from here (declaration merging). Rows are never updated or deleted.
 */
import type { ColumnType, Generated } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** a coin as the snapshot stores it: the wire's symbol and decimals, and the ledger's currency id */
export interface StoredCoin {
  currencyId: number;
  symbol: string;
  decimals: number;
}

export interface LiabilitySnapshotsTable {
  id: Generated<number>;
  kind: 'daily' | 'operator' | 'start';
  day: Nullable<string>;
  operator_id: Nullable<number>;
  reason: ColumnType<string, string | undefined, string>;
  taken_at: ColumnType<Date, Date | string, Date | string>;
  /** BIGINT: read as a string */
  journal_id: ColumnType<string, string | number, string | number>;
  coins: ColumnType<StoredCoin[], string, string>;
  totals: string[];
  root_hash: string;
  leaf_count: number;
}

export interface LiabilityLeavesTable {
  snapshot_id: number;
  leaf_index: number;
  user_id: number;
  salt: string;
  hash: string;
  /** integer units per coin, in the snapshot's coin order */
  balances: string[];
}

export interface LiabilityBalancesTable {
  snapshot_id: number;
  user_id: number;
  currency_id: number;
  type: number;
  available: string;
  frozen: string;
}

export interface LiabilityTables {
  liability_snapshots: LiabilitySnapshotsTable;
  liability_leaves: LiabilityLeavesTable;
  liability_balances: LiabilityBalancesTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends LiabilityTables {}
}
