/**
 * Order previews for the forms. The money formulas are core's (spotTradeAmounts, positionMargin,
 * openingFee); this file only feeds them what the form holds and answers "can the user afford it"
 * and "what is 100 %", searching with core rather than inverting a formula by hand.
 */
import {
  ExactDecimal,
  limitCrosses,
  openingFee,
  positionMargin,
  positionPnl,
  positionRoe,
  spotTradeAmounts,
  type ContractPosition,
  type SpotTradeAmounts,
  type SpotTradeSide,
} from '../../../../core';

const D = (v: string) => new ExactDecimal(v);
const positive = (v: string | null | undefined): v is string => !!v && /^\d+(\.\d+)?$/.test(v) && D(v).gt(0);

export function spotPreview(
  side: SpotTradeSide,
  price: string | null | undefined,
  amount: string,
  feeRate: string,
): SpotTradeAmounts | null {
  if (!positive(price) || !positive(amount)) return null;
  return spotTradeAmounts({ side, price, amount, feeRate });
}

/** a − b as a display string (balance after), or null if either is unknown. */
export function minus(a: string | null | undefined, b: string | null | undefined): string | null {
  if (a == null || b == null || a === '' || b === '') return null;
  return D(a).minus(D(b)).toFixed();
}

export function gt(a: string, b: string): boolean {
  return D(a).gt(D(b));
}

/** The price an order is expected to fill at: the market's for a market order or a limit that crosses it now (the server fills those at the market price), else the limit. */
export function expectedFill(
  kind: 'market' | 'limit',
  side: 'buy' | 'sell' | 'long' | 'short',
  limit: string,
  live: string | null,
): { price: string | null; crosses: boolean } {
  if (kind === 'market') return { price: live, crosses: false };
  const crosses = positive(limit) && positive(live) && limitCrosses(side, limit, live);
  return { price: crosses ? live : limit, crosses };
}

/** The base a quote amount buys at `price` after the fee, rounded down (before the book's estimate arrives). */
export function baseForQuote(quote: string, price: string | null, feeRate: string, decimals: number): string | null {
  if (!positive(quote) || !positive(price)) return null;
  return D(quote)
    .div(D(price).times(D(feeRate).plus(1)))
    .toDecimalPlaces(decimals, ExactDecimal.ROUND_DOWN)
    .toFixed();
}

const step = (decimals: number) => D('1').div(D('10').pow(decimals));

/**
 * The largest base amount (at most `decimals` places) whose buy cost — total + fee, by core —
 * fits in `available` quote. Starts from the plain quotient and steps down past fee rounding.
 */
export function maxSpotBuy(
  available: string | null | undefined,
  price: string | null | undefined,
  feeRate: string,
  decimals: number,
): string | null {
  if (!positive(available) || !positive(price)) return null;
  const rate = D(feeRate);
  let q = D(available)
    .div(D(price).times(rate.plus(1)))
    .toDecimalPlaces(decimals, ExactDecimal.ROUND_DOWN);
  const s = step(decimals);
  for (let i = 0; i < 5 && q.gt(0); i++) {
    if (D(spotTradeAmounts({ side: 'buy', price, amount: q.toFixed(), feeRate }).quoteIn).lte(D(available)))
      return q.toFixed();
    q = q.minus(s);
  }
  return q.gt(0) ? q.toFixed() : null;
}

export interface LeverPreview {
  margin: string;
  fee: string;
  /** margin + fee: what opening takes from the available balance */
  cost: string;
}

export function leverPreview(
  side: 'long' | 'short',
  price: string | null | undefined,
  lots: string,
  lotSize: string,
  multiple: number,
  feeRate: string,
): LeverPreview | null {
  if (!positive(price) || !positive(lots) || !positive(lotSize) || !(multiple > 0)) return null;
  const p: ContractPosition = { side, lots, lotSize, multiple: String(multiple), openPrice: price };
  const margin = positionMargin(p);
  const fee = openingFee(p, feeRate);
  return { margin, fee, cost: D(margin).plus(D(fee)).toFixed() };
}

/** The most lots (at `decimals` places, within maxLots) whose margin + fee fit in `available`. */
export function maxLots(
  available: string | null | undefined,
  price: string | null | undefined,
  lotSize: string,
  multiple: number,
  feeRate: string,
  decimals: number,
  maxAllowed: string,
): string | null {
  if (!positive(available) || !positive(price) || !positive(lotSize) || !(multiple > 0)) return null;
  const perLot = leverPreview('long', price, '1', lotSize, multiple, feeRate);
  if (!perLot) return null;
  let q = D(available).div(D(perLot.cost)).toDecimalPlaces(decimals, ExactDecimal.ROUND_DOWN);
  if (positive(maxAllowed) && q.gt(D(maxAllowed))) q = D(maxAllowed);
  const s = step(decimals);
  for (let i = 0; i < 5 && q.gt(0); i++) {
    const pv = leverPreview('long', price, q.toFixed(), lotSize, multiple, feeRate);
    if (pv && D(pv.cost).lte(D(available))) return q.toFixed();
    q = q.minus(s);
  }
  return q.gt(0) ? q.toFixed() : null;
}

/** What closing at a take-profit or stop-loss trigger would make (core's P&L and ROE), or null while the form is incomplete. */
export function triggerOutcome(
  side: 'long' | 'short',
  entry: string | null | undefined,
  trigger: string,
  lots: string,
  lotSize: string,
  multiple: number,
): { pnl: string; roe: string } | null {
  if (!positive(entry) || !positive(trigger) || !positive(lots) || !positive(lotSize) || !(multiple > 0)) return null;
  const p: ContractPosition = { side, lots, lotSize, multiple: String(multiple), openPrice: entry };
  return { pnl: positionPnl(p, trigger), roe: positionRoe(p, trigger) };
}
