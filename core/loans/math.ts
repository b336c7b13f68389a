/**
 * The crypto-loan arithmetic, one formula each. The server charges and liquidates by it, the market
 * worker shows the live LTV / liquidation price / buffer by it, the page previews a new loan by it.
 *
 * Rules (all amounts kept to LOAN_RULES.decimals = 8 places):
 * - interest for a span of time = principal × hourly rate × (ms ÷ 1 h), rounded UP to 8 places,
 *   charged once per span: the job charges each whole loan-hour, a repayment first charges the part
 *   of the hour elapsed since the last charge (prorated to the millisecond), so no time is charged twice;
 * - LTV = debt × 1 ÷ (collateral × collateral price), the collateral price quoted in the loan coin;
 *   limits are checked by cross-multiplying (debt ≤ level × collateral × price), never on a rounded ratio;
 * - a repayment pays accrued interest first, then principal;
 * - liquidation sells collateral worth debt + penalty (penalty = debt × rate, rounded up), the amount
 *   sold rounded DOWN so it never takes more than that; the rest goes back to the user.
 */
import Decimal from 'decimal.js';
import { LOAN_RULES, type LoanFigures, type LoanTerms } from '../types/loans';

import { ExactDecimal as Dec } from '../calc/exact';

/** NUMERIC(36,18) products need more than decimal.js' default 20 significant digits: ExactDecimal. */
type Dec = InstanceType<typeof Dec>;
const DP = LOAN_RULES.decimals;
const up = (d: Dec) => d.toDecimalPlaces(DP, Decimal.ROUND_UP);
const down = (d: Dec) => d.toDecimalPlaces(DP, Decimal.ROUND_DOWN);
const D = (v: Decimal.Value) => new Dec(v);

/** Interest on `principal` from `fromMs` to `toMs` (0 when the span is empty), rounded up to 8 places. */
export function interestBetween(principal: string, hourlyRate: string, fromMs: number, toMs: number): string {
  if (toMs <= fromMs) return '0';
  return up(
    D(principal)
      .times(hourlyRate)
      .times(toMs - fromMs)
      .div(LOAN_RULES.hourMs),
  ).toFixed();
}

/** End of loan-hour k (1-based) of a loan opened at `openedAtMs`. */
export function loanHourEnd(openedAtMs: number, k: number): number {
  return openedAtMs + k * LOAN_RULES.hourMs;
}

/** The loan-hours whose end is due at `nowMs` and not yet charged (interest accrued up to `accruedToMs`). */
export function dueLoanHours(openedAtMs: number, accruedToMs: number, nowMs: number): number[] {
  const first = Math.floor((accruedToMs - openedAtMs) / LOAN_RULES.hourMs) + 1;
  const last = Math.floor((nowMs - openedAtMs) / LOAN_RULES.hourMs);
  const out: number[] = [];
  for (let k = Math.max(1, first); k <= last; k++) out.push(k);
  return out;
}

export interface Owed {
  principal: string;
  /** accrued interest plus the interest since accrued_to */
  interest: string;
  /** the part of `interest` not yet charged (since accrued_to) */
  pending: string;
  total: string;
}

/** What the loan owes at `nowMs`. */
export function owedAt(
  loan: { principal: string; interest: string; hourly_rate: string; accrued_to: number },
  nowMs: number,
): Owed {
  const pending = interestBetween(loan.principal, loan.hourly_rate, loan.accrued_to, nowMs);
  const interest = D(loan.interest).plus(pending);
  return {
    principal: D(loan.principal).toFixed(),
    interest: interest.toFixed(),
    pending,
    total: interest.plus(loan.principal).toFixed(),
  };
}

/** LTV as a ratio, 8 places rounded up (for display and records; checks use ltvWithin). Null without a positive price or collateral. */
export function ltvOf(debt: string, collateral: string, price: string): string | null {
  const value = D(collateral).times(price);
  if (value.lte(0)) return null;
  return up(D(debt).div(value)).toFixed();
}

/** debt ≤ level × collateral × price, exactly. */
export function ltvWithin(debt: string, collateral: string, price: string, level: string): boolean {
  return D(debt).lte(D(level).times(collateral).times(price));
}

/** debt < level × collateral × price, exactly ("stays under"). */
export function ltvBelow(debt: string, collateral: string, price: string, level: string): boolean {
  return D(debt).lt(D(level).times(collateral).times(price));
}

/** The most one can borrow against `collateral` at `price` under the initial LTV (rounded down). */
export function maxBorrow(collateral: string, price: string, initialLtv: string): string {
  return down(D(collateral).times(price).times(initialLtv)).toFixed();
}

/** The least collateral that keeps `debt` at the initial LTV (rounded up). */
export function minCollateral(debt: string, price: string, initialLtv: string): string {
  const per = D(price).times(initialLtv);
  if (per.lte(0)) return '0';
  return up(D(debt).div(per)).toFixed();
}

/** The collateral price at which the LTV reaches the liquidation level (rounded up: liquidation is not later than shown). */
export function liquidationPriceOf(debt: string, collateral: string, liquidationLtv: string): string | null {
  const c = D(collateral).times(liquidationLtv);
  if (D(debt).lte(0) || c.lte(0)) return null;
  return up(D(debt).div(c)).toFixed();
}

/** The live figures of a loan at collateral price `price` (undefined before the feed priced it). */
export function loanFigures(
  loan: LoanTerms & { principal: string; interest: string; collateral: string; accrued_to: number },
  price: string | undefined,
  nowMs: number,
): LoanFigures {
  const debt = owedAt(loan, nowMs).total;
  const liq = liquidationPriceOf(debt, loan.collateral, loan.liquidation_ltv);
  if (price === undefined || !D(price).gt(0))
    return { debt, ltv: null, liquidation_price: liq, buffer: null, level: 'unknown' };
  const ltv = ltvOf(debt, loan.collateral, price);
  const buffer =
    liq === null ? null : Dec.max(0, D(price).minus(liq).div(price)).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed();
  const level = !ltvBelow(debt, loan.collateral, price, loan.liquidation_ltv)
    ? 'liquidation'
    : !ltvBelow(debt, loan.collateral, price, loan.margin_call_ltv)
      ? 'margin_call'
      : 'safe';
  return { debt, ltv, liquidation_price: liq, buffer, level };
}

export interface RepaySplit {
  interest_part: string;
  principal_part: string;
}

/** A repayment pays interest first, then principal. Null when it is more than owed. */
export function splitRepayment(amount: string, interest: string, principal: string): RepaySplit | null {
  const a = D(amount);
  if (a.gt(D(interest).plus(principal))) return null;
  const i = Dec.min(a, interest);
  return { interest_part: i.toFixed(), principal_part: a.minus(i).toFixed() };
}

export interface LiquidationSplit {
  debt: string;
  penalty: string;
  /** collateral sold at the price */
  sold: string;
  /** collateral given back to the user */
  returned: string;
  /** loan coin the sale recovered (sold × price) */
  recovered: string;
  /** debt + penalty not covered by the collateral (absorbed by the platform), ≥ 0 */
  shortfall: string;
}

/** Sells collateral worth debt + penalty at `price` (never more), returns the rest. */
export function liquidationSplit(
  debt: string,
  penaltyRate: string,
  collateral: string,
  price: string,
): LiquidationSplit {
  const penalty = up(D(debt).times(penaltyRate));
  const needed = D(debt).plus(penalty);
  const sold = Dec.min(D(collateral), down(needed.div(price)));
  const recovered = sold.times(price);
  return {
    debt: D(debt).toFixed(),
    penalty: penalty.toFixed(),
    sold: sold.toFixed(),
    returned: D(collateral).minus(sold).toFixed(),
    recovered: recovered.toFixed(),
    shortfall: Dec.max(0, needed.minus(recovered)).toFixed(),
  };
}

/**
 * Margin-call state step at a new LTV: 'notify' when it reaches the margin-call level and the user
 * was not told since the last crossing; 'rearm' once it is back below level − LOAN_RULES.rearmGap.
 */
export function marginCallStep(
  debt: string,
  collateral: string,
  price: string,
  marginCallLtv: string,
  called: boolean,
): 'notify' | 'rearm' | null {
  if (!called) return ltvBelow(debt, collateral, price, marginCallLtv) ? null : 'notify';
  return ltvBelow(debt, collateral, price, D(marginCallLtv).minus(LOAN_RULES.rearmGap).toFixed()) ? 'rearm' : null;
}

/** Levels that make sense: 0 < initial < margin call < liquidation < 1. */
export function validLevels(t: Pick<LoanTerms, 'initial_ltv' | 'margin_call_ltv' | 'liquidation_ltv'>): boolean {
  const [i, m, l] = [D(t.initial_ltv), D(t.margin_call_ltv), D(t.liquidation_ltv)];
  return i.gt(0) && i.lt(m) && m.lt(l) && l.lt(1);
}

/** A ratio as a percentage for display: '0.6543' → '65.43'. */
export function ltvPercent(ratio: string, places = 2): string {
  return D(ratio).times(100).toDecimalPlaces(places, Decimal.ROUND_UP).toFixed(places);
}
