import type { FiatRate } from './profile';

/**
 * Account types and balances: the assets overview, one wallet's detail and the journal.
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

/** Account type names as sent in from_field / to_field (numbers 1..4 are accepted too). */
export const ACCOUNT_FIELDS = ['legal', 'change', 'lever', 'micro'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** Account type that recharges credit, withdrawals debit and coin exchange uses: 2 (change). */
export const FUNDS_ACCOUNT_TYPE = 2;

export interface BalanceRow {
  currency_id: number;
  currency: string;
  available: string;
  frozen: string;
  /** (available + frozen) in USDT at the feed's last price */
  usdt_value: string;
  /** the same in the user's fiat */
  fiat_value: string;
}

export interface AccountSummary {
  type: number;
  field: AccountField;
  total_usdt: string;
  total_fiat: string;
  balances: BalanceRow[];
}

/** POST /wallet/list → assets overview (every crypto currency of every account type, zeros included) */
export interface AssetsOverview {
  fiat: FiatRate;
  total_usdt: string;
  total_fiat: string;
  accounts: AccountSummary[];
}

/** POST /wallet/detail {currency (id), type (1..4)} */
export interface WalletDetail extends BalanceRow {
  type: number;
  price_usdt: string;
  withdraw_min: string;
  withdraw_fee: string;
  recharge_enabled: boolean;
}

/** POST /wallet/legal_log {currency?, type?, page, limit} and GET /user/bill → Page<JournalEntry> */
export interface JournalEntry {
  id: number;
  currency_id: number;
  currency: string;
  type: number;
  delta_available: string;
  delta_frozen: string;
  available_after: string;
  frozen_after: string;
  /** machine reason, e.g. 'recharge', 'withdraw_freeze', 'transfer_out', 'exchange_in', 'adjust' */
  reason: string;
  ref_type: string | null;
  ref_id: string | null;
  created_at: string;
}
