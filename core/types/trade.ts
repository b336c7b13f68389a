/**
 * Trading contracts shared by server/ and src/: spot (/coin), the per-pair settings, the page shape
 * and the private-room events (leveraged contracts: the trade area's lever-*.ts; seconds options: seconds.ts).
 * Requests are form fields (strings on the wire); responses are the `message` of an ok envelope.
 * Money, prices and quantities are decimal strings; ids, seq and times (ms since the epoch) are numbers. Stable: fields are added, never renamed.
 */
import type { MarketClass } from './market';
import type { NftNoticeKind } from './nft';

/** A page of a list, the same shape as every other paged list of the API. */
export interface TradePage<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

// ───────────────────────────── pair trade settings ─────────────────────────────

/** Per-pair trading settings (stored in the database, seeded from the instrument catalogue). */
export interface PairTradeSettings {
  symbol: string; // "BTC/USDT"
  currency_id: number; // base currency id (the pair's id for match_id / currency_id fields)
  legal_id: number; // quote currency id (USDT)
  base: string; // "BTC"
  quote: string; // "USDT"
  market: MarketClass;
  price_decimals: number;
  qty_decimals: number;
  /** spot fee rate as a fraction of the notional ("0" for BTC/USDT, "0.001" = 0.1 %) */
  spot_fee_rate: string;
  /** smallest spot order quantity, in the base currency */
  spot_min_amount: string;
  /** contract size of one lot, in the base currency */
  lot_size: string;
  /** smallest lots step / decimals allowed in `share` */
  lots_decimals: number;
  min_lots: string;
  max_lots: string;
  /** leverage multiples the pair allows, ascending, e.g. [5, 10, 20, 50, 100] */
  multiples: number[];
  /** true when the pair allows high multiples (shown under "super leverage") */
  super_leverage: boolean;
  /** contract opening (and closing) fee rate as a fraction of the notional */
  lever_fee_rate: string;
  /** overnight fee rate per day as a fraction of the notional */
  overnight_rate: string;
  /** whether orders are accepted right now (stocks: market hours; see docs/rules.md) */
  trading_open: boolean;
  /** for stocks: the market-hours rule in words, e.g. "Mon–Fri 14:30–21:00 UTC" */
  trading_hours: string | null;
}

// ───────────────────────────── spot (/coin) ─────────────────────────────

export type SpotSide = 'buy' | 'sell';
export type SpotOrderKind = 'market' | 'limit';
/** open: new, nothing filled; partially_filled: some filled, the rest rests; filled; cancelled (its remainder, if partly filled) */
type SpotOrderStatus = 'open' | 'partially_filled' | 'filled' | 'cancelled';

/**
 * POST /coin/trade. `target_price` empty or absent = a market order; given = a limit order. A market
 * buy may give `quote_amount` (what it spends in the quote currency, fee included) instead of `amount`.
 */
export interface SpotTradeRequest {
  /** quantity in the base currency */
  amount?: string;
  quote_amount?: string;
  target_price?: string;
  currency_id: number;
  legal_id: number;
  type: SpotSide;
}

/** GET /coin/list. status: 'progress' = open orders, 'complete' = filled and cancelled (history). */
export interface SpotListRequest {
  currency_id?: number;
  legal_id?: number;
  status?: 'progress' | 'complete';
  page?: number;
  limit?: number;
}

export interface SpotOrder {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  side: SpotSide;
  kind: SpotOrderKind;
  status: SpotOrderStatus;
  /** base quantity */
  amount: string;
  /** base quantity filled so far */
  filled: string;
  /** the limit price, null for a market order */
  target_price: string | null;
  /** the volume-weighted price of its fills so far, null before the first */
  fill_price: string | null;
  /** quote amount of its fills (Σ price × qty), null before the first */
  total: string | null;
  /** fee in the quote currency, charged on the fill */
  fee: string;
  fee_rate: string;
  /** the book seq of its last fill (`depth:<symbol>` seq; the feed tick's seq on a feed without a book) */
  fill_seq: number | null;
  /** funds frozen while open: quote for a buy, base for a sell */
  frozen: string;
  created_at: number;
  filled_at: number | null;
  cancelled_at: number | null;
}

/** One level an order consumed (GET /coin/fills): what `npm run verify` recomputes the order from. */
export interface SpotFill {
  id: number;
  /** taker: it walked the book; maker: it rested and a venue tick crossed it */
  role: 'taker' | 'maker';
  price: string;
  qty: string;
  /** price × qty, in the quote */
  total: string;
  fee: string;
  /** the `depth:<symbol>` seq of the book it matched */
  book_seq: number;
  /** the stored venue tick that crossed a resting order into this fill (null for a taker fill) */
  tick: { price: string; seq: number; ts: number | null } | null;
  created_at: number;
}

// ───────────────────────────── user events (private socket room) ─────────────────────────────

/** `notice` event payload: a short message key + params the client shows as a toast. */
export interface TradeNotice {
  kind:
    | 'spot_filled'
    | 'lever_opened'
    | 'lever_closed'
    | 'lever_liquidated'
    | 'seconds_settled'
    | 'loan_margin_call'
    | 'loan_liquidated'
    /** P2P: the counterparty's step on an order, or the back office's decision (OtcNoticeKind) */
    | 'otc_order_opened'
    | 'otc_order_paid'
    | 'otc_order_released'
    | 'otc_appeal_opened'
    | 'otc_appeal_release'
    | 'otc_appeal_refund'
    | 'otc_order_timeout'
    /** NFT auctions: outbid, won, margin back */
    | NftNoticeKind;
  /** server message key (server/i18n) and its params */
  key: string;
  params: Record<string, string>;
  /** the message in English; the client may show it as-is or translate by key */
  text: string;
  /** for 'nft': the outbidding bid (nft_outbid), the won order (nft_auction_won), the refunded margin (nft_margin_refunded) — one toast each */
  ref: { type: 'spot' | 'lever' | 'seconds' | 'loan' | 'otc' | 'nft'; id: number };
}
/** `order` event: a SpotOrder; `position` event: a LeverPosition; `seconds` event: a SecondsOrder. */
export interface BalanceEvent {
  currency_id: number;
  type: number;
  available: string;
  frozen: string;
}
