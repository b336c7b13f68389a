/**
 * Where a user's money can go out: withdrawal addresses and bank cards.
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

/**
 * POST /user/wallet/save {currency (id), name, address, qrcode (file ref), network?} → WalletAddress.
 * network: one of the coin's networks; when absent, the first the address's shape fits.
 */
export interface WalletAddressInput {
  currency: number;
  name: string;
  address: string;
  qrcode: string;
  network?: string;
}

/** GET /user/wallet/list {page, limit} → Page<WalletAddress> ; POST /user/wallet/del {id} */
export interface WalletAddress {
  id: number;
  currency_id: number;
  currency: string;
  name: string;
  address: string;
  network: string;
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
