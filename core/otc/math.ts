/**
 * The P2P (OTC) arithmetic, one formula each; the server enforces by it and the pages preview by it.
 *
 * - a floating price = feed price (USDT) × fiat rate (fiat per USD) × (1 + margin %), rounded half-up
 *   to the cent; a fixed price is the merchant's;
 * - an order is fixed by its coin amount (the escrow): from a typed fiat amount the coin is rounded
 *   DOWN to 8 places (the buyer never receives more than paid for) and the fiat stays as typed; from
 *   a typed coin amount the fiat is rounded half-up to the cent;
 * - its bounds in fiat: the ad's per-order minimum and maximum, what is left of the ad, and the taker's
 *   identity-level limit per order (USDT, spec §6) at the fiat rate; the USDT value of a fiat amount
 *   is fiat ÷ rate, compared exactly, never on a rounded figure.
 */
import Decimal from 'decimal.js';
import { ExactDecimal as Dec } from '../calc/exact';
import { OTC_RULES, type OtcMerchantStats } from '../types/otc';

type Dec = InstanceType<typeof Dec>;
const D = (v: Decimal.Value) => new Dec(v);
const CD = OTC_RULES.coinDecimals;
const FD = OTC_RULES.fiatDecimals;

const NUMBER_RE = /^\d{1,18}(\.\d+)?$/;

/** A user-typed positive amount with at most `decimals` places, canonical; null when it is not one. */
export function parseOtcAmount(raw: unknown, decimals: number): string | null {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  if (!NUMBER_RE.test(s)) return null;
  const d = D(s);
  if (d.lte(0) || d.decimalPlaces() > decimals) return null;
  return d.toFixed();
}

/** A floating price in fiat per coin; null without a feed price. */
export function floatingPrice(feedUsdt: string | undefined, fiatRate: string, marginPct: string): string | null {
  if (!feedUsdt || !D(feedUsdt).gt(0) || !D(fiatRate).gt(0)) return null;
  const p = D(feedUsdt)
    .times(fiatRate)
    .times(D(100).plus(marginPct))
    .div(100)
    .toDecimalPlaces(FD, Decimal.ROUND_HALF_UP);
  return p.gt(0) ? p.toFixed() : null;
}

export function adPrice(
  ad: { price_type: 'fixed' | 'floating'; fixed_price: string | null; margin: string | null },
  feedUsdt: string | undefined,
  fiatRate: string,
): string | null {
  if (ad.price_type === 'fixed') return ad.fixed_price === null ? null : D(ad.fixed_price).toFixed();
  return floatingPrice(feedUsdt, fiatRate, ad.margin ?? '0');
}

/** The margin is a percentage in [−20, 20] with at most 2 places. */
export function validMargin(m: string): boolean {
  if (!/^-?\d{1,3}(\.\d{1,2})?$/.test(m)) return false;
  return D(m).gte(OTC_RULES.marginMin) && D(m).lte(OTC_RULES.marginMax);
}

export function validWindow(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= OTC_RULES.windowMin && minutes <= OTC_RULES.windowMax;
}

export const coinForFiat = (fiat: string, price: string): string =>
  D(fiat).div(price).toDecimalPlaces(CD, Decimal.ROUND_DOWN).toFixed();
export const fiatForCoin = (coin: string, price: string): string =>
  D(coin).times(price).toDecimalPlaces(FD, Decimal.ROUND_HALF_UP).toFixed();

/** The order's coin and fiat from what the taker typed. */
export function orderAmounts(price: string, unit: 'fiat' | 'coin', amount: string): { coin: string; fiat: string } {
  return unit === 'fiat'
    ? { coin: coinForFiat(amount, price), fiat: D(amount).toFixed() }
    : { coin: D(amount).toFixed(), fiat: fiatForCoin(amount, price) };
}

export interface OrderBoundsInput {
  min_fiat: string;
  max_fiat: string;
  remaining: string;
  price: string;
  /** the taker's per-order limit in USDT ('0' = none allowed) */
  level_limit_usdt: string;
  /** fiat per USD */
  fiat_rate: string;
}

export type OrderCheck = 'ok' | 'too_small' | 'below_min' | 'above_max' | 'above_remaining' | 'above_level';

/** The largest order in fiat the ad and the taker's level allow now (floored to the cent). */
export function maxOrderFiat(b: OrderBoundsInput): string {
  // typed fiat buys fiat ÷ price rounded DOWN to the coin's places, so every fiat strictly below
  // (remaining + one coin unit) × price still fits what is left: the largest such cent
  const unit = D(1).div(D(10).pow(CD));
  const edge = D(b.remaining).plus(unit).times(b.price);
  let byRemaining = edge.toDecimalPlaces(FD, Decimal.ROUND_DOWN);
  if (byRemaining.eq(edge)) byRemaining = byRemaining.minus(D(1).div(D(10).pow(FD)));
  const byLevel = D(b.level_limit_usdt).times(b.fiat_rate);
  return Dec.min(D(b.max_fiat), byRemaining, byLevel).toDecimalPlaces(FD, Decimal.ROUND_DOWN).toFixed();
}

/** Whether an order of `coin` for `fiat` fits the ad and the level; the first rule it breaks otherwise. */
export function checkOrder(o: { coin: string; fiat: string }, b: OrderBoundsInput): OrderCheck {
  if (!D(o.coin).gt(0) || !D(o.fiat).gt(0)) return 'too_small';
  if (D(o.fiat).lt(b.min_fiat)) return 'below_min';
  if (D(o.fiat).gt(b.max_fiat)) return 'above_max';
  if (D(o.coin).gt(b.remaining)) return 'above_remaining';
  // fiat ÷ rate ≤ limit  ⇔  fiat ≤ limit × rate (rate > 0)
  if (D(o.fiat).gt(D(b.level_limit_usdt).times(b.fiat_rate))) return 'above_level';
  return 'ok';
}

export const paymentDeadline = (openedMs: number, windowMin: number): number => openedMs + windowMin * 60_000;

/** A merchant's figures from their finished orders. */
export function merchantStats(
  rows: { status: string; release_s: number | null; rating: number | null }[],
): OtcMerchantStats {
  const finished = rows.filter((r) => r.status === 'released' || r.status === 'cancelled' || r.status === 'refunded');
  const completed = finished.filter((r) => r.status === 'released');
  const rel = completed.map((r) => r.release_s).filter((s): s is number => s !== null);
  const rated = rows.map((r) => r.rating).filter((x): x is number => x !== null);
  return {
    orders: rows.length,
    completed: completed.length,
    completion_rate: finished.length
      ? D(completed.length).div(finished.length).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed()
      : null,
    avg_release_s: rel.length ? Math.round(rel.reduce((a, b) => a + b, 0) / rel.length) : null,
    rating: rated.length
      ? D(rated.reduce((a, b) => a + b, 0))
          .div(rated.length)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          .toFixed()
      : null,
    ratings: rated.length,
  };
}

export interface QuoteCandidate extends OrderBoundsInput {
  id: number;
}

/**
 * Quick buy's choice: among the ads that can fill `fiat` whole, the best price for the taker — the
 * lowest when the taker buys, the highest when the taker sells; ties go to the older ad (lower id).
 */
export function bestAd<T extends QuoteCandidate>(
  ads: readonly T[],
  takerSide: 'buy' | 'sell',
  fiat: string,
): T | undefined {
  let best: T | undefined;
  for (const a of ads) {
    if (checkOrder(orderAmounts(a.price, 'fiat', fiat), a) !== 'ok') continue;
    if (!best) best = a;
    else {
      const c = D(a.price).comparedTo(best.price);
      if ((takerSide === 'buy' ? c < 0 : c > 0) || (c === 0 && a.id < best.id)) best = a;
    }
  }
  return best;
}
