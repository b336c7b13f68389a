/**
 * Kysely interfaces of the funds area's tables (migrations 005_funds, 009_voucher_once,
 * 020_deposit_networks). NUMERIC = decimal strings. They join the app's Database from here
 * (declaration merging); 005_funds also made tables that are KYC's, security's and every area's.
 */
import type { ColumnType, Generated } from 'kysely';
import type { ReviewStatusColumn } from '../../db/tables';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Numeric = ColumnType<string, string | undefined, string>;

export interface FundsTables {
  wallet_addresses: {
    id: Generated<number>;
    user_id: number;
    currency_id: number;
    name: string;
    address: string;
    /** the network the address is on (migration 020) */
    network: Generated<string>;
    qrcode: string;
    created_at: CreatedAt;
    deleted_at: Nullable<Date>;
  };
  bank_cards: {
    id: Generated<number>;
    user_id: number;
    kind: 'domestic' | 'international';
    real_name: string;
    bank_account: string;
    bank_name: string;
    bank_network: string;
    bank_dizhi: string;
    phone: string;
    aba_number: Generated<string>;
    swift_code: Generated<string>;
    address: Generated<string>;
    updated_at: CreatedAt;
  };
  funds_currency_config: { currency_id: number; withdraw_min: Numeric; withdraw_fee: Numeric };
  /** the platform's receiving address and minimum deposit per coin and network (migration 020) */
  funds_deposit_networks: {
    currency_id: number;
    network: string;
    address: Generated<string>;
    min_deposit: Numeric;
    updated_at: Generated<Date>;
  };
  recharges: {
    id: Generated<number>;
    user_id: number;
    currency_id: number;
    amount: Numeric;
    network: Generated<string>;
    account: Generated<string>;
    voucher: string;
    /** the voucher upload's sha256, to find re-uploaded copies (migration 009) */
    voucher_sha256: Nullable<string>;
    /** shared its file with an earlier request before migration 009 (outside the one-use index) */
    legacy_shared_voucher: Generated<boolean>;
    status: ColumnType<ReviewStatusColumn, ReviewStatusColumn | undefined, ReviewStatusColumn>;
    reason: Generated<string>;
    created_at: CreatedAt;
    reviewed_at: Nullable<Date>;
    reviewed_by: Nullable<number>;
  };
  withdrawals: {
    id: Generated<number>;
    user_id: number;
    currency_id: number;
    amount: Numeric;
    fee: Numeric;
    received: Numeric;
    method: 'address' | 'bank' | 'bank_international';
    destination: string;
    /** the network of an address withdrawal (migration 020); '' for cards */
    network: Generated<string>;
    remark: Generated<string>;
    status: ColumnType<ReviewStatusColumn, ReviewStatusColumn | undefined, ReviewStatusColumn>;
    reason: Generated<string>;
    created_at: CreatedAt;
    reviewed_at: Nullable<Date>;
    reviewed_by: Nullable<number>;
  };
  fund_transfers: {
    id: Generated<number>;
    user_id: number;
    currency_id: number;
    amount: Numeric;
    from_type: number;
    to_type: number;
    created_at: CreatedAt;
  };
  exchanges: {
    id: Generated<number>;
    user_id: number;
    from_currency_id: number;
    to_currency_id: number;
    amount: Numeric;
    from_price: Numeric;
    to_price: Numeric;
    rate: Numeric;
    fee: Numeric;
    received: Numeric;
    created_at: CreatedAt;
  };
  coupons: {
    id: Generated<number>;
    user_id: number;
    title: string;
    currency_id: number;
    amount: Numeric;
    min_spend: Numeric;
    used_at: Nullable<Date>;
    expires_at: Nullable<Date>;
    created_at: CreatedAt;
  };
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends FundsTables {}
}
