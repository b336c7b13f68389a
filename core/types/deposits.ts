import type { LevelLimits } from './security';

/**
 * Money in and out of the exchange: recharge (deposit) and withdrawal, each reviewed by an operator.
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

/** POST /wallet/get_info {currency (id)} */
export interface RechargeInfo {
  currency_id: number;
  currency: string;
  networks: string[];
  /** per network: its minimum deposit and whether the platform has published an address on it */
  deposit_networks: DepositNetwork[];
  recharge_enabled: boolean;
  /** the family's names (WIRE.md "Funds"): the change (coin) account's available balance, the
   *  minimum withdrawal and its flat fee */
  change_balance: string;
  min_number: string;
  rate: string;
  price_usdt: string;
}

interface DepositNetwork {
  network: string;
  /** deposits below it are not credited (a request below it is refused) */
  min_deposit: string;
  has_address: boolean;
}

/**
 * POST /wallet/get_in_address {currency (id), type? (network)} → DepositAddress. The platform's
 * receiving address on that network (one per coin and network, set in the back office); error
 * "contact customer service before recharge" when none is configured on it.
 */
export interface DepositAddress {
  currency_id: number;
  currency: string;
  network: string;
  address: string;
  min_deposit: string;
  /** PNG data URL of a QR code of address */
  qr: string;
}

/**
 * POST /wallet/charge_req {currency (id), amount, type? (network), account? (address paid to or
 * from), voucher (file ref of the payment voucher)} → RechargeEntry. Refused when recharge is off.
 */
export interface RechargeInput {
  currency: number;
  amount: string;
  type?: string;
  account?: string;
  voucher: string;
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** GET /recharge/log {page, limit} → Page<RechargeEntry> */
export interface RechargeEntry {
  id: number;
  currency_id: number;
  currency: string;
  amount: string;
  network: string;
  account: string;
  voucher: string;
  voucher_url: string;
  status: ReviewStatus;
  /** the operator's reason (always given on reject) */
  reason: string;
  created_at: string;
  reviewed_at: string | null;
}

// withdraw

/** GET /wallet/out_info {currency (id)} — everything the withdraw page previews. */
export interface WithdrawInfo {
  currency_id: number;
  currency: string;
  available: string;
  withdraw_min: string;
  withdraw_fee: string;
  has_pay_password: boolean;
  ga_bound: boolean;
  level: number;
  limits: LevelLimits;
  has_bank_card: boolean;
  has_bank_card_international: boolean;
}

/**
 * POST /wallet/out → WithdrawEntry. Fields: currency (id), number (amount incl. fee), type
 * ('address' | 'bank' | 'bank_international', or the family's 0 | 1 | 2; default 'address'), address (when method address:
 * the destination, or address_id of a saved one), pay_password, gasercert (when GA is bound),
 * remark. The amount is frozen until an operator reviews it. Unverified users get the 998 envelope.
 */
export interface WithdrawInput {
  currency: number;
  number: string;
  type?: 'address' | 'bank' | 'bank_international';
  address?: string;
  address_id?: number;
  pay_password: string;
  gasercert?: string;
  remark?: string;
}

/** GET /user/withdraw/list {page, limit} → Page<WithdrawEntry> */
export interface WithdrawEntry {
  id: number;
  currency_id: number;
  currency: string;
  /** total taken from the balance */
  number: string;
  fee: string;
  /** number − fee */
  received: string;
  method: 'address' | 'bank' | 'bank_international';
  /** destination address, or a masked card "bank name ****1234" */
  destination: string;
  /** the address's network ('' for cards) */
  network: string;
  remark: string;
  status: ReviewStatus;
  reason: string;
  created_at: string;
  reviewed_at: string | null;
}
