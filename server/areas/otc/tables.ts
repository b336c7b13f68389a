/**
 * Kysely interfaces of the OTC tables (migration 021_otc in this folder). NUMERIC columns are
 * decimal strings. They join the app's Database interface from here (declaration merging).
 */
import type { ColumnType, Generated } from 'kysely';
import type {
  OtcActor,
  OtcAdStatus,
  OtcEventKind,
  OtcMerchantStatus,
  OtcOrderStatus,
  OtcPayKind,
  OtcPriceType,
  OtcSide,
} from '../../../core';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Stamp = ColumnType<Date, Date | string, Date | string>;
type DefStamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type BigId = ColumnType<number, never, never>;

export interface PayMethodSnapshot {
  id: number;
  kind: OtcPayKind;
  name: string;
  account: string;
  bank: string;
}

export interface OtcTables {
  otc_merchants: {
    user_id: number;
    name: string;
    status: Defaulted<OtcMerchantStatus>;
    reason: Defaulted<string>;
    applied_at: DefStamp;
    reviewed_at: Nullable<Date>;
    reviewed_by: Nullable<number>;
  };
  otc_pay_methods: {
    id: Generated<number>;
    user_id: number;
    kind: OtcPayKind;
    name: string;
    account: string;
    bank: Defaulted<string>;
    removed: Defaulted<boolean>;
    created_at: DefStamp;
  };
  otc_ads: {
    id: Generated<number>;
    merchant_id: number;
    side: OtcSide;
    coin_id: number;
    fiat: string;
    price_type: OtcPriceType;
    fixed_price: Nullable<string>;
    margin: Nullable<string>;
    total: string;
    remaining: string;
    min_fiat: string;
    max_fiat: string;
    pay_kinds: Json<OtcPayKind[]>;
    window_min: number;
    terms: Defaulted<string>;
    status: Defaulted<OtcAdStatus>;
    created_at: DefStamp;
    updated_at: DefStamp;
    /** a sell ad holding its total in the merchant's frozen balance (migration 029) */
    held: Defaulted<boolean>;
    lang: Defaulted<string>;
    closed_by: Nullable<'merchant' | 'operator'>;
    closed_reason: Defaulted<string>;
  };
  otc_orders: {
    id: Generated<number>;
    ad_id: number;
    merchant_id: number;
    taker_id: number;
    buyer_id: number;
    seller_id: number;
    coin_id: number;
    fiat: string;
    fiat_rate: string;
    price: string;
    coin_amount: string;
    fiat_amount: string;
    status: Defaulted<OtcOrderStatus>;
    deadline: Stamp;
    pay_methods: Json<PayMethodSnapshot[]>;
    proof: Nullable<string>;
    appeal_by: Nullable<number>;
    appeal_reason: Defaulted<string>;
    resolution: Defaulted<string>;
    rating: Nullable<number>;
    quote_id: Nullable<string>;
    opened_at: Stamp;
    paid_at: Nullable<Date>;
    finished_at: Nullable<Date>;
    /** what the taker typed (null before migration 029) */
    unit: Nullable<'fiat' | 'coin'>;
    taker_lang: Defaulted<string>;
    merchant_lang: Defaulted<string>;
  };
  otc_order_events: {
    id: Generated<number>;
    order_id: number;
    kind: OtcEventKind;
    actor: OtcActor;
    actor_id: Nullable<number>;
    note: Defaulted<string>;
    created_at: Stamp;
  };
  otc_messages: {
    id: BigId;
    order_id: number;
    sender_id: Nullable<number>;
    body: Defaulted<string>;
    attachment: Nullable<string>;
    created_at: DefStamp;
  };
  otc_quotes: {
    id: string;
    user_id: number;
    ad_id: number;
    price: string;
    coin_amount: string;
    fiat_amount: string;
    expires_at: Stamp;
    order_id: Nullable<number>;
  };
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends OtcTables {}
}
