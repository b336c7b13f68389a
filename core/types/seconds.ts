/**
 * Seconds-option contracts (/microtrade), shared by server/ and src/: requests are form fields
 * (strings on the wire), answers the `message` of an ok envelope; stakes and prices are decimal
 * strings. Stable: fields are added, never renamed.
 */

export type SecondsType = 'up' | 'down';
export type SecondsStatus = 'pending' | 'settled';
type SecondsOutcome = 'win' | 'lose' | 'tie';

/**
 * The family's codes for seconds options (WIRE.md "Seconds options"): `type` 1 up / 2 down;
 * an order's `status` 1 open, 3 settled (the lists' filter uses the same numbers).
 */
export const SECONDS_TYPE = { up: 1, down: 2 } as const satisfies Record<SecondsType, number>;
export type SecondsTypeCode = (typeof SECONDS_TYPE)[SecondsType];
export const SECONDS_STATUS = { pending: 1, settled: 3 } as const satisfies Record<SecondsStatus, number>;
export type SecondsStatusCode = (typeof SECONDS_STATUS)[SecondsStatus];
export const secondsTypeOf = (code: SecondsTypeCode): SecondsType => (code === SECONDS_TYPE.up ? 'up' : 'down');
export const secondsStatusOf = (code: SecondsStatusCode): SecondsStatus =>
  code === SECONDS_STATUS.settled ? 'settled' : 'pending';

/** GET /microtrade/payable_currencies — stake currencies with the micro-account balance, the family's shape. */
export interface SecondsPayableCurrency {
  /** the currency id (sent back as microtrade/submit's currency_id) */
  id: number;
  name: string;
  user_wallet: {
    micro_balance: string;
    lock_micro_balance: string;
    /** the balance the clients show: the micro balance (there is no insurance balance here) */
    micro_with_insurance: string;
  };
}

/** GET /microtrade/seconds — one configuration. profit_ratio in percent (15 = 15 %), as the family reads it. */
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
  /** the pair, "BTC/USDT" */
  symbol_name: string;
  match_id: number;
  currency_id: number;
  currency: string;
  /** 1 up, 2 down */
  type: SecondsTypeCode;
  seconds: number;
  /** stake */
  number: string;
  /** percent (15 = 15 %) */
  profit_ratio: string;
  /** 1 open, 3 settled */
  status: SecondsStatusCode;
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
