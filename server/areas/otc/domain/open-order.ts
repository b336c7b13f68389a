/**
 * Opening an order: a plain opening on the group commit (order-writer.ts, migration 072): the ad read without a
 * lock and the order priced and checked against it (core's rules, the same checks as the
 * transaction's), then one element of otc_open_batch, which re-checks what can change meanwhile
 * (the ad online, the taker's open orders, the remaining) under its locks and freezes the seller's
 * coin conditionally. An ad whose remaining fell below the order since it was read is read again
 * (its bounds then give the transaction's answer); the key was not used.
 */
import { OTC_RULES, paymentDeadline, type OtcOrder } from '../../../../core';
import { AppError } from '../../../errors';
import { runAtFor } from '../../../db/jobs';
import { KeyTaken, keyToMark, type IdempotencyScope } from '../../../db/idempotency-scope';
import { OTC_EXPIRE_KEY_PREFIX, OTC_EXPIRE_TASK, type OtcCtx } from './shared';
import { notesFor } from './notices';
import { payMethods } from './merchants';
import { orderView } from './views';
import {
  checkOpenOrders,
  onlineAd,
  openInTransaction,
  preOpen,
  priceOrder,
  type OnlineAd,
  type OpenRequest,
  type QuoteHold,
} from './opening';
import { delivered, noticeElements, poolOf } from './settle-step';
import { keyPart, otcWritersFor, type OpenElement } from './order-writer';

/** Opens an order on an ad (or executes a quick-buy quote on it: the quote's price and amounts, in one transaction). */
export async function openOrder(
  ctx: OtcCtx,
  takerId: number,
  r: OpenRequest,
  hold?: QuoteHold,
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  if (!hold && !ctx.db.isTransaction) return openGrouped(ctx, takerId, r, key);
  return openInTransaction(ctx, takerId, r, hold, key);
}

async function openGrouped(
  ctx: OtcCtx,
  takerId: number,
  r: OpenRequest,
  reqKey: IdempotencyScope | undefined,
): Promise<OtcOrder> {
  const db = poolOf(ctx.db);
  if (!db) throw new Error('otc: the grouped opening runs on the pool');
  const { limit, typed } = await preOpen(ctx, takerId, r);
  for (let attempt = 0; attempt < 3; attempt++) {
    const nowMs = ctx.now();
    const ad = await onlineAd(db, r.ad_id);
    await checkOpenOrders(db, takerId);
    const { price, rate, amounts } = await priceOrder(ctx, db, ad, {
      takerId,
      r,
      hold: undefined,
      limit,
      typed,
      nowMs,
    });
    const sellerId = ad.side === 'sell' ? ad.merchant_id : takerId;
    const buyerId = ad.side === 'sell' ? takerId : ad.merchant_id;
    const methods = (await payMethods(db, sellerId)).filter((m) => ad.pay_kinds.includes(m.kind));
    if (!methods.length) throw new AppError(sellerId === takerId ? 'otc_need_pay_method' : 'otc_ad_unavailable');
    const key = keyToMark(reqKey, [takerId]);
    const e = element(ad, { takerId, r, sellerId, buyerId, price, rate, amounts, methods, nowMs });
    const row = await otcWritersFor(db).open.submit({ ...e, ...keyPart(key) });
    if (row.dup) throw new KeyTaken();
    if (row.refused === 'otc_stale') {
      if (key) key.consumed = false;
      continue;
    }
    if (row.refused === 'insufficient_balance' && sellerId !== takerId) throw new AppError('otc_merchant_balance');
    if (row.refused) throw new AppError(row.refused, row.refused === 'otc_too_many_orders' ? { n: e.mx } : undefined);
    const id = row.order_id!;
    const notes = e.no.map((n) => ({
      userId: n.u,
      kind: 'otc_order_opened' as const,
      lang: n.u === takerId ? e.tl : e.ml,
      orderId: id,
      params: { ...n.params, id: String(id) },
    }));
    await delivered(ctx, { id, buyer_id: buyerId, seller_id: sellerId }, notes, takerId);
    return orderView(db, id, takerId, nowMs);
  }
  throw new AppError('too_many_requests');
}

interface Priced {
  takerId: number;
  r: OpenRequest;
  sellerId: number;
  buyerId: number;
  price: string;
  rate: string;
  amounts: { coin: string; fiat: string };
  methods: unknown[];
  nowMs: number;
}

/** The opening's element (its key apart): what the transaction would write, as decimal strings. */
function element(ad: OnlineAd, p: Priced): Omit<OpenElement, 'ku' | 'k' | 'kc' | 'kw'> {
  const deadline = paymentDeadline(p.nowMs, ad.window_min);
  const lang = p.r.lang ?? 'en';
  const fixed = {
    id: 0, // filled in by the statement
    buyer_id: p.buyerId,
    seller_id: p.sellerId,
    merchant_id: ad.merchant_id,
    taker_id: p.takerId,
    coin_id: ad.coin_id,
    coin_amount: p.amounts.coin,
    fiat_amount: p.amounts.fiat,
    fiat: ad.fiat,
    taker_lang: lang,
    merchant_lang: ad.lang,
  };
  return {
    a: ad.id,
    t: p.takerId,
    m: ad.merchant_id,
    b: p.buyerId,
    s: p.sellerId,
    c: ad.coin_id,
    q: p.amounts.coin,
    f: p.amounts.fiat,
    p: p.price,
    r: p.rate,
    fi: ad.fiat,
    dl: new Date(deadline).toISOString(),
    at: new Date(p.nowMs).toISOString(),
    un: p.r.unit,
    tl: lang,
    ml: ad.lang,
    pm: p.methods,
    mx: OTC_RULES.maxOpenOrders,
    ea: p.takerId === p.buyerId ? 'buyer' : 'seller',
    en: `${p.amounts.coin} ${ad.coin} / ${p.amounts.fiat} ${ad.fiat}`,
    no: noticeElements(notesFor(fixed, 'otc_order_opened', ['merchant'], ad.coin)),
    jt: OTC_EXPIRE_TASK,
    jk: OTC_EXPIRE_KEY_PREFIX,
    ra: runAtFor(deadline, p.nowMs).toISOString(),
  };
}
