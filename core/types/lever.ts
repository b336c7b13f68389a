/**
 * Leveraged-contract contracts (/lever), shared by server/ and src/: requests are form fields
 * (strings on the wire), answers the `message` of an ok envelope; money, prices and quantities are
 * decimal strings. Stable: fields are added, never renamed. Spot and the shared page/settings: trade.ts.
 */
import type { Paginator } from './page';
import type { PairTradeSettings, TradePage } from './trade';

export type LeverSide = 'long' | 'short';
export type LeverEntry = 'market' | 'limit';
/** entrusted: a limit entry waiting; position: open; closed; cancelled (an entrusted one withdrawn) */
export type LeverStatus = 'entrusted' | 'position' | 'closed' | 'cancelled';
/** why a position was closed (copy: a mirror closed because the trader closed) */
export type LeverCloseReason = 'user' | 'take_profit' | 'stop_loss' | 'liquidation' | 'batch' | 'copy';

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

/** POST /lever/setstop — empty string clears that level. */
export interface LeverSetStopRequest {
  id: number;
  target_profit_price?: string;
  stop_loss_price?: string;
}

/** POST /lever/batch_close — all, only longs, only shorts. */
export type LeverBatchType = 'all' | 'long' | 'short';
export interface LeverBatchCloseResult {
  closed: number;
  ids: number[];
}

/**
 * The family's codes for a position (WIRE.md "Contracts"): `type` 1 long / 2 short; `status` 0
 * entrusted (a limit entry waiting), 1 holding, 3 closed, 4 cancelled (their 2, "closing", never
 * occurs here: a close is one transaction); `order_type` 1 own, 2 copied from a trader. The server
 * maps its enums onto these in one place (server/areas/trade/domain/lever-view.ts).
 */
export const LEVER_TYPE = { long: 1, short: 2 } as const satisfies Record<LeverSide, number>;
export type LeverTypeCode = (typeof LEVER_TYPE)[LeverSide];
export const LEVER_STATUS = { entrusted: 0, position: 1, closed: 3, cancelled: 4 } as const satisfies Record<
  LeverStatus,
  number
>;
export type LeverStatusCode = (typeof LEVER_STATUS)[LeverStatus];
export const LEVER_ORDER_TYPE = { own: 1, copied: 2 } as const;
/** The words back from the codes (for i18n keys and core/calc's ContractPosition). */
export const leverSideOf = (code: LeverTypeCode): LeverSide => (code === LEVER_TYPE.long ? 'long' : 'short');
export const leverStatusOf = (code: LeverStatusCode): LeverStatus =>
  (Object.keys(LEVER_STATUS) as LeverStatus[]).find((k) => LEVER_STATUS[k] === code) ?? 'closed';
type LeverOrderType = (typeof LEVER_ORDER_TYPE)[keyof typeof LEVER_ORDER_TYPE];

/** A position or entrusted order in the family's names (WIRE.md), plus ours (after `price_type`). */
export interface LeverPosition {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  /** direction: 1 long, 2 short */
  type: LeverTypeCode;
  /** 0 entrusted, 1 holding, 3 closed, 4 cancelled */
  status: LeverStatusCode;
  /** lots */
  share: string;
  multiple: number;
  /** the open price (null while entrusted) */
  price: string | null;
  /** the feed's last price now (mark), or the close price once closed */
  update_price: string | null;
  /** margin */
  caution_money: string;
  /** opening fee (charged when the position opens) */
  trade_fee: string;
  /** total overnight fees charged so far */
  overnight_money: string;
  /** unrealised P&L while open, realised once closed */
  profits: string | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  /** 1 own, 2 copied from a trader (self-holding switches it to 1) */
  order_type: LeverOrderType;
  /** opened (or, while entrusted, placed) as "YYYY-MM-DD HH:MM:SS", UTC */
  transaction_time: string;
  /** entry type */
  price_type: LeverEntry;
  lot_size: string;
  /** the limit price asked for (entrusted), null for market entries */
  target_price: string | null;
  open_seq: number | null;
  /** a market entry: the venue book levels it walked, which priced it; null otherwise */
  open_walk: LeverEntryWalk | null;
  /** the account's risk rate (percent) while open; null otherwise */
  risk_rate: string | null;
  liquidation_price: string | null;
  close_price: string | null;
  close_seq: number | null;
  close_reason: LeverCloseReason | null;
  /** a loss beyond the account's balance, absorbed by the platform on a forced close (never charged) */
  uncovered_loss: string;
  /** a forced close: the risk rate (percent) and line that decided it, the available balance it was
   *  computed from, and the id shared by every position closed with it (the proof) */
  liq_risk_rate: string | null;
  liq_line: string | null;
  liq_available: string | null;
  liq_group: number | null;
  /** the other positions of the same forced close (history lists fill it; null elsewhere) */
  liq_peers: LeverProofPeer[] | null;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
}

/**
 * What priced a contract market entry: the venue levels walked, best first, at the book's
 * (epoch, seq) as `market_depth` published it, and the rule's parameters at that moment. The open
 * price is core's contractEntryVwap(levels, dp); no level lies beyond protectionCap(touch, protection).
 */
export interface LeverEntryWalk {
  book_epoch: number;
  book_seq: number;
  /** each level: its price, the quantity taken and the quantity it offered (null: a feed with no
   *  book, where the last price stands for unlimited liquidity and is the only level) */
  levels: { price: string; qty: string; avail: string | null }[];
  /** the pair's price decimals the VWAP was rounded to */
  dp: number;
  /** the pair's market protection (a fraction) */
  protection: string;
}

/** A position closed by the same forced close, as much of it as the risk-rate proof needs (the same names). */
interface LeverProofPeer {
  id: number;
  type: LeverTypeCode;
  share: string;
  lot_size: string;
  multiple: number;
  price: string;
  close_price: string;
  caution_money: string;
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
