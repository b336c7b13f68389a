/**
 * Quick buy: a quote from the best online ad that can fill the amount whole (core's bestAd: the
 * lowest price when the user buys, the highest when the user sells; the user's own ads and the
 * identity level's limit considered), stored with its price and amounts for OTC_RULES.quoteTtlMs.
 * Executing it opens a P2P order on that ad at the quoted price, once, before it expires.
 */
import { randomUUID } from 'node:crypto';
import { bestAd, orderAmounts, OTC_RULES, type OtcOrder, type OtcQuote } from '../../../../core';
import { AppError } from '../../../errors';
import { fiatOrderLimitUsdt } from '../../kyc/domain';
import { canon } from '../../../kernel/decimal';
import { fiatAmount, requireFiatRate, type OtcCtx } from './shared';
import { marketAds } from './ads';
import { openOrder } from './open-order';
import type { IdempotencyScope } from '../../../db/idempotency-scope';

export async function makeQuote(
  ctx: OtcCtx,
  userId: number,
  b: { side: 'buy' | 'sell'; coin_id: number; fiat: string; amount?: unknown },
): Promise<OtcQuote> {
  const fiat = fiatAmount(b.amount);
  const rate = await requireFiatRate(ctx.db, b.fiat);
  const limit = await fiatOrderLimitUsdt(ctx.db, userId);
  if (limit === '0') throw new AppError('need_real_name', undefined, '998');
  const ads = (
    await marketAds(ctx, { coinId: b.coin_id, fiat: b.fiat, side: b.side === 'buy' ? 'sell' : 'buy' })
  ).filter((a) => a.merchant_id !== userId);
  const best = bestAd(
    ads.map((a) => ({ ...a, price: a.price!, level_limit_usdt: limit, fiat_rate: rate })),
    b.side,
    fiat,
  );
  if (!best) throw new AppError('otc_quote_none');
  const amounts = orderAmounts(best.price, 'fiat', fiat);
  const id = randomUUID();
  const expires = ctx.now() + OTC_RULES.quoteTtlMs;
  await ctx.db
    .insertInto('otc_quotes')
    .values({
      id,
      user_id: userId,
      ad_id: best.id,
      price: best.price,
      coin_amount: amounts.coin,
      fiat_amount: amounts.fiat,
      expires_at: new Date(expires),
    })
    .execute();
  return {
    id,
    ad_id: best.id,
    side: b.side,
    coin: best.coin,
    fiat: b.fiat,
    price: best.price,
    coin_amount: amounts.coin,
    fiat_amount: amounts.fiat,
    fee: OTC_RULES.fee,
    merchant: best.merchant,
    expires_at: expires,
  };
}

export async function executeQuote(
  ctx: OtcCtx,
  userId: number,
  quoteId: string,
  lang = 'en',
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  const q = await ctx.db.selectFrom('otc_quotes').selectAll().where('id', '=', quoteId).executeTakeFirst();
  if (!q || q.user_id !== userId) throw new AppError('otc_quote_expired');
  return openOrder(
    ctx,
    userId,
    { ad_id: q.ad_id, unit: 'fiat', lang },
    { id: q.id, price: canon(q.price), coin: canon(q.coin_amount), fiat: canon(q.fiat_amount) },
    key,
  );
}
