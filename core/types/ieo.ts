/**
 * Contract of the IEO endpoints (/project*, /user/project/order; server/areas/products/routes/ieo.ts)
 * and the IEO back office (/admin/api/ieo/*; server/areas/products/admin-ieo.ts).
 * Conventions as in products.ts: decimal strings, rates as fractions, ISO-8601 times, form-encoded
 * POST bodies, paged lists answer Page<T> (./page). Stable: fields are added, never renamed.
 */
/** From the clock: before start_at warm-up, until end_at in progress, then finished. */
export type IeoStatus = 'warmup' | 'in_progress' | 'finished';

/** A currency a project accepts and the price of one token in it. */
export interface IeoPayCurrency {
  currency_id: number;
  currency_name: string;
  price: string;
}

export interface IeoProject {
  id: number;
  name: string;
  /** the token's symbol; its currency id is token_currency_id */
  symbol: string;
  token_currency_id: number;
  logo: string;
  /** issue price in the first pay currency (USDT) */
  issue_price: string;
  pay_currencies: IeoPayCurrency[];
  total_issuance: string;
  /** tokens applied for so far (can exceed total_issuance: oversubscribed → pro rata) */
  applied_amount: string;
  /** applied ÷ total issuance, a fraction, may exceed 1 (rounded down to 4 decimals) */
  progress: string;
  /** number of subscriptions (applied) and, once finished, of subscriptions allotted tokens (passed) */
  applied_count: number;
  passed_count: number;
  /** minimum / maximum tokens per subscription (max null = total_issuance) */
  min_amount: string;
  max_amount: string | null;
  /** lock period in days after listing (display) */
  lock_days: number;
  /** subscription cycle: start_at … end_at, cycle_days = whole days between them */
  start_at: string;
  end_at: string;
  cycle_days: number;
  listing_at: string;
  white_paper: string;
  website: string;
  status: IeoStatus;
  /** the allocation job has run (tokens credited, rest refunded) */
  finalised: boolean;
}

/**
 * The family's `time_status` (WIRE.md "Products"; their clients link to subscribe at 2 and show
 * "done" at 3): the one place our IeoStatus meets the code. 1 = not started yet.
 */
export const IEO_TIME_STATUS = { warmup: 1, in_progress: 2, finished: 3 } as const satisfies Record<IeoStatus, number>;
export type IeoTimeStatus = (typeof IEO_TIME_STATUS)[IeoStatus];

/**
 * A project on the wire (/project rows, /project/detail's `info`): the family's `time_status` and
 * `percentage` (applied ÷ issuance in percent, "37.5") in place of our `status` and `progress`
 * (a fraction). core/calc/ieo-wire.ts maps both ways; our app reads the wire and maps back.
 */
export type IeoWire<T extends IeoProject> = Omit<T, 'status' | 'progress'> & {
  time_status: IeoTimeStatus;
  percentage: string;
};
export type IeoProjectRow = IeoWire<IeoProject>;
type IeoProjectDetailRow = IeoWire<IeoProjectDetail>;
/** GET /project/detail {project_id} answers `{info}` (the clients read `message.info`) */
export interface IeoDetailAnswer {
  info: IeoProjectDetailRow;
}

/** GET /project/detail {project_id} → IeoProjectDetail */
export interface IeoProjectDetail extends IeoProject {
  description: string;
  /** the caller's total applied and allotted tokens in this project ('0' for guests) */
  my_applied: string;
  my_allotted: string;
}

/**
 * POST /project/order {project_id, amount, pay_currency, price} → IeoOrder.
 * amount = tokens applied for (≥ min_amount, ≤ max_amount, token decimals); pay_currency = a
 * currency id from pay_currencies; price = the price the page showed (must equal the current
 * one, else price_changed). Freezes amount × price of pay_currency in the change account
 * (insufficient_balance otherwise). Only while the project is in progress.
 * Accepts an Idempotency-Key header.
 */
export interface IeoOrderInput {
  project_id: number;
  amount: string;
  pay_currency: number;
  price: string;
}

/** pending: frozen, waiting for the end; passed: tokens allotted (maybe partly, rest refunded); failed: nothing allotted, all refunded */
type IeoOrderStatus = 'pending' | 'passed' | 'failed';

export interface IeoOrder {
  id: number;
  project_id: number;
  project_name: string;
  symbol: string;
  token_currency_id: number;
  amount: string;
  pay_currency_id: number;
  pay_currency_name: string;
  price: string;
  /** amount × price, frozen at subscription */
  pay_amount: string;
  status: IeoOrderStatus;
  created_at: string;
  /** set at finalisation */
  allotted: string | null;
  /** allotted × price taken from the frozen payment */
  cost: string | null;
  /** pay_amount − cost returned to available */
  refund: string | null;
  finalised_at: string | null;
}

/** GET /project/allocation {project_id} → a finalised project's allocation: every subscription's id and amount (no user) */
export interface IeoAllocation {
  project_id: number;
  /** the issuance allotted over */
  issuance: string;
  token_decimals: number;
  /** the sum applied that the server recorded when it allotted (null: not recorded) */
  applied: string | null;
  subscriptions: { id: number; amount: string }[];
}

/**
 * Back office (operator session): POST /admin/api/ieo/projects creates a project (and its token
 * currency when `symbol` is new); GET /admin/api/ieo/projects {page, limit} lists them with
 * counts; POST /admin/api/ieo/finalise {project_id} runs the allocation now for a finished project.
 */
export interface AdminIeoCreateInput {
  name: string;
  symbol: string;
  issue_price: string;
  total_issuance: string;
  /** currency ids accepted; default [USDT]. Each is priced at issue_price (USDT-pegged coins). */
  pay_currency_ids?: number[];
  min_amount?: string;
  max_amount?: string;
  lock_days: number;
  start_at: string;
  end_at: string;
  listing_at: string;
  white_paper?: string;
  website?: string;
  description?: string;
  logo?: string;
  /** decimals of the token (allocation rounds down to these), default 4 */
  token_decimals?: number;
  reason?: string;
}
