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

/** The domain's overview: every crypto currency of every account type, zeros included. */
export interface AssetsByAccount {
  fiat: FiatRate;
  total_usdt: string;
  total_fiat: string;
  accounts: AccountSummary[];
}

/**
 * One balance row of POST /wallet/list, in the family's names (WIRE.md "Funds"): `currency` is the
 * currency id, `<acct>_balance` the available and `lock_<acct>_balance` the frozen amount;
 * `usdt_price` the feed's last price, ours added: `usdt_value`, `fiat_value` of (available + frozen).
 */
export type WalletListRow<F extends AccountField = AccountField> = {
  currency: number;
  currency_name: string;
  usdt_price: string;
  usdt_value: string;
  fiat_value: string;
} & { [K in `${F}_balance` | `lock_${F}_balance`]: string };

/** One account of POST /wallet/list: `usdt_totle` (their spelling) is its total in USDT. */
export interface WalletListAccount<F extends AccountField = AccountField> {
  usdt_totle: string;
  total_fiat: string;
  balance: WalletListRow<F>[];
}

/**
 * POST /wallet/list → `{change_wallet, lever_wallet, legal_wallet, micro_wallet}` as the family's
 * clients read it, plus ours: the user's fiat and the overall totals.
 */
export type AssetsOverview = { fiat: FiatRate; total_usdt: string; total_fiat: string } & {
  [F in AccountField as `${F}_wallet`]: WalletListAccount<F>;
};

/** POST /wallet/detail {currency (id), type (1..4)} */
export interface WalletDetail extends BalanceRow {
  type: number;
  price_usdt: string;
  withdraw_min: string;
  withdraw_fee: string;
  recharge_enabled: boolean;
}

/**
 * Kinds of balance change a user filters the journal by, each the journal reasons it covers (by
 * prefix: 'withdraw' covers withdraw, withdraw_freeze and withdraw_refund).
 */
export const JOURNAL_KINDS = {
  deposit: ['recharge'],
  withdraw: ['withdraw'],
  transfer: ['transfer_'],
  exchange: ['exchange_'],
  spot: ['spot_'],
  futures: ['lever_', 'liquidation'],
  options: ['seconds_'],
  earn: ['dual_', 'lock_', 'ieo_'],
  nft: ['nft_'],
} as const satisfies Record<string, readonly string[]>;
export type JournalKind = keyof typeof JOURNAL_KINDS;

/**
 * POST /wallet/legal_log {currency?, type?, kind? (JournalKind), from?, to? (ms, from inclusive,
 * to exclusive), page, limit} and GET /user/bill (the same filters) → Page<JournalEntry>
 */
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
