/**
 * Contract of lock-up mining, DeFi and cloud mining (/lh/*; server/areas/products/routes/lockming.ts).
 * Conventions as in products.ts: decimal strings, rates as fractions, ISO-8601 times, form-encoded
 * POST bodies, paged lists answer Page<T> (./page). Stable: fields are added, never renamed.
 */
/** Which home entry a configuration belongs to: lock-up mining, DeFi mining, cloud mining. */
export const LOCK_KINDS = ['lock', 'defi', 'cloud'] as const;
export type LockKind = (typeof LOCK_KINDS)[number];

/** A lock-mining configuration as the domain and our pages hold it (rates as fractions). */
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

export const LOCK_ORDER_STATUSES = ['in_progress', 'redeemed'] as const;
export type LockOrderStatus = (typeof LOCK_ORDER_STATUSES)[number];

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

/**
 * A configuration as GET /lh/deposit/config answers it, in the family's names (WIRE.md "Products"):
 * `day` the lock period, `save_min` the smallest amount, `interest_rate` the daily rate in percent.
 * Ours beside them: our daily rate is a range, so `interest_rate` is its lower end and
 * `interest_rate_max` its upper end (both percent); `save_max` (null = no limit), the kind, name,
 * dividend time, penalty and the caller's available balance.
 */
export interface LockConfigRow {
  id: number;
  kind: LockKind;
  name: string;
  currency_id: number;
  currency_name: string;
  day: number;
  save_min: string;
  save_max: string | null;
  interest_rate: string;
  interest_rate_max: string;
  dividend_time: string;
  penalty_ratio: string;
  available: string;
}
