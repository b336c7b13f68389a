/**
 * P2P (OTC) trading and quick buy: the wire shapes the server answers and the pages
 * read, and the rules' constants. Coin amounts are decimal strings to 8 places, fiat amounts and
 * prices to 2; a floating price's margin is a percentage over the feed price.
 */

export const OTC_RULES = {
  coinDecimals: 8,
  fiatDecimals: 2,
  /** the payment window a merchant may set, in minutes */
  windowMin: 15,
  windowMax: 60,
  /** unfinished (unpaid, paid or appealed) orders one user may have at once */
  maxOpenOrders: 3,
  /** a floating price's margin over the feed price, in percent */
  marginMin: '-20',
  marginMax: '20',
  /** how long a quick-buy quote holds */
  quoteTtlMs: 10_000,
  /** the P2P fee (takers and merchants pay none) */
  fee: '0',
} as const;

export const OTC_PAY_KINDS = ['bank', 'alipay', 'wechat', 'paypal', 'other'] as const;
export type OtcPayKind = (typeof OTC_PAY_KINDS)[number];

/** The merchant's side: 'sell' = the merchant sells the coin (users buy), 'buy' = the merchant buys it. */
export type OtcSide = 'buy' | 'sell';
export type OtcPriceType = 'fixed' | 'floating';
export type OtcAdStatus = 'online' | 'offline' | 'closed';
export type OtcMerchantStatus = 'pending' | 'approved' | 'rejected';
export type OtcOrderStatus = 'unpaid' | 'paid' | 'appeal' | 'released' | 'cancelled' | 'refunded';
export type OtcEventKind =
  | 'opened'
  | 'paid'
  | 'released'
  | 'cancelled'
  | 'timeout'
  | 'appeal'
  | 'resolved_release'
  | 'resolved_refund'
  | 'rated';
export type OtcActor = 'buyer' | 'seller' | 'system' | 'operator';

export const OTC_UNFINISHED: readonly OtcOrderStatus[] = ['unpaid', 'paid', 'appeal'];

export interface OtcPayMethod {
  id: number;
  kind: OtcPayKind;
  name: string;
  account: string;
  bank: string;
}

export interface OtcMerchantStats {
  orders: number;
  completed: number;
  /** completed ÷ finished, "0.9512" (null before any finished order) */
  completion_rate: string | null;
  /** mean seconds from "paid" to release, null before any */
  avg_release_s: number | null;
  rating: string | null;
  ratings: number;
}

export interface OtcMerchant {
  user_id: number;
  name: string;
  status: OtcMerchantStatus;
  reason: string;
  stats: OtcMerchantStats;
}

export interface OtcAd {
  id: number;
  merchant_id: number;
  merchant: string;
  side: OtcSide;
  coin_id: number;
  coin: string;
  fiat: string;
  price_type: OtcPriceType;
  fixed_price: string | null;
  margin: string | null;
  /** the price now, in fiat per coin (floating: from the feed; null while the feed has no price) */
  price: string | null;
  total: string;
  remaining: string;
  min_fiat: string;
  max_fiat: string;
  pay_kinds: OtcPayKind[];
  window_min: number;
  terms: string;
  status: OtcAdStatus;
  stats: OtcMerchantStats;
  /** a sell ad holding its total from the merchant's balance; `remaining` is that escrow not yet in an order */
  held: boolean;
  closed_by: 'merchant' | 'operator' | null;
  closed_reason: string;
}

export interface OtcEvent {
  id: number;
  kind: OtcEventKind;
  actor: OtcActor;
  note: string;
  at: number;
}

export interface OtcMessage {
  id: number;
  order_id: number;
  /** 'me', 'them' from the reader's side; 'system' for the server's lines */
  from: 'me' | 'them' | 'system';
  body: string;
  attachment_url: string;
  at: number;
}

export interface OtcOrder {
  id: number;
  ad_id: number;
  /** the reader's side of the trade */
  role: 'buyer' | 'seller';
  merchant: string;
  counterparty: string;
  coin: string;
  fiat: string;
  price: string;
  coin_amount: string;
  fiat_amount: string;
  status: OtcOrderStatus;
  /** payment deadline (ms), for an unpaid order */
  deadline: number;
  paid_at: number | null;
  finished_at: number | null;
  /** the seller's payment methods the buyer pays to */
  pay_methods: OtcPayMethod[];
  proof_url: string;
  appeal_reason: string;
  resolution: string;
  rating: number | null;
  can_rate: boolean;
  events: OtcEvent[];
}

export interface OtcQuote {
  id: string;
  ad_id: number;
  side: 'buy' | 'sell';
  coin: string;
  fiat: string;
  price: string;
  coin_amount: string;
  fiat_amount: string;
  fee: string;
  merchant: string;
  expires_at: number;
}

/** socket `otc` event on both parties' private rooms, after the change committed */
export interface OtcSocketEvent {
  order_id: number;
  what: 'order' | 'message';
}

// ───────────────────────────── back office (/admin/api/otc) ─────────────────────────────

export interface AdminOtcMerchant {
  user_id: number;
  name: string;
  status: OtcMerchantStatus;
  reason: string;
  applied_at: string;
  level: number;
  email: string | null;
  stats: OtcMerchantStats;
}

/** An order as the operator reads it (from the buyer's side), with both parties' ids. */
export interface AdminOtcOrder extends OtcOrder {
  buyer_id: number;
  seller_id: number;
  appeal_by: number | null;
}

/** One order's evidence: the order with its timeline and proof, and the chat ('buyer' / 'seller' / 'system'). */
export interface AdminOtcOrderDetail {
  order: OtcOrder;
  buyer_id: number;
  seller_id: number;
  appeal_by: number | null;
  chat: (Omit<OtcMessage, 'from'> & { from: 'buyer' | 'seller' | 'system' })[];
}
