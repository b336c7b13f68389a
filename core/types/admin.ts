import type { JournalEntry } from './assets';
import type { RechargeEntry, ReviewStatus, WithdrawEntry } from './deposits';
import type { FiatRate } from './profile';
import type { IdType } from './security';

/**
 * The back office (/admin/api/*): operators and their review queues.
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

/** POST /admin/api/login {name, password} → token (send as Authorization). GET /admin/api/me → Operator */
export interface Operator {
  id: number;
  name: string;
}

/** GET /admin/api/kyc {status?, page} → Page<AdminKycItem> ; POST /admin/api/kyc/review {id, approve: 1|0, reason} */
export interface AdminKycItem {
  id: number;
  user_id: number;
  account: string;
  real_type: 1 | 2;
  id_type: IdType | '';
  name: string;
  card_id: string;
  front_pic_url: string;
  reverse_pic_url: string;
  status: ReviewStatus;
  reason: string;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
}

/** GET /admin/api/recharges {status?, page} ; POST /admin/api/recharges/review {id, approve, reason} */
export interface AdminRechargeItem extends RechargeEntry {
  user_id: number;
  account_name: string;
  reviewed_by: string | null;
  /** ids of other recharge requests whose voucher is the same file or the same image bytes ([] = none) */
  duplicate_voucher_of: number[];
}

/** GET /admin/api/withdrawals {status?, page} ; POST /admin/api/withdrawals/review {id, approve, reason} */
export interface AdminWithdrawItem extends WithdrawEntry {
  user_id: number;
  account_name: string;
  reviewed_by: string | null;
}

/** GET /admin/api/users {q, page} → Page<AdminUserRow> ; GET /admin/api/users/detail {id} → AdminUserDetail */
export interface AdminUserRow {
  id: number;
  account: string;
  email: string | null;
  mobile: string | null;
  level: number;
  status: number;
  created_at: string;
}

export interface AdminUserDetail extends AdminUserRow {
  nickname: string;
  balances: { currency_id: number; currency: string; type: number; available: string; frozen: string }[];
  journal: JournalEntry[];
}

/** POST /admin/api/users/adjust {user_id, currency_id, type, amount (signed decimal), reason} → balances */
export interface AdminAdjustInput {
  user_id: number;
  currency_id: number;
  type: number;
  amount: string;
  reason: string;
}

/**
 * GET /admin/api/settings → AdminSettings. Changes, each with a mandatory reason:
 * POST /admin/api/settings {key: 'recharge_enabled'|'invite_required'|'wallet_gate'|'exchange_fee_rate', value, reason};
 * POST /admin/api/settings/currency {currency_id, withdraw_min, withdraw_fee, reason};
 * POST /admin/api/settings/deposit-network {currency_id, network, address, min_deposit, reason} (address '' withdraws it);
 * POST /admin/api/settings/limit {level, withdraw_24h_btc, fiat_order_usdt, reason};
 * POST /admin/api/settings/fiat {currency_code, rate, reason}.
 */
export interface AdminSettings {
  recharge_enabled: boolean;
  invite_required: boolean;
  wallet_gate: boolean;
  /** coin exchange fee rate */
  exchange_fee_rate: string;
  limits: { level: number; withdraw_24h_btc: string; fiat_order_usdt: string }[];
  currencies: { currency_id: number; currency: string; withdraw_min: string; withdraw_fee: string }[];
  /** the platform's receiving address and minimum deposit per coin and network */
  deposit_networks: { currency_id: number; currency: string; network: string; address: string; min_deposit: string }[];
  fiats: FiatRate[];
}

/** GET /admin/api/log {page} → Page<OperatorAction> */
export interface OperatorAction {
  id: number;
  operator: string;
  action: string;
  target: string;
  reason: string;
  detail: string;
  created_at: string;
}

/** A durable job's state in the queue: waiting for its time, being run, waiting to retry after a failure, or given up (done jobs leave the queue). */
export type AdminJobState = 'queued' | 'running' | 'retrying' | 'failed';
export const ADMIN_JOB_STATES: readonly AdminJobState[] = ['queued', 'running', 'retrying', 'failed'];

/** GET /admin/api/jobs {state?, page, limit} → Page<AdminJob>: failed first, then by run_at */
export interface AdminJob {
  id: number;
  task: string;
  /** the job key (one pending job per key), e.g. `otc.expire:42` */
  key: string | null;
  state: AdminJobState;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  /** ISO instant it runs (or runs again) at */
  run_at: string;
  created_at: string;
}
