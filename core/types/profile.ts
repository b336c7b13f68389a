import type { KycLevelName } from './security';

/**
 * The profile and settings endpoints (server/areas/accounts/profile-routes.ts, the settings pages).
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

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

/** A fiat currency and its rate per 1 USD(T). */
export interface FiatRate {
  currency_code: string;
  /** units of this fiat per 1 USDT, e.g. CNY "7.2" */
  rate: string;
  symbol: string;
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
