/**
 * Contract of the financial-product endpoints (server/http/routes/products.ts): dual invest
 * (/dual/*), lock-up mining incl. DeFi and cloud mining (/lh/*), IEO (/project*, /user/project/order)
 * and the IEO back office (/admin/api/ieo/*). Request field names follow spec §7.
 *
 * Conventions (same as core/types/page.ts and its siblings): every money value, price and rate is a decimal
 * string; rates are FRACTIONS ("0.365" = 36.5 %, "0.004" = 0.4 %); times are ISO-8601 strings
 * (UTC); POST bodies are form-encoded; lists take `page` (from 1) and `limit` (default 10) and
 * answer a Page. Balances used by every product live in account type 2 (change, FUNDS_ACCOUNT_TYPE).
 * Stable: fields are added, never renamed.
 */
// Lists answer Page<T> from ./page.

/** A currency as products show it. */
export interface ProductCurrency {
  currency_id: number;
  currency_name: string;
}

// ───────────────────────────── dual invest ─────────────────────────────

/**
 * call (default): invest the BASE coin (e.g. BTC), "sell high".
 * put: invest the QUOTE coin (USDT), "buy low".
 * Settlement is spec §9's one formula with factor = 1 + days × apr / 365:
 *  - settle price BELOW the linked price → paid in the base coin (BTC)
 *  - settle price AT OR ABOVE the linked price → paid in the quote coin (USDT)
 * call: amount (base) → base: amount × factor ; quote: amount × linked × factor
 * put:  amount (quote) → base: amount ÷ linked × factor ; quote: amount × factor
 *       (i.e. the same formula on the base-equivalent amount ÷ linked)
 * Payouts are rounded DOWN to 8 decimals.
 */
export const DUAL_TYPES = ['call', 'put'] as const;
export type DualType = (typeof DUAL_TYPES)[number];

/** GET /dual/index {currency_id?, type? (default call)} → DualProduct[] (open products first) */
export interface DualIndexQuery {
  /** base coin id (1 BTC, 2 ETH…); omitted = all coins */
  currency_id?: number;
  type?: DualType;
}

/** open: can be bought; sold_out: no shares left; closed: subscription ended (matured or disabled) */
export type DualProductStatus = 'open' | 'sold_out' | 'closed';

export interface DualProduct {
  id: number;
  type: DualType;
  /** the base coin (BTC…) — the "BTC" of spec §9 */
  currency_id: number;
  currency_name: string;
  /** the quote coin (USDT) — the "USDT" of spec §9 */
  quote_id: number;
  quote_name: string;
  /** the coin you pay with: base for call, quote for put */
  invest_currency_id: number;
  invest_currency_name: string;
  /** unit price of one share, in the invest currency (spec perPrice) */
  per_price: string;
  /** annual rate as a fraction */
  apr: string;
  /** apr × 100, for display ("36.5") */
  apr_percent: string;
  /** linked reference price in quote per base */
  linked_price: string;
  /** holding days used by the formula */
  days: number;
  /** when the product matures. For demo products: null (each order matures `demo_maturity_seconds` after purchase) */
  maturity_at: string | null;
  /** demo product: per-order maturity a few minutes after purchase, so a user can watch it settle */
  demo: boolean;
  demo_maturity_seconds: number | null;
  total_shares: number;
  sold_shares: number;
  remaining_shares: number;
  /** sold ÷ total as a fraction "0.35" (rounded down to 4 decimals) */
  progress: string;
  /** min/max shares per purchase (max null = only remaining shares limit) */
  min_num: number;
  max_num: number | null;
  status: DualProductStatus;
  /** the feed's last price of the pair now (quote per base), '' when none yet */
  current_price: string;
}

/** GET /dual/detail {id} → DualDetail */
export interface DualDetail extends DualProduct {
  /** payout of ONE share in each outcome (what the formula pays for per_price) */
  per_share_payout: {
    below: { currency_id: number; currency_name: string; amount: string };
    at_or_above: { currency_id: number; currency_name: string; amount: string };
  };
  /** the caller's available balance in the invest currency ('0' for guests) */
  available: string;
}

/**
 * POST /dual/buyDual {id, num} → DualOrder. `num` = shares, required, a positive integer,
 * ≤ remaining shares. The order's amount = num × per_price in the invest currency, debited from
 * the change account (insufficient_balance otherwise). Accepts an Idempotency-Key header.
 */
export interface BuyDualInput {
  id: number;
  num: number;
}

/** purchased → settling (job picked it at maturity) → success (paid) | fail (e.g. no price: refunded) */
export const DUAL_ORDER_STATUSES = ['purchased', 'settling', 'success', 'fail'] as const;
export type DualOrderStatus = (typeof DUAL_ORDER_STATUSES)[number];

export interface DualOrder {
  id: number;
  product_id: number;
  type: DualType;
  currency_id: number;
  currency_name: string;
  quote_id: number;
  quote_name: string;
  invest_currency_id: number;
  invest_currency_name: string;
  num: number;
  per_price: string;
  /** num × per_price, in the invest currency */
  amount: string;
  apr: string;
  linked_price: string;
  days: number;
  status: DualOrderStatus;
  created_at: string;
  maturity_at: string;
  /** the feed's price at the maturity instant (last tick at or before it) */
  settle_price: string | null;
  /** the settle tick's seq and time (ms); a null seq with a time: the 1-minute candle opening then */
  settle_seq: number | null;
  settle_ts: number | null;
  settled_at: string | null;
  payout_currency_id: number | null;
  payout_currency_name: string | null;
  payout_amount: string | null;
  /** reason key when status = fail (the amount was refunded) */
  fail_reason: string | null;
}

/** POST (or GET) /dual/dual_list {page, limit, status?} → Page<DualOrder> (newest first) */
export interface DualListQuery {
  page?: number;
  limit?: number;
  status?: DualOrderStatus;
}

// ───────────────────────────── lock-up mining (also DeFi / cloud mining) ─────────────────────────────

/** Which home entry a configuration belongs to: lock-up mining, DeFi mining, cloud mining. */
export const LOCK_KINDS = ['lock', 'defi', 'cloud'] as const;
export type LockKind = (typeof LOCK_KINDS)[number];

/** GET /lh/deposit/config {kind?} → LockConfig[] (kind omitted = all kinds) */
export interface LockConfigQuery {
  kind?: LockKind;
}

export interface LockConfig {
  id: number;
  kind: LockKind;
  name: string;
  currency_id: number;
  currency_name: string;
  /** minimum single amount */
  min_amount: string;
  /** maximum single amount, null = no limit */
  max_amount: string | null;
  /** daily yield range as fractions ("0.003"–"0.004"); each day's rate lies in it (lockDayRate in core) */
  daily_rate_min: string;
  daily_rate_max: string;
  /** lock period in days */
  lock_days: number;
  /** dividend time of day "HH:MM" in UTC: each day's dividend is paid at or after it */
  dividend_time: string;
  /** early-redemption penalty ratio per remaining day (fraction, "0.004") */
  penalty_ratio: string;
  /** the caller's available balance in currency ('0' for guests) */
  available: string;
}

/**
 * POST /lh/deposit {config_id, amount} → LockOrder. amount ≥ min_amount (≤ max_amount), at most
 * the currency's decimals; debited from the change account (insufficient_balance otherwise).
 * Accepts an Idempotency-Key header.
 */
export interface LockDepositInput {
  config_id: number;
  amount: string;
}

export const LOCK_ORDER_STATUSES = ['in_progress', 'redeemed'] as const;
export type LockOrderStatus = (typeof LOCK_ORDER_STATUSES)[number];

/**
 * GET /lh/deposit/order {page, limit, status?} → Page<LockOrder> (newest first).
 * status: 'in_progress' | 'redeemed' (also 1 = in progress, 2 = redeemed).
 */
export interface LockOrderQuery {
  page?: number;
  limit?: number;
  status?: LockOrderStatus | 1 | 2;
}

export interface LockOrder {
  id: number;
  config_id: number;
  kind: LockKind;
  name: string;
  currency_id: number;
  currency_name: string;
  amount: string;
  daily_rate_min: string;
  daily_rate_max: string;
  lock_days: number;
  dividend_time: string;
  penalty_ratio: string;
  status: LockOrderStatus;
  /** lock time (subscription) and expiry time */
  lock_at: string;
  expire_at: string;
  /** total dividends paid so far and how many daily dividends */
  earned: string;
  dividends_paid: number;
  /** whole days left until expiry (rounded up); 0 once expired */
  remaining_days: number;
  /** what cancelling NOW would cost (penalty) and return; '0' / amount when nothing is left */
  penalty_now: string;
  returned_now: string;
  redeemed_at: string | null;
  /** 'expired' = principal returned at expiry, 'early' = cancelled with a penalty */
  redeem_type: 'expired' | 'early' | null;
  penalty: string | null;
  returned: string | null;
}

/** One dividend line (GET /lh/deposit/dividends {id} → LockDividend[]). */
export interface LockDividend {
  /** 1-based day of the lock period */
  day: number;
  rate: string;
  amount: string;
  paid_at: string;
}

/** POST /lh/deposit/order/cancel {id} → LockOrder (redeemed early: penalty, returned set) */
export interface LockCancelInput {
  id: number;
}

// ───────────────────────────── IEO ─────────────────────────────

/** From the clock: before start_at warm-up, until end_at in progress, then finished. */
export const IEO_STATUSES = ['warmup', 'in_progress', 'finished'] as const;
export type IeoStatus = (typeof IEO_STATUSES)[number];

/** A currency a project accepts and the price of one token in it. */
export interface IeoPayCurrency {
  currency_id: number;
  currency_name: string;
  price: string;
}

/** GET /project {page, limit} → Page<IeoProject> (in progress, then warm-up, then finished) */
export interface IeoProjectQuery {
  page?: number;
  limit?: number;
}

export interface IeoProject {
  id: number;
  name: string;
  /** the token's symbol; its currency id is token_currency_id */
  symbol: string;
  token_currency_id: number;
  logo: string;
  /** issue price in the first pay currency (USDT) */
  issue_price: string;
  pay_currencies: IeoPayCurrency[];
  total_issuance: string;
  /** tokens applied for so far (can exceed total_issuance: oversubscribed → pro rata) */
  applied_amount: string;
  /** applied ÷ total issuance, a fraction, may exceed 1 (rounded down to 4 decimals) */
  progress: string;
  /** number of subscriptions (applied) and, once finished, of subscriptions allotted tokens (passed) */
  applied_count: number;
  passed_count: number;
  /** minimum / maximum tokens per subscription (max null = total_issuance) */
  min_amount: string;
  max_amount: string | null;
  /** lock period in days after listing (display) */
  lock_days: number;
  /** subscription cycle: start_at … end_at, cycle_days = whole days between them */
  start_at: string;
  end_at: string;
  cycle_days: number;
  listing_at: string;
  white_paper: string;
  website: string;
  status: IeoStatus;
  /** the allocation job has run (tokens credited, rest refunded) */
  finalised: boolean;
}

/** GET /project/detail {project_id} → IeoProjectDetail */
export interface IeoProjectDetail extends IeoProject {
  description: string;
  /** the caller's total applied and allotted tokens in this project ('0' for guests) */
  my_applied: string;
  my_allotted: string;
}

/**
 * POST /project/order {project_id, amount, pay_currency, price} → IeoOrder.
 * amount = tokens applied for (≥ min_amount, ≤ max_amount, token decimals); pay_currency = a
 * currency id from pay_currencies; price = the price the page showed (must equal the current
 * one, else price_changed). Freezes amount × price of pay_currency in the change account
 * (insufficient_balance otherwise). Only while the project is in progress.
 * Accepts an Idempotency-Key header.
 */
export interface IeoOrderInput {
  project_id: number;
  amount: string;
  pay_currency: number;
  price: string;
}

/** pending: frozen, waiting for the end; passed: tokens allotted (maybe partly, rest refunded); failed: nothing allotted, all refunded */
export const IEO_ORDER_STATUSES = ['pending', 'passed', 'failed'] as const;
export type IeoOrderStatus = (typeof IEO_ORDER_STATUSES)[number];

export interface IeoOrder {
  id: number;
  project_id: number;
  project_name: string;
  symbol: string;
  token_currency_id: number;
  amount: string;
  pay_currency_id: number;
  pay_currency_name: string;
  price: string;
  /** amount × price, frozen at subscription */
  pay_amount: string;
  status: IeoOrderStatus;
  created_at: string;
  /** set at finalisation */
  allotted: string | null;
  /** allotted × price taken from the frozen payment */
  cost: string | null;
  /** pay_amount − cost returned to available */
  refund: string | null;
  finalised_at: string | null;
}

/** GET /project/allocation {project_id} → a finalised project's allocation: every subscription's id and amount (no user) */
export interface IeoAllocation {
  project_id: number;
  /** the issuance allotted over */
  issuance: string;
  token_decimals: number;
  /** the sum applied that the server recorded when it allotted (null: not recorded) */
  applied: string | null;
  subscriptions: { id: number; amount: string }[];
}

/** GET /user/project/order {page, limit, project_id?} → Page<IeoOrder> (newest first) */
export interface IeoUserOrderQuery {
  page?: number;
  limit?: number;
  project_id?: number;
}

/**
 * Back office (operator session): POST /admin/api/ieo/projects creates a project (and its token
 * currency when `symbol` is new); GET /admin/api/ieo/projects {page, limit} lists them with
 * counts; POST /admin/api/ieo/finalise {project_id} runs the allocation now for a finished project.
 */
export interface AdminIeoCreateInput {
  name: string;
  symbol: string;
  issue_price: string;
  total_issuance: string;
  /** currency ids accepted; default [USDT]. Each is priced at issue_price (USDT-pegged coins). */
  pay_currency_ids?: number[];
  min_amount?: string;
  max_amount?: string;
  lock_days: number;
  start_at: string;
  end_at: string;
  listing_at: string;
  white_paper?: string;
  website?: string;
  description?: string;
  logo?: string;
  /** decimals of the token (allocation rounds down to these), default 4 */
  token_decimals?: number;
  reason?: string;
}
