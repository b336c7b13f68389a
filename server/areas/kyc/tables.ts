/**
 * Kysely interfaces of the KYC area's tables (migration 005_funds). NUMERIC = decimal strings.
 * They join the app's Database from here (declaration merging).
 */
import type { ColumnType, Generated } from 'kysely';
import type { ReviewStatusColumn } from '../../db/tables';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Numeric = ColumnType<string, string | undefined, string>;

export interface KycTables {
  kyc_submissions: {
    id: Generated<number>;
    user_id: number;
    real_type: number;
    id_type: Generated<string>;
    name: Generated<string>;
    card_id: Generated<string>;
    front_pic: Generated<string>;
    reverse_pic: Generated<string>;
    status: ColumnType<ReviewStatusColumn, ReviewStatusColumn | undefined, ReviewStatusColumn>;
    reason: Generated<string>;
    created_at: CreatedAt;
    reviewed_at: Nullable<Date>;
    reviewed_by: Nullable<number>;
  };
  level_limits: { level: number; withdraw_24h_btc: Numeric; fiat_order_usdt: Numeric };
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends KycTables {}
}
