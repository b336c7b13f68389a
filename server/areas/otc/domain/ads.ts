/**
 * Ads: an approved merchant buys or sells a coin for a fiat currency at a fixed price or at a
 * margin over the feed price, with a total, per-order limits in fiat, the payment kinds accepted,
 * a payment window of 15–60 minutes and terms. The list shows each ad's price now (core's formula)
 * and its merchant's figures. An ad's `remaining` falls when an order opens and comes back when one
 * is cancelled or refunded (under the ad's row lock, in the order's transaction).
 */
import Decimal from 'decimal.js';
import { adPrice, OTC_PAY_KINDS, OTC_RULES, validMargin, validWindow, type OtcAd, type OtcAdStatus, type OtcPayKind, type OtcSide } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import { fundsCurrencies } from '../../../domain/funds';
import { priceUsdt } from '../../../kernel/prices';
import { canon } from '../../../kernel/decimal';
import { coinAmount, fiatAmount, requireFiatRate, type OtcCtx } from './shared';
import { payMethods, requireApprovedMerchant, statsOf } from './merchants';

export interface AdInput {
  side: OtcSide;
  coin_id: number;
  fiat: string;
  price_type: 'fixed' | 'floating';
  fixed_price?: unknown;
  margin?: unknown;
  total?: unknown;
  min_fiat?: unknown;
  max_fiat?: unknown;
  pay_kinds: string;
  window_min: number;
  terms: string;
}

function parseKinds(raw: string): OtcPayKind[] {
  const kinds = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!kinds.length || kinds.some((k) => !(OTC_PAY_KINDS as readonly string[]).includes(k))) throw new AppError('otc_pay_kinds_invalid');
  return kinds as OtcPayKind[];
}

export async function postAd(ctx: OtcCtx, userId: number, b: AdInput): Promise<OtcAd> {
  await requireApprovedMerchant(ctx.db, userId);
  const coins = await fundsCurrencies(ctx.db);
  if (!coins.some((c) => c.id === b.coin_id)) throw new AppError('param_error');
  await requireFiatRate(ctx.db, b.fiat);
  const kinds = parseKinds(b.pay_kinds);
  if (!validWindow(b.window_min)) throw new AppError('otc_window_invalid', { min: OTC_RULES.windowMin, max: OTC_RULES.windowMax });
  let fixed: string | null = null;
  let margin: string | null = null;
  if (b.price_type === 'fixed') fixed = fiatAmount(b.fixed_price);
  else {
    margin = typeof b.margin === 'string' ? b.margin.trim() : typeof b.margin === 'number' ? String(b.margin) : '';
    if (!validMargin(margin)) throw new AppError('otc_margin_invalid', { min: OTC_RULES.marginMin, max: OTC_RULES.marginMax });
  }
  const total = coinAmount(b.total);
  const min = fiatAmount(b.min_fiat);
  const max = fiatAmount(b.max_fiat);
  if (new Decimal(min).gt(max)) throw new AppError('otc_limits_invalid');
  // a sell ad: buyers pay the merchant, so the merchant must have a method of each kind offered
  if (b.side === 'sell') {
    const mine = new Set((await payMethods(ctx.db, userId)).map((m) => m.kind));
    if (kinds.some((k) => !mine.has(k))) throw new AppError('otc_need_pay_method');
  }
  const row = await ctx.db
    .insertInto('otc_ads')
    .values({
      merchant_id: userId, side: b.side, coin_id: b.coin_id, fiat: b.fiat, price_type: b.price_type, fixed_price: fixed, margin, total, remaining: total,
      min_fiat: min, max_fiat: max, pay_kinds: JSON.stringify(kinds), window_min: b.window_min, terms: b.terms,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await adViews(ctx, { id: row.id }))[0];
}

export async function setAdStatus(ctx: OtcCtx, userId: number, id: number, status: OtcAdStatus): Promise<OtcAd> {
  const r = await ctx.db
    .updateTable('otc_ads')
    .set({ status, updated_at: new Date() })
    .where('id', '=', id)
    .where('merchant_id', '=', userId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) throw new AppError('otc_ad_not_found');
  return (await adViews(ctx, { id }))[0];
}

export type AdRow = Awaited<ReturnType<typeof adQuery>>[number];

function adQuery(db: Db, f: { id?: number; merchantId?: number; coinId?: number; fiat?: string; side?: OtcSide; online?: boolean }) {
  let q = db
    .selectFrom('otc_ads as a')
    .innerJoin('currencies as c', 'c.id', 'a.coin_id')
    .innerJoin('otc_merchants as m', 'm.user_id', 'a.merchant_id')
    .selectAll('a')
    .select(['c.name as coin', 'm.name as merchant']);
  if (f.id !== undefined) q = q.where('a.id', '=', f.id);
  if (f.merchantId !== undefined) q = q.where('a.merchant_id', '=', f.merchantId).where('a.status', '<>', 'closed');
  if (f.coinId !== undefined) q = q.where('a.coin_id', '=', f.coinId);
  if (f.fiat !== undefined) q = q.where('a.fiat', '=', f.fiat);
  if (f.side !== undefined) q = q.where('a.side', '=', f.side);
  if (f.online) q = q.where('a.status', '=', 'online').where('m.status', '=', 'approved').where('a.remaining', '>', '0');
  return q.orderBy('a.id').limit(200).execute();
}

/** The price of an ad now, in its fiat (null while the feed has not priced a floating ad's coin). */
export async function priceNow(ctx: Pick<OtcCtx, 'db' | 'prices'>, ad: Pick<AdRow, 'price_type' | 'fixed_price' | 'margin' | 'fiat'> & { coin: string }): Promise<{ price: string | null; rate: string }> {
  const rate = await requireFiatRate(ctx.db, ad.fiat);
  return { price: adPrice({ price_type: ad.price_type, fixed_price: ad.fixed_price, margin: ad.margin === null ? null : canon(ad.margin) }, priceUsdt(ctx.prices, ad.coin), rate), rate };
}

export async function adViews(ctx: Pick<OtcCtx, 'db' | 'prices'>, f: Parameters<typeof adQuery>[1]): Promise<OtcAd[]> {
  const rows = await adQuery(ctx.db, f);
  const stats = await statsOf(ctx.db, [...new Set(rows.map((r) => r.merchant_id))]);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id, merchant_id: r.merchant_id, merchant: r.merchant, side: r.side, coin_id: r.coin_id, coin: r.coin, fiat: r.fiat, price_type: r.price_type,
      fixed_price: r.fixed_price === null ? null : canon(r.fixed_price), margin: r.margin === null ? null : canon(r.margin), price: (await priceNow(ctx, r)).price,
      total: canon(r.total), remaining: canon(r.remaining), min_fiat: canon(r.min_fiat), max_fiat: canon(r.max_fiat), pay_kinds: r.pay_kinds, window_min: r.window_min,
      terms: r.terms, status: r.status, stats: stats.get(r.merchant_id)!,
    })),
  );
}

/** The market: online ads of one coin, fiat and merchant side, best price for the taker first. */
export async function marketAds(ctx: OtcCtx, f: { coinId: number; fiat: string; side: OtcSide }): Promise<OtcAd[]> {
  const ads = (await adViews(ctx, { coinId: f.coinId, fiat: f.fiat, side: f.side, online: true })).filter((a) => a.price !== null);
  const dir = f.side === 'sell' ? 1 : -1; // taker buys from sell ads: cheapest first
  return ads.sort((a, b) => dir * new Decimal(a.price!).comparedTo(b.price!) || a.id - b.id);
}
