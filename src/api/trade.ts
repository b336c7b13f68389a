/**
 * Trading calls (spec §7 "Market and trade"): spot /coin, leveraged contracts /lever, seconds
 * options /microtrade. Shapes come from core/types/trade.ts, the contract the server implements.
 * A second tap cannot trade twice: the forms disable submit while a call is pending; and every
 * call that moves money carries an idempotency key, so the client's own retry cannot either.
 */
import {
  fromPaginator,
  type LeverMyTradeAnswer,
  type Paginator,
  ACCOUNT_TYPES,
  CONSTANTS,
  type LeverBatchCloseResult,
  type LeverBatchType,
  type LeverDealAllResponse,
  type LeverDealResponse,
  type LeverMyTradeRequest,
  type LeverPosition,
  type LeverSetStopRequest,
  type LeverSubmitRequest,
  type PairTradeSettings,
  type SecondsConfig,
  type SecondsListRequest,
  type SecondsOrder,
  type SecondsPayableCurrency,
  type SecondsSubmitRequest,
  type SpotFill,
  type SpotListRequest,
  type SpotOrder,
  type SpotTradeRequest,
  type TradePage,
} from '../../core';
import { get, post, type CallOptions } from './client';

export type { TradePage };

const quiet: CallOptions = { quiet: true };
/** Orders and closes move money: sent with an idempotency key, so a retry cannot trade twice. */
const once: CallOptions = { idempotent: true };

/** Form values: drop undefined, keep strings exact. */
function form(o: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

// ── pair settings and balances ──

/** Trade settings of every pair (decimals, fee rates, lots, multiples); public. */
export function allPairSettings(): Promise<PairTradeSettings[]> {
  return get<PairTradeSettings[]>('/coin/settings', undefined, quiet);
}

export interface AccountBalance {
  currency_id: number;
  available: string;
  frozen: string;
}

/** Available and frozen of one currency in one account type (2 change for spot, 3 lever, 4 micro). */
export async function accountBalance(currency: number, type: number = ACCOUNT_TYPES.change): Promise<AccountBalance> {
  const m = await post<{ currency_id?: number; available?: string; frozen?: string }>(
    '/wallet/detail',
    { currency, type },
    quiet,
  );
  return { currency_id: m.currency_id ?? currency, available: m.available ?? '0', frozen: m.frozen ?? '0' };
}

// ── spot ──

export function spotTrade(req: SpotTradeRequest): Promise<SpotOrder> {
  return post<SpotOrder>('/coin/trade', form(req), once);
}

/** coin/list answers a plain array (the family's shape): a full page may have more after it. */
export async function spotList(req: SpotListRequest, opts: CallOptions = quiet): Promise<TradePage<SpotOrder>> {
  const limit = req.limit ?? CONSTANTS.pageSize;
  const page = req.page ?? 1;
  const list = await get<SpotOrder[]>('/coin/list', form({ ...req, limit }), opts);
  return { list, page, limit, total: (page - 1) * limit + list.length, has_more: list.length === limit };
}

export function spotCancel(id: number): Promise<SpotOrder> {
  return post<SpotOrder>('/coin/cancel', { id }, once);
}

/** The fills of one of the user's spot orders (its proof panel). */
export function spotFills(id: number): Promise<SpotFill[]> {
  return get<SpotFill[]>('/coin/fills', { id });
}

// ── leveraged contracts ──

export function leverDeal(currency_id: number, legal_id: number): Promise<LeverDealResponse> {
  return post<LeverDealResponse>('/lever/deal', { currency_id, legal_id }, quiet);
}

export function leverDealAll(page = 1): Promise<LeverDealAllResponse> {
  return post<LeverDealAllResponse>('/lever/dealall', { page }, quiet);
}

export function leverSubmit(req: LeverSubmitRequest): Promise<LeverPosition> {
  return post<LeverPosition>('/lever/submit', form(req), once);
}

export async function leverMyTrade(
  req: LeverMyTradeRequest,
  opts: CallOptions = quiet,
): Promise<TradePage<LeverPosition>> {
  return fromPaginator(
    (await post<LeverMyTradeAnswer>('/lever/my_trade', form({ limit: CONSTANTS.pageSize, ...req }), opts)).message,
  );
}

export function leverClose(id: number): Promise<LeverPosition> {
  return post<LeverPosition>('/lever/close', { id }, once);
}

export function leverSetStop(req: LeverSetStopRequest): Promise<LeverPosition> {
  // An empty string clears a level, so it must be sent, not dropped.
  return post<LeverPosition>('/lever/setstop', {
    id: req.id,
    target_profit_price: req.target_profit_price ?? '',
    stop_loss_price: req.stop_loss_price ?? '',
  });
}

export function leverBatchClose(type: LeverBatchType): Promise<LeverBatchCloseResult> {
  return post<LeverBatchCloseResult>('/lever/batch_close', { type }, once);
}

// ── seconds options ──

export function secondsPayable(): Promise<SecondsPayableCurrency[]> {
  return get<SecondsPayableCurrency[]>('/microtrade/payable_currencies', undefined, quiet);
}

export function secondsConfigs(): Promise<SecondsConfig[]> {
  return get<SecondsConfig[]>('/microtrade/seconds', undefined, quiet);
}

export function secondsSubmit(req: SecondsSubmitRequest): Promise<SecondsOrder> {
  return post<SecondsOrder>('/microtrade/submit', form(req), once);
}

export async function secondsList(
  req: SecondsListRequest,
  opts: CallOptions = quiet,
): Promise<TradePage<SecondsOrder>> {
  return fromPaginator(
    await get<Paginator<SecondsOrder>>('/microtrade/lists', form({ limit: CONSTANTS.secondsPageSize, ...req }), opts),
  );
}

export function secondsResult(id: number): Promise<SecondsOrder> {
  return get<SecondsOrder>('/microtrade/get_result', { id }, quiet);
}
