/**
 * Opening an order on an ad: the checks both paths share, and the opening in one transaction (a
 * quick-buy quote's, or on a handle that is a transaction; a plain opening is an element of the
 * group commit, open-order.ts): the quote claimed, the ad locked and checked, the order priced and written, the
 * escrow frozen and the ad's remaining reduced, the payment timer, the timeline, the notices.
 */
import {
  checkOrder,
  maxOrderFiat,
  orderAmounts,
  paymentDeadline,
  OTC_RULES,
  OTC_UNFINISHED,
  type OtcOrder,
} from '../../../../core';
import { AppError } from '../../../errors';
import { inTransaction, type Trx } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import type { Db } from '../../../db/schema';
import { enqueueInTx, runAtFor } from '../../../db/jobs';
import { fiatOrderLimitUsdt } from '../../kyc/domain';
import { canon } from '../../../kernel/decimal';
import { sql } from 'kysely';
import {
  addEvent,
  answered,
  coinAmount,
  fiatAmount,
  OTC_EXPIRE_TASK,
  otcExpireKey,
  type OtcCtx,
  type OtcNote,
} from './shared';
import { noteOrder } from './notices';
import { freezeEscrow } from './escrow';
import { priceNow } from './ads';
import { payMethods } from './merchants';
import { orderView } from './views';

export interface OpenRequest {
  ad_id: number;
  unit: 'fiat' | 'coin';
  amount?: unknown;
  /** the taker's language (their notice emails) */
  lang?: string;
}

export interface QuoteHold {
  id: string;
  price: string;
  coin: string;
  fiat: string;
}

function refuseBounds(why: string, p: { min: string; max: string; limit: string; fiat: string }): never {
  switch (why) {
    case 'below_min':
      throw new AppError('otc_below_min', { min: p.min, fiat: p.fiat });
    case 'above_level':
      throw new AppError('otc_above_level', { limit: p.limit });
    case 'too_small':
      throw new AppError('otc_amount_invalid', { decimals: OTC_RULES.coinDecimals });
    default:
      throw new AppError('otc_above_max', { max: p.max, fiat: p.fiat });
  }
}

/** The checks before an opening's writes: the ad exists and is another's, the taker's level allows P2P, the amount parses. */
export async function preOpen(ctx: OtcCtx, takerId: number, r: OpenRequest, hold?: QuoteHold) {
  const pre = await ctx.db.selectFrom('otc_ads').select(['merchant_id']).where('id', '=', r.ad_id).executeTakeFirst();
  if (!pre) throw new AppError('otc_ad_unavailable');
  if (pre.merchant_id === takerId) throw new AppError('otc_own_ad');
  const limit = await fiatOrderLimitUsdt(ctx.db, takerId);
  if (limit === '0') throw new AppError('need_real_name', undefined, '998');
  const typed = hold ? null : r.unit === 'coin' ? coinAmount(r.amount) : fiatAmount(r.amount);
  return { merchantId: pre.merchant_id, limit, typed };
}

/** An opening in one transaction (a quote's; the path before the group commit, measured against it in bench/otc-tps.ts). */
export async function openInTransaction(
  ctx: OtcCtx,
  takerId: number,
  r: OpenRequest,
  hold?: QuoteHold,
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  const { merchantId, limit, typed } = await preOpen(ctx, takerId, r, hold);
  const nowMs = ctx.now();
  const pre = { merchant_id: merchantId };

  const { order, notes } = await inTransaction(
    ctx.db,
    (trx) => openInTx(ctx, trx, { takerId, r, hold, limit, typed, nowMs }),
    { users: [takerId, pre.merchant_id], key },
  );
  ctx.push({ userIds: [pre.merchant_id, takerId], orderId: order.id, what: 'order' });
  await ctx.notify(notes, takerId);
  return order;
}

/** An order being opened: who takes which ad, by what amount (or quote), within what level limit, when. */
export interface Opening {
  takerId: number;
  r: OpenRequest;
  hold: QuoteHold | undefined;
  /** the taker's per-order limit in USDT (their KYC level) */
  limit: string;
  /** the amount typed, in r.unit; null for a quote */
  typed: string | null;
  nowMs: number;
}

/**
 * The opening transaction: the quote claimed, the ad locked and checked, the order priced and
 * written, the escrow frozen and the ad's remaining reduced, the payment timer, the timeline, the notices.
 */
async function openInTx(ctx: OtcCtx, trx: Trx, o: Opening): Promise<{ order: OtcOrder; notes: OtcNote[] }> {
  const { takerId, hold, nowMs } = o;
  if (hold) await useQuote(trx, takerId, hold.id, nowMs);
  const ad = await onlineAd(trx, o.r.ad_id);
  await checkOpenOrders(trx, takerId);
  const { price, rate, amounts } = await priceOrder(ctx, trx, ad, o);
  const sellerId = ad.side === 'sell' ? ad.merchant_id : takerId;
  const buyerId = ad.side === 'sell' ? takerId : ad.merchant_id;
  const methods = (await payMethods(trx, sellerId)).filter((m) => ad.pay_kinds.includes(m.kind));
  if (!methods.length) throw new AppError(sellerId === takerId ? 'otc_need_pay_method' : 'otc_ad_unavailable');

  const row = await trx
    .insertInto('otc_orders')
    .values({
      ad_id: ad.id,
      merchant_id: ad.merchant_id,
      taker_id: takerId,
      buyer_id: buyerId,
      seller_id: sellerId,
      coin_id: ad.coin_id,
      fiat: ad.fiat,
      fiat_rate: rate,
      price,
      coin_amount: amounts.coin,
      fiat_amount: amounts.fiat,
      deadline: new Date(paymentDeadline(nowMs, ad.window_min)),
      pay_methods: JSON.stringify(methods),
      quote_id: hold?.id ?? null,
      opened_at: new Date(nowMs),
      unit: hold ? 'fiat' : o.r.unit,
      taker_lang: o.r.lang ?? 'en',
      merchant_lang: ad.lang,
    })
    .returning(['id', 'taker_lang', 'merchant_lang'])
    .executeTakeFirstOrThrow();
  await takeFromAd(trx, ad, { orderId: row.id, sellerId, takerId, coin: amounts.coin });
  if (hold) await trx.updateTable('otc_quotes').set({ order_id: row.id }).where('id', '=', hold.id).execute();
  await startOrder(trx, ad, { orderId: row.id, takerId, buyerId, amounts, nowMs });
  const parties = {
    id: row.id,
    buyer_id: buyerId,
    seller_id: sellerId,
    merchant_id: ad.merchant_id,
    taker_id: takerId,
    coin_id: ad.coin_id,
    coin_amount: amounts.coin,
    fiat_amount: amounts.fiat,
    fiat: ad.fiat,
    taker_lang: row.taker_lang,
    merchant_lang: row.merchant_lang,
  };
  const notes = await noteOrder(trx, parties, 'otc_order_opened', ['merchant']);
  return { order: await answered(trx, takerId, await orderView(trx, row.id, takerId, nowMs)), notes };
}

/** The ad (locked in a transaction) with its merchant's status and its coin's name; refused unless online and its merchant approved. */
export async function onlineAd(db: Db, adId: number) {
  const ad = await db
    .selectFrom('otc_ads as a')
    .innerJoin('otc_merchants as m', 'm.user_id', 'a.merchant_id')
    .innerJoin('currencies as c', 'c.id', 'a.coin_id')
    .selectAll('a')
    .select(['m.status as merchant_status', 'c.name as coin'])
    .where('a.id', '=', adId)
    .$if(db.isTransaction, (q) => q.forUpdate('a'))
    .executeTakeFirstOrThrow();
  if (ad.status !== 'online' || ad.merchant_status !== 'approved') throw new AppError('otc_ad_unavailable');
  return ad;
}
export type OnlineAd = Awaited<ReturnType<typeof onlineAd>>;

/** A taker holds at most OTC_RULES.maxOpenOrders unfinished orders. */
export async function checkOpenOrders(db: Db, takerId: number): Promise<void> {
  const open = await db
    .selectFrom('otc_orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('taker_id', '=', takerId)
    .where('status', 'in', [...OTC_UNFINISHED])
    .executeTakeFirstOrThrow();
  if (open.n >= OTC_RULES.maxOpenOrders) throw new AppError('otc_too_many_orders', { n: OTC_RULES.maxOpenOrders });
}

/** The price (the quote's, or the ad's now) and the amounts, checked against the ad's bounds and the taker's limit. */
export async function priceOrder(ctx: OtcCtx, db: Db, ad: OnlineAd, o: Opening) {
  const { price: now, rate } = await priceNow({ db, prices: ctx.prices }, ad);
  const price = o.hold?.price ?? now;
  if (!price) throw new AppError('price_unavailable');
  const amounts = o.hold ? { coin: o.hold.coin, fiat: o.hold.fiat } : orderAmounts(price, o.r.unit, o.typed!);
  const bounds = {
    min_fiat: ad.min_fiat,
    max_fiat: ad.max_fiat,
    remaining: ad.remaining,
    price,
    level_limit_usdt: o.limit,
    fiat_rate: rate,
  };
  const why = checkOrder(amounts, bounds);
  if (why !== 'ok')
    refuseBounds(why, { min: canon(ad.min_fiat), max: maxOrderFiat(bounds), limit: o.limit, fiat: ad.fiat });
  return { price, rate, amounts };
}

/** The order's coin: frozen in escrow from the seller (unless the ad holds it already) and taken from the ad's remaining. */
async function takeFromAd(
  trx: Trx,
  ad: OnlineAd,
  t: { orderId: number; sellerId: number; takerId: number; coin: string },
): Promise<void> {
  // a held sell ad's coin is frozen already (at posting): the order takes it from the ad's remaining below
  if (!ad.held) {
    try {
      await freezeEscrow(trx, { id: t.orderId, seller_id: t.sellerId, coin_id: ad.coin_id, coin_amount: t.coin });
    } catch (err) {
      if (err instanceof AppError && err.key === 'insufficient_balance' && t.sellerId !== t.takerId)
        throw new AppError('otc_merchant_balance');
      throw err;
    }
  }
  const left = await trx
    .updateTable('otc_ads')
    .set({ remaining: sql`remaining - ${t.coin}::numeric`, updated_at: new Date() })
    .where('id', '=', ad.id)
    .where('remaining', '>=', t.coin)
    .executeTakeFirst();
  if (left.numUpdatedRows !== 1n) throw new AppError('otc_ad_unavailable');
}

/** The payment timer (a durable job at the deadline) and the timeline's first step. */
async function startOrder(
  trx: Trx,
  ad: OnlineAd,
  s: { orderId: number; takerId: number; buyerId: number; amounts: { coin: string; fiat: string }; nowMs: number },
): Promise<void> {
  const deadline = paymentDeadline(s.nowMs, ad.window_min);
  await enqueueInTx(
    trx,
    OTC_EXPIRE_TASK,
    { id: s.orderId },
    { jobKey: otcExpireKey(s.orderId), runAt: runAtFor(deadline, s.nowMs) },
  );
  await addEvent(trx, {
    orderId: s.orderId,
    kind: 'opened',
    actor: s.takerId === s.buyerId ? 'buyer' : 'seller',
    actorId: s.takerId,
    at: s.nowMs,
    note: `${s.amounts.coin} ${ad.coin} / ${s.amounts.fiat} ${ad.fiat}`,
  });
}

async function useQuote(trx: Trx, userId: number, id: string, nowMs: number): Promise<void> {
  const q = await trx.selectFrom('otc_quotes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!q || q.user_id !== userId) throw new AppError('otc_quote_expired');
  if (q.order_id !== null) throw new AppError('otc_quote_used');
  if (new Date(q.expires_at).getTime() <= nowMs) throw new AppError('otc_quote_expired');
}
