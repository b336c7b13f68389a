/**
 * Contract of the account, security, identity and funds endpoints (server/http/routes/funds*,
 * server/admin). Request field names follow spec §7 where the spec names them; where it does
 * not, the name chosen is written here. Every money value is a decimal string. Every POST is
 * form-encoded; lists take `page` (from 1) and `limit` (default 10) and answer a Page.
 * Stable: fields are added, never renamed.
 */

/** A page of a list. */
export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
}

/** Account type names as sent in from_field / to_field (numbers 1..4 are accepted too). */
export const ACCOUNT_FIELDS = ['legal', 'change', 'lever', 'micro'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** Account type that recharges credit, withdrawals debit and coin exchange uses: 2 (change). */
export const FUNDS_ACCOUNT_TYPE = 2;

// ───────────────────────────── profile (settings pages) ─────────────────────────────

/** GET /user/profile — everything the settings and userInfo pages show. */
export interface Profile {
  id: number;
  account: string;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  nickname: string;
  /** file reference ("upload/…") or '' ; show it via avatar_url */
  head_portrait: string;
  /** URL to show the avatar (public), '' when none */
  avatar_url: string;
  signature: string;
  invite_code: string;
  invite_count: number;
  /** rebate earned from invitations, in USDT */
  rebate: string;
  credit_score: number;
  /** 0 none, 1 basic, 2 advanced, 3 VIP */
  level: number;
  level_name: KycLevelName;
  has_pay_password: boolean;
  ga_bound: boolean;
  fiat: FiatRate;
  lang: string;
  unread_notices: number;
}

/** POST /user/uploadHeadPortrait {head_portrait: file ref from /upload} → Profile */
export interface UploadHeadPortraitInput {
  head_portrait: string;
}

/**
 * POST /user/editNickname {nickname?, signature?} → Profile. Nickname 2–10, signature 2–30
 * characters, letters (any script's letters incl. Chinese), digits only.
 */
export interface EditNicknameInput {
  nickname?: string;
  signature?: string;
}

/** A fiat currency and its rate per 1 USD(T). */
export interface FiatRate {
  currency_code: string;
  /** units of this fiat per 1 USDT, e.g. CNY "7.2" */
  rate: string;
  symbol: string;
}

/** GET /user/fiats → FiatRate[] ; POST /user/fiat {currency_code} → FiatRate (saved as default) */
export interface SetFiatInput {
  currency_code: string;
}

/** POST /user/lang {lang} → ok(lang): the account's preferred language (notices are sent in it). */
export interface SetLangInput {
  lang: string;
}

/** GET /user/invite → the invite QR code page. */
export interface InviteInfo {
  invite_code: string;
  /** registration link carrying the code */
  link: string;
  /** PNG data URL of a QR code of `link` */
  qr: string;
  invite_count: number;
  rebate: string;
}

/** GET /user/notices {page, limit} → Page<Notice> ; POST /user/notices/read {id} (id 0 = all) */
export interface Notice {
  id: number;
  /** 'kyc' | 'recharge' | 'withdraw' | 'adjust' | 'security' | 'system' */
  kind: string;
  title: string;
  body: string;
  read: boolean;
  created_at: string;
}

/** GET /user/coupons {page, limit, status?} → Page<Coupon> */
export interface Coupon {
  id: number;
  title: string;
  currency: string;
  amount: string;
  /** minimum spend for the coupon to apply, '0' when none */
  min_spend: string;
  status: 'unused' | 'used' | 'expired';
  expires_at: string | null;
  created_at: string;
}

// ───────────────────────────── security ─────────────────────────────

/**
 * POST /safe/update_password {password, re_password, oldPasswd} — payment password.
 * Setting it the first time, oldPasswd is the LOGIN password; changing it, the old payment password.
 * Revokes the user's other sessions.
 */
export interface PayPasswordInput {
  password: string;
  re_password: string;
  oldPasswd: string;
}

/**
 * GET /user/getUseGa → GaSetup. When not bound a (pending) secret is created and shown; when bound
 * only {bound: true} with empty secret fields.
 */
export interface GaSetup {
  bound: boolean;
  /** base32 secret to type into an authenticator app */
  secret: string;
  /** otpauth://totp/… URI */
  otpauth_url: string;
  /** PNG data URL of a QR code of otpauth_url */
  qr: string;
}

/** POST /user/saveUserga {gasercert: 6-digit code from the app} → ok(message). Revokes other sessions. */
export interface SaveGaInput {
  gasercert: string;
}

/** POST /sms_send {area_code, mobile} → ok(message): sends a 6-digit code to the phone to bind. */
export interface SmsSendInput {
  area_code?: string;
  mobile: string;
}

/** POST /safe/mobile {mobile, code, area_code?} → ok(message). Revokes other sessions. */
export interface BindMobileInput {
  mobile: string;
  code: string;
  area_code?: string;
}

/** POST /safe/email_send {email} → ok(message): sends a 6-digit code to the email to bind. */
export interface EmailSendInput {
  email: string;
}

/** POST /safe/email {email, code} → ok(message). Revokes other sessions. */
export interface BindEmailInput {
  email: string;
  code: string;
}

// ───────────────────────────── identity verification ─────────────────────────────

export type KycState = 'none' | 'verifying' | 'verified' | 'failed';
export type KycLevelName = 'none' | 'basic' | 'advanced' | 'vip';
export const ID_TYPES = ['id_card', 'passport', 'driver_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** GET /real/state */
export interface RealState {
  /** 0 none, 1 basic, 2 advanced, 3 VIP */
  level: number;
  level_name: KycLevelName;
  /** state of the level-1 (identity) step */
  state1: KycState;
  /** state of the level-2 (photos) step */
  state2: KycState;
  /** the operator's reason when the newest submission failed */
  reason: string;
  id_type: IdType | '';
  name: string;
  /** masked, e.g. "1101********1234" */
  card_id: string;
  email_bound: boolean;
  phone_bound: boolean;
  /** verification is refused until both are bound */
  can_submit: boolean;
  limits: LevelLimits;
}

/** The limits of spec §6 at the user's level (what the server enforces). */
export interface LevelLimits {
  /** 24 h withdrawal limit in BTC-equivalent ('0' = withdrawals need verification) */
  withdraw_24h_btc: string;
  /** used in the last 24 h, BTC-equivalent at current prices */
  withdraw_24h_used_btc: string;
  /** max USDT per fiat trade order ('0' = not allowed) */
  fiat_order_usdt: string;
}

/**
 * POST /user/real — level 1: {real_type: 1, id_type, name, card_id};
 * level 2: {real_type: 2, front_pic, reverse_pic} (file refs from /upload). → RealState
 */
export interface RealInput {
  real_type: 1 | 2;
  id_type?: IdType;
  name?: string;
  card_id?: string;
  front_pic?: string;
  reverse_pic?: string;
}

// ───────────────────────────── addresses and cards ─────────────────────────────

/** POST /user/wallet/save {currency (id), name, address, qrcode (file ref)} → WalletAddress */
export interface WalletAddressInput {
  currency: number;
  name: string;
  address: string;
  qrcode: string;
}

/** GET /user/wallet/list {page, limit} → Page<WalletAddress> ; POST /user/wallet/del {id} */
export interface WalletAddress {
  id: number;
  currency_id: number;
  currency: string;
  name: string;
  address: string;
  qrcode: string;
  /** signed URL to show the QR image */
  qrcode_url: string;
  created_at: string;
}

/** POST /user/cash_save — domestic card; every field required. → BankCard */
export interface BankCardInput {
  real_name: string;
  bank_account: string;
  bank_name: string;
  bank_network: string;
  bank_dizhi: string;
  phone: string;
}

/** POST /user/cash_save_international — every field required. → BankCard */
export interface BankCardInternationalInput extends BankCardInput {
  aba_number: string;
  swift_code: string;
  /** cardholder address */
  address: string;
}

/** POST /user/cash_info and /user/cash_info_international → BankCard | null */
export interface BankCard {
  id: number;
  kind: 'domestic' | 'international';
  real_name: string;
  bank_account: string;
  bank_name: string;
  bank_network: string;
  bank_dizhi: string;
  phone: string;
  aba_number: string;
  swift_code: string;
  address: string;
  updated_at: string;
}

// ───────────────────────────── assets ─────────────────────────────

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

// ───────────────────────────── recharge ─────────────────────────────

/** POST /wallet/get_info {currency (id)} */
export interface RechargeInfo {
  currency_id: number;
  currency: string;
  networks: string[];
  recharge_enabled: boolean;
  withdraw_min: string;
  withdraw_fee: string;
  price_usdt: string;
}

/**
 * POST /wallet/get_in_address {currency (id), type? (network)} → DepositAddress. The platform's
 * receiving address; error "contact customer service before recharge" when none is configured.
 */
export interface DepositAddress {
  currency_id: number;
  currency: string;
  network: string;
  address: string;
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

// ───────────────────────────── withdraw ─────────────────────────────

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
 * POST /wallet/out → WithdrawEntry. Fields: currency (id), number (amount incl. fee), method
 * ('address' | 'bank' | 'bank_international', default 'address'), address (when method address:
 * the destination, or address_id of a saved one), pay_password, gasercert (when GA is bound),
 * remark. The amount is frozen until an operator reviews it. Unverified users get the 998 envelope.
 */
export interface WithdrawInput {
  currency: number;
  number: string;
  method?: 'address' | 'bank' | 'bank_international';
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
  remark: string;
  status: ReviewStatus;
  reason: string;
  created_at: string;
  reviewed_at: string | null;
}

// ───────────────────────────── transfer between accounts ─────────────────────────────

/** POST /wallet/change {currency_id, number, from_field, to_field} → TransferEntry */
export interface FundTransferInput {
  currency_id: number;
  number: string;
  from_field: AccountField | number;
  to_field: AccountField | number;
}

/** GET /wallet/hzhistory {page, limit} → Page<TransferEntry> */
export interface TransferEntry {
  id: number;
  currency_id: number;
  currency: string;
  number: string;
  from_field: AccountField;
  to_field: AccountField;
  created_at: string;
}

/** GET /currency/user_currency_list → UserCurrency[] : currencies with the user's balance per account type */
export interface UserCurrency {
  currency_id: number;
  currency: string;
  /** available per account field */
  available: Record<AccountField, string>;
}

// ───────────────────────────── coin exchange ─────────────────────────────

/** POST /user/getTransferList (from side) and /user/getTransferListBB (to side) → ExchangeCurrency[] */
export interface ExchangeCurrency {
  currency_id: number;
  currency: string;
  price_usdt: string;
  /** available in the change account */
  available: string;
}

/** POST /user/getTransferFee {from_currency_id, to_currency_id} → ExchangeQuote basis */
export interface ExchangeFee {
  from_currency_id: number;
  to_currency_id: number;
  from_price_usdt: string;
  to_price_usdt: string;
  /** units of `to` per 1 unit of `from`, before the fee */
  rate: string;
  /** fee as a fraction of the amount received, e.g. "0.002" */
  fee_rate: string;
}

/** POST /user/Transfer {number, from_currency_id, to_currency_id} → ExchangeEntry */
export interface ExchangeInput {
  number: string;
  from_currency_id: number;
  to_currency_id: number;
}

/** GET /user/exchange/list {page, limit} → Page<ExchangeEntry> */
export interface ExchangeEntry {
  id: number;
  from_currency_id: number;
  from_currency: string;
  to_currency_id: number;
  to_currency: string;
  /** amount of `from` spent */
  number: string;
  rate: string;
  /** fee in `to` */
  fee: string;
  /** amount of `to` credited */
  received: string;
  created_at: string;
}

// ───────────────────────────── uploads ─────────────────────────────

/**
 * GET /api/file/<name> where the reference is "upload/<name>". Avatars are public; other files
 * need the owner's Authorization header or a signed URL (the *_url fields, valid ~1 h); ID photos
 * are shown only to their owner and operators.
 */
export const FILE_ROUTE = '/api/file/';

// ───────────────────────────── back office (/admin/api/*) ─────────────────────────────

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
 * POST /admin/api/settings/currency {currency_id, withdraw_min, withdraw_fee, deposit_address, reason};
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
  currencies: { currency_id: number; currency: string; withdraw_min: string; withdraw_fee: string; deposit_address: string }[];
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
