/**
 * Trading contracts shared by server/ and src/: spot (/coin), leveraged contracts (/lever) and
 * seconds options (/microtrade). Requests are form fields (strings on the wire); responses are the
 * `message` of an ok envelope. Money, prices and quantities are decimal strings; ids, seq and
 * times (ms since the epoch) are numbers. Stable: fields are added, never renamed.
 */
import type { MarketClass } from './market';
import type { Paginator } from './page';

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
  /** whether orders are accepted right now (stocks: market hours; see README) */
  trading_open: boolean;
  /** for stocks: the market-hours rule in words, e.g. "Mon–Fri 14:30–21:00 UTC" */
  trading_hours: string | null;
}

// ───────────────────────────── spot (/coin) ─────────────────────────────

export type SpotSide = 'buy' | 'sell';
export type SpotOrderKind = 'market' | 'limit';
/** open: new, nothing filled; partially_filled: some filled, the rest rests; filled; cancelled (its remainder, if partly filled) */
export type SpotOrderStatus = 'open' | 'partially_filled' | 'filled' | 'cancelled';

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

/** POST /coin/cancel {id} — cancels an open limit order and unfreezes its funds. */
export interface SpotCancelRequest {
  id: number;
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

// ───────────────────────────── leveraged contracts (/lever) ─────────────────────────────

export type LeverSide = 'long' | 'short';
export type LeverEntry = 'market' | 'limit';
/** entrusted: a limit entry waiting; position: open; closed; cancelled (an entrusted one withdrawn) */
export type LeverStatus = 'entrusted' | 'position' | 'closed' | 'cancelled';
/** why a position was closed (copy: a mirror closed because the trader closed) */
export type LeverCloseReason = 'user' | 'take_profit' | 'stop_loss' | 'liquidation' | 'batch' | 'copy';

/** POST /lever/deal, /lever/dealall — the trade screen's data for one pair. */
export interface LeverDealRequest {
  currency_id: number;
  legal_id: number;
  page?: number;
}

/** POST /lever/submit */
export interface LeverSubmitRequest {
  currency_id: number;
  legal_id: number;
  type: LeverSide;
  /** market (fills at the feed's price) or limit (waits for target_price); the family sends 1 market / 0 limit */
  status: LeverEntry;
  target_price?: string;
  /** lots */
  share: string;
  /** one of the pair's allowed multiples */
  multiple: number;
  target_profit_price?: string;
  stop_loss_price?: string;
}

/** POST /lever/my_trade — status: which tab. */
export interface LeverMyTradeRequest {
  currency_id?: number;
  legal_id?: number;
  page?: number;
  limit?: number;
  status: 'entrusted' | 'position' | 'history';
}

/**
 * POST /lever/my_trade's answer, the family's shape (WIRE.md): the account's risk rate (percent,
 * null without open positions) and unrealised P&L, and the page of positions as a paginator.
 */
export interface LeverMyTradeAnswer {
  rate_profits_total: { hazard_rate: string | null; profits_total: string };
  message: Paginator<LeverPosition>;
}

/** POST /lever/close {id} — closes a position at market, or withdraws an entrusted order. */
export interface LeverCloseRequest {
  id: number;
}

/** POST /lever/setstop — empty string clears that level. */
export interface LeverSetStopRequest {
  id: number;
  target_profit_price?: string;
  stop_loss_price?: string;
}

/** POST /lever/batch_close — all, only longs, only shorts. */
export type LeverBatchType = 'all' | 'long' | 'short';
export interface LeverBatchCloseRequest {
  type: LeverBatchType;
}
export interface LeverBatchCloseResult {
  closed: number;
  ids: number[];
}

export interface LeverPosition {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  /** direction */
  side: LeverSide;
  /** entry type */
  price_type: LeverEntry;
  status: LeverStatus;
  lots: string;
  lot_size: string;
  multiple: number;
  /** the limit price asked for (entrusted), null for market entries */
  target_price: string | null;
  open_price: string | null;
  open_seq: number | null;
  /** the feed's last price now (or the close price once closed) */
  current_price: string | null;
  margin: string;
  /** opening fee (charged when the position opens) */
  fee: string;
  /** total overnight fees charged so far */
  overnight_fee: string;
  /** unrealised P&L while open, realised once closed */
  profit: string | null;
  /** the account's risk rate (percent) while open; null otherwise */
  risk_rate: string | null;
  liquidation_price: string | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  close_price: string | null;
  close_seq: number | null;
  close_reason: LeverCloseReason | null;
  /** a loss beyond the account's balance, absorbed by the platform on a forced close (never charged) */
  uncovered_loss: string;
  /** a forced close: the risk rate (percent) and line that decided it, the available balance it was
   *  computed from, and the id shared by every position closed with it (issue 20's proof) */
  liq_risk_rate: string | null;
  liq_line: string | null;
  liq_available: string | null;
  liq_group: number | null;
  /** the other positions of the same forced close (history lists fill it; null elsewhere) */
  liq_peers: LeverProofPeer[] | null;
  /** copied from a trader (copy trading); self-holding switches it to false */
  copied: boolean;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
}

/** A position closed by the same forced close, as much of it as the risk-rate proof needs. */
export interface LeverProofPeer {
  id: number;
  side: LeverSide;
  lots: string;
  lot_size: string;
  multiple: number;
  open_price: string;
  close_price: string;
  margin: string;
}

/** The lever account summary (account type 3, quote currency). */
export interface LeverAccountSummary {
  currency_id: number;
  /** available balance */
  balance: string;
  /** margin + opening fees frozen */
  frozen: string;
  /** available + the margin of the open positions: core/calc/contract.ts `balance` (what the worker prices with) */
  risk_balance: string;
  /** balance + frozen margin + unrealised P&L */
  equity: string;
  total_margin: string;
  unrealised_profit: string;
  /** percent, null without open positions */
  risk_rate: string | null;
  /** the forced-close line (percent) */
  liquidation_line: string;
}

/**
 * POST /lever/deal. The family's names (WIRE.md) for what its contract screen reads: `user_lever`
 * (available margin), `multiple` ({muit: allowed multiples, share: lot presets}, each `{value}`),
 * `my_transaction` (open positions and entrusted orders on this pair), `lever_share_limit`,
 * `last_price`, `ustd_price` (USDT in USD: 1), `ExRAte` (1: prices are in USDT), `lever_transaction`
 * (recent buys/sells: not kept, always empty); plus ours: the pair's settings, the account summary.
 */
export interface LeverDealResponse {
  settings: PairTradeSettings;
  last_price: string | null;
  last_seq: number | null;
  account: LeverAccountSummary;
  user_lever: string;
  multiple: { muit: { value: number }[]; share: { value: string }[] };
  lever_share_limit: { min: string; max: string };
  ustd_price: string;
  ExRAte: string;
  lever_transaction: { in: unknown[]; out: unknown[] };
  my_transaction: LeverPosition[];
}

export interface LeverDealAllResponse {
  account: LeverAccountSummary;
  /** every open position of the user (all pairs), paged */
  positions: TradePage<LeverPosition>;
}

// ───────────────────────────── seconds options (/microtrade) ─────────────────────────────

export type SecondsType = 'up' | 'down';
export type SecondsStatus = 'pending' | 'settled';
export type SecondsOutcome = 'win' | 'lose' | 'tie';

/** GET /microtrade/payable_currencies — stake currencies with the micro-account balance. */
export interface SecondsPayableCurrency {
  currency_id: number;
  name: string;
  balance: string;
  frozen: string;
}

/** GET /microtrade/seconds — one configuration. profit_ratio 0.85 = 85 %. */
export interface SecondsConfig {
  id: number;
  seconds: number;
  profit_ratio: string;
  min_amount: string;
  max_amount: string;
}

/** POST /microtrade/submit. match_id is the pair's currency_id (e.g. 1 for BTC/USDT). */
export interface SecondsSubmitRequest {
  match_id: number;
  /** the stake currency (a payable currency) */
  currency_id: number;
  type: SecondsType;
  seconds: number;
  number: string;
}

/** GET /microtrade/lists. status '' or absent = all. Page size 5. */
export interface SecondsListRequest {
  match_id?: number;
  status?: SecondsStatus | '';
  page?: number;
  limit?: number;
}

export interface SecondsOrder {
  id: number;
  symbol: string;
  match_id: number;
  currency_id: number;
  currency: string;
  type: SecondsType;
  seconds: number;
  /** stake */
  number: string;
  profit_ratio: string;
  status: SecondsStatus;
  /** the feed price and tick seq at submission (the family's name: open_price) */
  open_price: string;
  buy_seq: number;
  /** the buy tick's time (ms) */
  buy_ts: number;
  /** the last tick at or before expiry, null until settled */
  end_price: string | null;
  end_seq: number | null;
  end_ts: number | null;
  /** expiry time (ms) */
  expires_at: number;
  /** what a win would pay in profit (number × profit_ratio) */
  expected_profit: string;
  result: SecondsOutcome | null;
  /** amount credited back (0 on a loss), null until settled */
  payout: string | null;
  /** payout − stake, null until settled (the family's name) */
  fact_profits: string | null;
  created_at: number;
  /** when it was settled ("sell time"; the family's name) */
  handled_at: number | null;
  /** ms left until expiry when the answer was made; 0 once expired or settled */
  remain_milli_seconds: number;
}

// ───────────────────────────── user events (private socket room) ─────────────────────────────

/** `notice` event payload: a short message key + params the client shows as a toast. */
export interface TradeNotice {
  kind: 'spot_filled' | 'lever_opened' | 'lever_closed' | 'lever_liquidated' | 'seconds_settled' | 'loan_margin_call' | 'loan_liquidated';
  /** server message key (server/i18n) and its params */
  key: string;
  params: Record<string, string>;
  /** the message in English; the client may show it as-is or translate by key */
  text: string;
  ref: { type: 'spot' | 'lever' | 'seconds' | 'loan'; id: number };
}
/** `order` event: a SpotOrder; `position` event: a LeverPosition; `seconds` event: a SecondsOrder. */
export interface BalanceEvent {
  currency_id: number;
  type: number;
  available: string;
  frozen: string;
}
