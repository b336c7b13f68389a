/**
 * Contract of the financial-product endpoints (server/areas/products/routes/): here dual invest
 * (/dual/*) and what the products share; lock-up mining incl. DeFi and cloud mining (/lh/*) in
 * lockup.ts, IEO (/project*, /user/project/order, /admin/api/ieo/*) in ieo.ts. Request field
 * names follow spec §7.
 *
 * Conventions (same as core/types/page.ts and its siblings): every money value, price and rate is a decimal
 * string; rates are FRACTIONS ("0.365" = 36.5 %, "0.004" = 0.4 %); times are ISO-8601 strings
 * (UTC); POST bodies are form-encoded; lists take `page` (from 1) and `limit` (default 10) and
 * answer a Page. Balances used by every product live in account type 2 (change, FUNDS_ACCOUNT_TYPE).
 * Stable: fields are added, never renamed.
 */
// Lists answer Page<T> from ./page.

// ───────────────────────────── dual invest ─────────────────────────────

/**
 * call (default): invest the BASE coin (e.g. BTC), "sell high".
 * put: invest the QUOTE coin (USDT), "buy low".
 * Settlement is spec §9's one formula with factor = 1 + days × apr / 365:
 *  - settle price BELOW the linked price → paid in the base coin (BTC)
 *  - settle price AT OR ABOVE the linked price → paid in the quote coin (USDT)
 * call: amount (base) → base: amount × factor ; quote: amount × linked × factor
 * put:  amount (quote) → base: amount ÷ linked × factor ; quote: amount × factor
 *       (i.e. the same formula on the base-equivalent amount ÷ linked)
 * Payouts are rounded DOWN to 8 decimals.
 */
export const DUAL_TYPES = ['call', 'put'] as const;
export type DualType = (typeof DUAL_TYPES)[number];

/** GET /dual/index {currency_id?, type? (default call)} → DualIndexAnswer (open products first) */
export interface DualIndexQuery {
  /** base coin id (1 BTC, 2 ETH…); omitted = all coins */
  currency_id?: number;
  type?: DualType;
}

/** the clients read `message.dual_currencys` (WIRE.md "Products"), each product in the family's names */
export interface DualIndexAnswer {
  dual_currencys: DualProductRow[];
}

/** open: can be bought; sold_out: no shares left; closed: subscription ended (matured or disabled) */
export type DualProductStatus = 'open' | 'sold_out' | 'closed';

export interface DualProduct {
  id: number;
  type: DualType;
  /** the base coin (BTC…) — the "BTC" of spec §9 */
  currency_id: number;
  currency_name: string;
  /** the quote coin (USDT) — the "USDT" of spec §9 */
  quote_id: number;
  quote_name: string;
  /** the coin you pay with: base for call, quote for put */
  invest_currency_id: number;
  invest_currency_name: string;
  /** unit price of one share, in the invest currency (spec perPrice) */
  per_price: string;
  /** annual rate as a fraction */
  apr: string;
  /** linked reference price in quote per base */
  linked_price: string;
  /** holding days used by the formula */
  days: number;
  /** when the product matures (the family's `end_time`, ISO-8601). For demo products: null (each order matures `demo_maturity_seconds` after purchase) */
  end_time: string | null;
  /** demo product: per-order maturity a few minutes after purchase, so a user can watch it settle */
  demo: boolean;
  demo_maturity_seconds: number | null;
  /** shares offered and sold (the family's names, WIRE.md "Products") */
  total_number: number;
  purchased_number: number;
  remaining_shares: number;
  /** sold ÷ total as a fraction "0.35" (rounded down to 4 decimals) */
  progress: string;
  /** min/max shares per purchase (max null = only remaining shares limit) */
  min_num: number;
  max_num: number | null;
  status: DualProductStatus;
  /** the feed's last price of the pair now (quote per base), '' when none yet */
  current_price: string;
}

/** the family's product `status` (one client reads `Number(status)`, 0 = not buyable): 1 on sale, 0 sold out or closed */
export const DUAL_PRODUCT_STATUS = { open: 1, sold_out: 0, closed: 0 } as const satisfies Record<
  DualProductStatus,
  number
>;
type DualProductWireStatus = (typeof DUAL_PRODUCT_STATUS)[DualProductStatus];

/**
 * A product on the wire (/dual/index rows, /dual/detail): the family's names in place of ours —
 * `rate` (annual, in percent: "36.5") for `apr` (a fraction), `exercise_price` for `linked_price`,
 * `remaining_number` for `remaining_shares`, a numeric `status` (DUAL_PRODUCT_STATUS) for our word —
 * plus the two they read that we do not keep: `name` and `start_time` (end_time − days, so
 * end_time − start_time is the holding period; null with end_time for a demo product).
 * core/calc/dual-wire.ts maps both ways; our app reads the wire and maps back.
 */
export type DualWire<T extends DualProduct> = Omit<T, 'apr' | 'linked_price' | 'remaining_shares' | 'status'> & {
  rate: string;
  exercise_price: string;
  remaining_number: number;
  status: DualProductWireStatus;
  name: string;
  start_time: string | null;
};
type DualProductRow = DualWire<DualProduct>;
export type DualDetailRow = DualWire<DualDetail>;

/** GET /dual/detail {id} → DualDetailRow (DualDetail in the family's names) */
export interface DualDetail extends DualProduct {
  /** payout of ONE share in each outcome (what the formula pays for per_price) */
  per_share_payout: {
    below: { currency_id: number; currency_name: string; amount: string };
    at_or_above: { currency_id: number; currency_name: string; amount: string };
  };
  /** the caller's available balance in the invest currency ('0' for guests) */
  available: string;
}

/** purchased → settling (job picked it at maturity) → success (paid) | fail (e.g. no price: refunded) */
export const DUAL_ORDER_STATUSES = ['purchased', 'settling', 'success', 'fail'] as const;
export type DualOrderStatus = (typeof DUAL_ORDER_STATUSES)[number];

export interface DualOrder {
  id: number;
  product_id: number;
  type: DualType;
  currency_id: number;
  currency_name: string;
  quote_id: number;
  quote_name: string;
  invest_currency_id: number;
  invest_currency_name: string;
  num: number;
  per_price: string;
  /** num × per_price, in the invest currency */
  amount: string;
  apr: string;
  linked_price: string;
  days: number;
  status: DualOrderStatus;
  created_at: string;
  maturity_at: string;
  /** the feed's price at the maturity instant (last tick at or before it) */
  settle_price: string | null;
  /** the settle tick's seq and time (ms); a null seq with a time: the 1-minute candle opening then */
  settle_seq: number | null;
  settle_ts: number | null;
  settled_at: string | null;
  payout_currency_id: number | null;
  payout_currency_name: string | null;
  payout_amount: string | null;
  /** reason key when status = fail (the amount was refunded) */
  fail_reason: string | null;
}

/** POST (or GET) /dual/dual_list {page, limit, status?} → Page<DualOrder> (newest first) */
export interface DualListQuery {
  page?: number;
  limit?: number;
  status?: DualOrderStatus;
}
