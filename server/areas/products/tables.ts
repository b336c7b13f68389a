/** Kysely interfaces of the products area's tables (migration 006_products). NUMERIC = decimal strings. */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Numeric = ColumnType<string, string | undefined, string>;
type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;

export type DualTypeColumn = 'call' | 'put';
export type DualStatusColumn = 'purchased' | 'settling' | 'success' | 'fail';
export type LockKindColumn = 'lock' | 'defi' | 'cloud';
export type LockStatusColumn = 'in_progress' | 'redeemed';
export type IeoOrderStatusColumn = 'pending' | 'passed' | 'failed';

export interface ProductsTables {
  dual_products: {
    id: Generated<number>;
    seed_key: Nullable<string>;
    type: DualTypeColumn;
    currency_id: number;
    quote_id: number;
    per_price: string;
    apr: string;
    linked_price: string;
    days: number;
    maturity_at: Nullable<Date>;
    demo_maturity_seconds: Nullable<number>;
    total_shares: number;
    sold_shares: Generated<number>;
    min_num: Generated<number>;
    max_num: Nullable<number>;
    status: Generated<number>;
    sort: Generated<number>;
    created_at: CreatedAt;
  };
  dual_orders: {
    id: Generated<number>;
    user_id: number;
    product_id: number;
    type: DualTypeColumn;
    currency_id: number;
    quote_id: number;
    invest_currency_id: number;
    num: number;
    per_price: string;
    amount: string;
    apr: string;
    linked_price: string;
    days: number;
    status: ColumnType<DualStatusColumn, DualStatusColumn | undefined, DualStatusColumn>;
    maturity_at: Date;
    settle_price: NullableNumeric;
    /** the tick that settled it (migration 019); a null seq: the 1-minute candle closing at settle_ts */
    settle_symbol: Nullable<string>;
    settle_seq: ColumnType<string | number | null, number | null | undefined, number | null>;
    settle_ts: ColumnType<string | number | null, number | null | undefined, number | null>;
    settled_at: Nullable<Date>;
    payout_currency_id: Nullable<number>;
    payout_amount: NullableNumeric;
    fail_reason: Nullable<string>;
    created_at: CreatedAt;
  };
  lock_configs: {
    id: Generated<number>;
    seed_key: Nullable<string>;
    kind: LockKindColumn;
    name: string;
    /** the name per language (migration 025) */
    names: ColumnType<Record<string, string>, string | undefined, string>;
    currency_id: number;
    min_amount: string;
    max_amount: NullableNumeric;
    daily_rate_min: string;
    daily_rate_max: string;
    lock_days: number;
    dividend_time: string;
    penalty_ratio: string;
    status: Generated<number>;
    sort: Generated<number>;
    created_at: CreatedAt;
  };
  lock_orders: {
    id: Generated<number>;
    user_id: number;
    config_id: number;
    kind: LockKindColumn;
    name: string;
    currency_id: number;
    amount: string;
    daily_rate_min: string;
    daily_rate_max: string;
    lock_days: number;
    dividend_time: string;
    penalty_ratio: string;
    status: ColumnType<LockStatusColumn, LockStatusColumn | undefined, LockStatusColumn>;
    lock_at: Date;
    expire_at: Date;
    earned: Numeric;
    dividends_paid: Generated<number>;
    redeemed_at: Nullable<Date>;
    redeem_type: Nullable<'expired' | 'early'>;
    penalty: NullableNumeric;
    returned: NullableNumeric;
    created_at: CreatedAt;
  };
  lock_dividends: {
    order_id: number;
    day: number;
    rate: string;
    amount: string;
    due_at: Date;
    paid_at: CreatedAt;
  };
  ieo_projects: {
    id: Generated<number>;
    seed_key: Nullable<string>;
    name: string;
    symbol: string;
    token_currency_id: number;
    logo: Generated<string>;
    issue_price: string;
    total_issuance: string;
    min_amount: string;
    max_amount: NullableNumeric;
    token_decimals: Generated<number>;
    lock_days: Generated<number>;
    start_at: Date;
    end_at: Date;
    listing_at: Date;
    white_paper: Generated<string>;
    website: Generated<string>;
    description: Generated<string>;
    /** the description per language (migration 025) */
    descriptions: ColumnType<Record<string, string>, string | undefined, string>;
    finalised_at: Nullable<Date>;
    created_by: Nullable<number>;
    created_at: CreatedAt;
  };
  ieo_pay_currencies: {
    project_id: number;
    currency_id: number;
    price: string;
    sort: Generated<number>;
  };
  ieo_orders: {
    id: Generated<number>;
    user_id: number;
    project_id: number;
    amount: string;
    pay_currency_id: number;
    price: string;
    pay_amount: string;
    status: ColumnType<IeoOrderStatusColumn, IeoOrderStatusColumn | undefined, IeoOrderStatusColumn>;
    allotted: NullableNumeric;
    cost: NullableNumeric;
    refund: NullableNumeric;
    /** the pro-rata rule's inputs at finalisation (migration 019) */
    alloc_issuance: NullableNumeric;
    alloc_applied: NullableNumeric;
    finalised_at: Nullable<Date>;
    created_at: CreatedAt;
  };
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends ProductsTables {}
}
