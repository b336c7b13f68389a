/** Kysely interfaces of the funds area's tables (migration 005_funds). NUMERIC = decimal strings. */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Numeric = ColumnType<string, string | undefined, string>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

export type ReviewStatusColumn = 'pending' | 'approved' | 'rejected';
export type UploadPurpose = 'general' | 'avatar' | 'id_photo' | 'voucher' | 'wallet_qr';

export interface FundsTables {
  /** sha256: hex digest of the bytes (migration 009; null for files uploaded before it) */
  uploads: { name: string; user_id: Nullable<number>; purpose: ColumnType<UploadPurpose, UploadPurpose | undefined, UploadPurpose>; created_at: CreatedAt; sha256: Nullable<string> };
  user_prefs: { user_id: number; fiat: Generated<string>; lang: Generated<string>; credit_score: Generated<number>; rebate: Numeric };
  user_ga: { user_id: number; pending_secret: Nullable<string>; secret: Nullable<string>; bound_at: Nullable<Date>; last_step: ColumnType<string, string | number | undefined, string | number> };
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
  funds_deposit_networks: { currency_id: number; network: string; address: Generated<string>; min_deposit: Numeric; updated_at: Generated<Date> };
  level_limits: { level: number; withdraw_24h_btc: Numeric; fiat_order_usdt: Numeric };
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
  fund_transfers: { id: Generated<number>; user_id: number; currency_id: number; amount: Numeric; from_type: number; to_type: number; created_at: CreatedAt };
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
  notices: {
    id: Generated<number>;
    user_id: number;
    kind: string;
    title_key: string;
    body_key: string;
    params: Json;
    read_at: Nullable<Date>;
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
  operators: { id: Generated<number>; name: string; password_hash: string; status: Generated<number>; created_at: CreatedAt };
  operator_sessions: {
    id: Generated<number>;
    token_hash: string;
    operator_id: number;
    ip: Nullable<string>;
    created_at: CreatedAt;
    last_seen: CreatedAt;
    revoked_at: Nullable<Date>;
  };
  operator_actions: {
    id: Generated<number>;
    operator_id: number;
    action: string;
    target: Generated<string>;
    reason: string;
    detail: Json;
    created_at: CreatedAt;
  };
}
