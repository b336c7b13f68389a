/**
 * The security and identity-verification endpoints (pay password, GA, phone/email binding, KYC).
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

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

/** POST /safe/mobile {mobile, code, area_code?} → ok(message). Revokes other sessions. */
export interface BindMobileInput {
  mobile: string;
  code: string;
  area_code?: string;
}

/** POST /safe/email {email, code} → ok(message). Revokes other sessions. */
export interface BindEmailInput {
  email: string;
  code: string;
}

// identity verification

export type KycState = 'none' | 'verifying' | 'verified' | 'failed';
/** A step's state as the family's clients read it (WIRE.md "Account"): 0 none, 1 pending, 2 passed, 3 refused. */
export const KYC_REVIEW_STATUS = { none: 0, verifying: 1, verified: 2, failed: 3 } as const satisfies Record<
  KycState,
  number
>;
export type KycReviewStatus = (typeof KYC_REVIEW_STATUS)[KycState];
const KYC_STATE_OF = Object.fromEntries(Object.entries(KYC_REVIEW_STATUS).map(([k, v]) => [v, k])) as Record<
  KycReviewStatus,
  KycState
>;
/** The word for a review code (our app's labels are keyed by the word). */
export function kycStateOf(code: KycReviewStatus): KycState {
  return KYC_STATE_OF[code];
}
export type KycLevelName = 'none' | 'basic' | 'advanced' | 'vip';
export const ID_TYPES = ['id_card', 'passport', 'driver_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** GET /real/state */
export interface RealState {
  /** 0 none, 1 basic, 2 advanced, 3 VIP */
  level: number;
  level_name: KycLevelName;
  /** the level-1 (identity) step: 0 none, 1 pending, 2 passed, 3 refused */
  review_status: KycReviewStatus;
  /** the level-2 (photos) step, the same codes */
  advanced_review_status: KycReviewStatus;
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

/**
 * GET /user/sessions → DeviceSession[] (newest activity first): the caller's signed-in devices.
 * POST /user/sessions/end {id} ends one of them (not the current one: that is /user/logout).
 */
export interface DeviceSession {
  id: number;
  /** browser and system read from the User-Agent, e.g. "Chrome 120 · Android 14"; '' when unknown */
  device: string;
  /** 'mobile' | 'tablet' | 'desktop' — the icon to show */
  form: 'mobile' | 'tablet' | 'desktop';
  /** the sign-in address, masked (203.0.113.x): there is no geo database, and the full address is not needed */
  place: string;
  /** epoch ms */
  login_at: number;
  last_active_at: number;
  /** the session this request came with */
  current: boolean;
}
