import type { AccountField } from './assets';

/**
 * Moving money inside the exchange: between account types, and coin exchange.
 * Request field names follow spec §7 where the spec names them; where it does not, the name
 * chosen is written here. Every money value is a decimal string; every POST is form-encoded; lists
 * take `page` (from 1) and `limit` (default 10) and answer a Page. Stable: fields are added, never renamed.
 */

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

// coin exchange

/** POST /user/getTransferList (from side) and /user/getTransferListBB (to side) → ExchangeCurrency[] */
export interface ExchangeCurrency {
  currency_id: number;
  currency: string;
  price_usdt: string;
  /** available in the change account */
  available: string;
}

/**
 * POST /user/getTransferFee {from_currency_id, to_currency_id} → ExchangeQuote basis, in the
 * family's names (WIRE.md, their spelling `form_price`): the USDT prices of both coins and the fee.
 */
export interface ExchangeFee {
  from_currency_id: number;
  to_currency_id: number;
  /** USDT price of `from` */
  form_price: string;
  /** USDT price of `to` */
  to_price: string;
  /** units of `to` per 1 unit of `from`, before the fee */
  rate: string;
  /** fee as a fraction of the amount received, e.g. "0.002" */
  fee: string;
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
