/**
 * Ads: an approved merchant buys or sells a coin for a fiat currency at a fixed price or at a
 * margin over the feed price, with a total, per-order limits in fiat, the payment kinds accepted,
 * a payment window of 15–60 minutes and terms. The list shows each ad's price now (core's formula)
 * and its merchant's figures. A sell ad holds its total in the merchant's frozen balance from the
 * moment it is posted (ledger, journaled against the ad); `remaining` is that escrow not yet in an
 * order: it falls when an order opens and comes back when one is cancelled or refunded (under the
 * ad's row lock, in the order's transaction); closing the ad returns it to the merchant.
 */
import Decimal from 'decimal.js';
import {
  adPrice,
  OTC_PAY_KINDS,
  OTC_RULES,
  validMargin,
  validWindow,
  type OtcAd,
  type OtcAdStatus,
  type OtcPayKind,
  type OtcSide,
} from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import { fundsCurrencies } from '../../funds/domain';
import { priceUsdt } from '../../../kernel/prices';
import { canon } from '../../../kernel/decimal';
import { freeze, unfreeze } from '../../../db/ledger';
import { inTransaction, type Trx } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { adRef, answered, coinAmount, fiatAmount, OTC_ACCOUNT, requireFiatRate, type OtcCtx } from './shared';
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
  /** the merchant's language, for the emails about this ad's orders */
  lang?: string;
}

function parseKinds(raw: string): OtcPayKind[] {
  const kinds = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!kinds.length || kinds.some((k) => !(OTC_PAY_KINDS as readonly string[]).includes(k)))
    throw new AppError('otc_pay_kinds_invalid');
  return kinds as OtcPayKind[];
}

export async function postAd(ctx: OtcCtx, userId: number, b: AdInput, key?: IdempotencyScope): Promise<OtcAd> {
  await requireApprovedMerchant(ctx.db, userId);
  const coins = await fundsCurrencies(ctx.db);
  if (!coins.some((c) => c.id === b.coin_id)) throw new AppError('param_error');
  await requireFiatRate(ctx.db, b.fiat);
  const kinds = parseKinds(b.pay_kinds);
  if (!validWindow(b.window_min))
    throw new AppError('otc_window_invalid', { min: OTC_RULES.windowMin, max: OTC_RULES.windowMax });
  let fixed: string | null = null;
  let margin: string | null = null;
  if (b.price_type === 'fixed') fixed = fiatAmount(b.fixed_price);
  else {
    margin = typeof b.margin === 'string' ? b.margin.trim() : typeof b.margin === 'number' ? String(b.margin) : '';
    if (!validMargin(margin))
      throw new AppError('otc_margin_invalid', { min: OTC_RULES.marginMin, max: OTC_RULES.marginMax });
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
  // a sell ad holds its whole total from the merchant's balance as it is posted (conditional: the
  // freeze refuses a short balance), in the transaction that creates it; its orders take from it
  const held = b.side === 'sell';
  return inTransaction(
    ctx.db,
    async (trx) => {
      const row = await trx
        .insertInto('otc_ads')
        .values({
          merchant_id: userId,
          side: b.side,
          coin_id: b.coin_id,
          fiat: b.fiat,
          price_type: b.price_type,
          fixed_price: fixed,
          margin,
          total,
          remaining: total,
          min_fiat: min,
          max_fiat: max,
          pay_kinds: JSON.stringify(kinds),
          window_min: b.window_min,
          terms: b.terms,
          held,
          lang: b.lang ?? 'en',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (held) {
        try {
          await freeze(trx, {
            userId,
            currencyId: b.coin_id,
            type: OTC_ACCOUNT,
            amount: total,
            reason: 'otc_ad_escrow',
            ref: adRef(row.id),
          });
        } catch (err) {
          if (err instanceof AppError && err.key === 'insufficient_balance')
            throw new AppError('otc_ad_balance', { total, coin: coins.find((c) => c.id === b.coin_id)!.name });
          throw err;
        }
      }
      return answered(trx, userId, (await adViews({ db: trx, prices: ctx.prices }, { id: row.id }))[0]);
    },
    { users: [userId], key },
  );
}

/** The merchant pauses, resumes or closes an ad of theirs; closing returns its unsold escrow. */
export async function setAdStatus(
  ctx: OtcCtx,
  userId: number,
  id: number,
  status: OtcAdStatus,
  key?: IdempotencyScope,
): Promise<OtcAd> {
  if (status === 'closed') {
    await closeAd(ctx, id, { merchantId: userId, by: 'merchant', reason: '', key });
    return (await adViews(ctx, { id }))[0];
  }
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

/**
 * Closes an ad (its merchant, or an operator taking it down): what is left of a held sell ad's
 * escrow goes back to the merchant, once (the ad row locked, its status checked, remaining set to
 * 0 in the same transaction). Its open orders go on; their escrow is already theirs.
 */
export async function closeAd(
  ctx: OtcCtx,
  id: number,
  by: {
    merchantId?: number;
    by: 'merchant' | 'operator';
    reason: string;
    onClosed?: (trx: Trx, ad: { merchant_id: number; returned: string }) => Promise<unknown>;
    /** the merchant's request's idempotency key */
    key?: IdempotencyScope;
  },
): Promise<void> {
  const pre = await ctx.db.selectFrom('otc_ads').select('merchant_id').where('id', '=', id).executeTakeFirst();
  if (!pre || (by.merchantId !== undefined && pre.merchant_id !== by.merchantId))
    throw new AppError('otc_ad_not_found');
  await inTransaction(
    ctx.db,
    async (trx) => {
      const ad = await trx
        .selectFrom('otc_ads')
        .select(['status', 'held', 'remaining', 'coin_id', 'merchant_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (ad.status === 'closed') throw new AppError('otc_ad_not_found');
      const returned = ad.held ? canon(ad.remaining) : '0';
      if (new Decimal(returned).gt(0))
        await unfreeze(trx, {
          userId: ad.merchant_id,
          currencyId: ad.coin_id,
          type: OTC_ACCOUNT,
          amount: returned,
          reason: 'otc_ad_close',
          ref: adRef(id),
        });
      await trx
        .updateTable('otc_ads')
        .set({
          status: 'closed',
          remaining: ad.held ? '0' : ad.remaining,
          closed_by: by.by,
          closed_reason: by.reason,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await by.onClosed?.(trx, { merchant_id: ad.merchant_id, returned });
    },
    { users: [pre.merchant_id], key: by.key },
  );
}

export type AdRow = Awaited<ReturnType<typeof adQuery>>[number];

function adQuery(
  db: Db,
  f: {
    id?: number;
    merchantId?: number;
    coinId?: number;
    fiat?: string;
    side?: OtcSide;
    online?: boolean;
    status?: OtcAdStatus;
  },
) {
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
  if (f.status !== undefined) q = q.where('a.status', '=', f.status);
  if (f.online)
    q = q.where('a.status', '=', 'online').where('m.status', '=', 'approved').where('a.remaining', '>', '0');
  return (f.status ? q.orderBy('a.id', 'desc') : q.orderBy('a.id')).limit(200).execute();
}

/** The price of an ad now, in its fiat (null while the feed has not priced a floating ad's coin). */
export async function priceNow(
  ctx: Pick<OtcCtx, 'db' | 'prices'>,
  ad: Pick<AdRow, 'price_type' | 'fixed_price' | 'margin' | 'fiat'> & { coin: string },
): Promise<{ price: string | null; rate: string }> {
  const rate = await requireFiatRate(ctx.db, ad.fiat);
  return {
    price: adPrice(
      { price_type: ad.price_type, fixed_price: ad.fixed_price, margin: ad.margin === null ? null : canon(ad.margin) },
      priceUsdt(ctx.prices, ad.coin),
      rate,
    ),
    rate,
  };
}

export async function adViews(ctx: Pick<OtcCtx, 'db' | 'prices'>, f: Parameters<typeof adQuery>[1]): Promise<OtcAd[]> {
  const rows = await adQuery(ctx.db, f);
  const stats = await statsOf(ctx.db, [...new Set(rows.map((r) => r.merchant_id))]);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      merchant_id: r.merchant_id,
      merchant: r.merchant,
      side: r.side,
      coin_id: r.coin_id,
      coin: r.coin,
      fiat: r.fiat,
      price_type: r.price_type,
      fixed_price: r.fixed_price === null ? null : canon(r.fixed_price),
      margin: r.margin === null ? null : canon(r.margin),
      price: (await priceNow(ctx, r)).price,
      total: canon(r.total),
      remaining: canon(r.remaining),
      min_fiat: canon(r.min_fiat),
      max_fiat: canon(r.max_fiat),
      pay_kinds: r.pay_kinds,
      window_min: r.window_min,
      terms: r.terms,
      status: r.status,
      stats: stats.get(r.merchant_id)!,
      held: r.held,
      closed_by: r.closed_by,
      closed_reason: r.closed_reason,
    })),
  );
}

/** The market: online ads of one coin, fiat and merchant side, best price for the taker first. */
export async function marketAds(ctx: OtcCtx, f: { coinId: number; fiat: string; side: OtcSide }): Promise<OtcAd[]> {
  const ads = (await adViews(ctx, { coinId: f.coinId, fiat: f.fiat, side: f.side, online: true })).filter(
    (a) => a.price !== null,
  );
  const dir = f.side === 'sell' ? 1 : -1; // taker buys from sell ads: cheapest first
  return ads.sort((a, b) => dir * new Decimal(a.price!).comparedTo(b.price!) || a.id - b.id);
}
