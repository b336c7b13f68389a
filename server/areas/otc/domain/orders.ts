/**
 * The order's life, each step one transaction on the locked order (parties' balance locks first):
 * open (the escrow frozen from the seller, the ad's remaining reduced, the payment timer started),
 * paid (the buyer, with proof, before the deadline), release (the seller, with the payment
 * password, once paid; before "paid" only when the seller confirms it explicitly), cancel (the
 * buyer, while unpaid), timeout (the job, at the deadline, while unpaid), appeal (either side, once
 * paid: the order waits for the back office, no timer acts on it), resolve (an operator: release
 * or refund, with a reason, logged), rate (the taker, once released). A step whose state check
 * fails changes nothing; the escrow moves at most once (escrow.ts, and a UNIQUE final event).
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
import { enqueueInTx, runAtFor } from '../../../db/jobs';
import { claimUpload } from '../../../shared/files/files';
import { checkPayPassword } from '../../security/domain';
import { fiatOrderLimitUsdt } from '../../kyc/domain';
import { logAction } from '../../../auth/operators';
import { canon } from '../../../kernel/decimal';
import { sql } from 'kysely';
import {
  addEvent,
  answered,
  coinAmount,
  currencyName,
  fiatAmount,
  lockOrder,
  partiesOf,
  roleOf,
  type OrderRow,
  type OtcCtx,
  type OtcNote,
} from './shared';
import { noteOrder } from './notices';
import { freezeEscrow, releaseEscrow, returnEscrow } from './escrow';
import { priceNow } from './ads';
import { payMethods } from './merchants';
import { orderView } from './views';
import type { Caller } from '../../../auth/throttle';

export interface OpenRequest {
  ad_id: number;
  unit: 'fiat' | 'coin';
  amount?: unknown;
  /** the taker's language (their notice emails) */
  lang?: string;
}

interface QuoteHold {
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

/** Opens an order on an ad (or executes a quick-buy quote on it: the quote's price and amounts). */
export async function openOrder(ctx: OtcCtx, takerId: number, r: OpenRequest, hold?: QuoteHold): Promise<OtcOrder> {
  const pre = await ctx.db.selectFrom('otc_ads').select(['merchant_id']).where('id', '=', r.ad_id).executeTakeFirst();
  if (!pre) throw new AppError('otc_ad_unavailable');
  if (pre.merchant_id === takerId) throw new AppError('otc_own_ad');
  const limit = await fiatOrderLimitUsdt(ctx.db, takerId);
  if (limit === '0') throw new AppError('need_real_name', undefined, '998');
  const typed = hold ? null : r.unit === 'coin' ? coinAmount(r.amount) : fiatAmount(r.amount);
  const nowMs = ctx.now();

  const { order, notes } = await inTransaction(
    ctx.db,
    (trx) => openInTx(ctx, trx, { takerId, r, hold, limit, typed, nowMs }),
    { users: [takerId, pre.merchant_id] },
  );
  ctx.push({ userIds: [pre.merchant_id, takerId], orderId: order.id, what: 'order' });
  await ctx.notify(notes, takerId);
  return order;
}

/** An order being opened: who takes which ad, by what amount (or quote), within what level limit, when. */
interface Opening {
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
  const ad = await lockOnlineAd(trx, o.r.ad_id);
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

/** The ad, locked, with its merchant's status and its coin's name; refused unless online and its merchant approved. */
async function lockOnlineAd(trx: Trx, adId: number) {
  const ad = await trx
    .selectFrom('otc_ads as a')
    .innerJoin('otc_merchants as m', 'm.user_id', 'a.merchant_id')
    .innerJoin('currencies as c', 'c.id', 'a.coin_id')
    .selectAll('a')
    .select(['m.status as merchant_status', 'c.name as coin'])
    .where('a.id', '=', adId)
    .forUpdate('a')
    .executeTakeFirstOrThrow();
  if (ad.status !== 'online' || ad.merchant_status !== 'approved') throw new AppError('otc_ad_unavailable');
  return ad;
}
type LockedAd = Awaited<ReturnType<typeof lockOnlineAd>>;

/** A taker holds at most OTC_RULES.maxOpenOrders unfinished orders. */
async function checkOpenOrders(trx: Trx, takerId: number): Promise<void> {
  const open = await trx
    .selectFrom('otc_orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('taker_id', '=', takerId)
    .where('status', 'in', [...OTC_UNFINISHED])
    .executeTakeFirstOrThrow();
  if (open.n >= OTC_RULES.maxOpenOrders) throw new AppError('otc_too_many_orders', { n: OTC_RULES.maxOpenOrders });
}

/** The price (the quote's, or the ad's now) and the amounts, checked against the ad's bounds and the taker's limit. */
async function priceOrder(ctx: OtcCtx, trx: Trx, ad: LockedAd, o: Opening) {
  const { price: now, rate } = await priceNow({ db: trx, prices: ctx.prices }, ad);
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
  ad: LockedAd,
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
  ad: LockedAd,
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

/** A step's change on the locked order; it answers the notices it wrote (emailed after the commit). */
type Step = (trx: Trx, o: OrderRow, nowMs: number) => Promise<OtcNote[] | void>;

/** Runs one step on the caller's order: parties locked, the order locked, the step, the answer. */
async function onOrder(ctx: OtcCtx, userId: number, orderId: number, step: Step): Promise<OtcOrder> {
  const p = await partiesOf(ctx.db, orderId, userId);
  const nowMs = ctx.now();
  const { view, notes } = await inTransaction(
    ctx.db,
    async (trx) => {
      const o = await lockOrder(trx, orderId);
      const notes = (await step(trx, o, nowMs)) ?? [];
      return { view: await answered(trx, userId, await orderView(trx, orderId, userId, nowMs)), notes };
    },
    { users: [p.buyer_id, p.seller_id] },
  );
  ctx.push({ userIds: [p.buyer_id, p.seller_id], orderId, what: 'order' });
  await ctx.notify(notes, userId);
  return view;
}

const must = (
  cond: boolean,
  key: 'otc_order_state' | 'otc_not_paid' | 'otc_order_expired' | 'otc_order_in_appeal' | 'otc_order_not_found',
) => {
  if (!cond) throw new AppError(key);
};

export async function markPaid(ctx: OtcCtx, userId: number, b: { id: number; proof: string }): Promise<OtcOrder> {
  return onOrder(ctx, userId, b.id, async (trx, o, nowMs) => {
    must(o.buyer_id === userId, 'otc_order_state');
    must(o.status === 'unpaid', 'otc_order_state');
    must(nowMs < new Date(o.deadline).getTime(), 'otc_order_expired');
    const proof = await claimUpload(trx, userId, b.proof, 'voucher');
    await trx
      .updateTable('otc_orders')
      .set({ status: 'paid', paid_at: new Date(nowMs), proof })
      .where('id', '=', o.id)
      .execute();
    await addEvent(trx, { orderId: o.id, kind: 'paid', actor: 'buyer', actorId: userId, at: nowMs });
    return noteOrder(trx, o, 'otc_order_paid', ['seller']);
  });
}

/** `caller`: who enters the payment password (its throttle's source; the user as one source when not given). */
export async function release(
  ctx: OtcCtx,
  userId: number,
  b: { id: number; pay_password?: string; confirm_unpaid?: boolean },
  caller?: Caller,
): Promise<OtcOrder> {
  const p = await partiesOf(ctx.db, b.id, userId);
  if (p.seller_id !== userId) throw new AppError('otc_order_state');
  // checked before the transaction: a wrong password is counted (throttle) and nothing else happens
  const pre = await ctx.db.selectFrom('otc_orders').select('status').where('id', '=', b.id).executeTakeFirstOrThrow();
  if (pre.status === 'unpaid' && !b.confirm_unpaid) throw new AppError('otc_not_paid');
  await checkPayPassword(ctx.db, userId, b.pay_password, caller);
  return onOrder(ctx, userId, b.id, async (trx, o, nowMs) => {
    must(o.status !== 'appeal', 'otc_order_in_appeal');
    must(
      o.status === 'paid' || (o.status === 'unpaid' && b.confirm_unpaid === true),
      o.status === 'unpaid' ? 'otc_not_paid' : 'otc_order_state',
    );
    await releaseEscrow(trx, o);
    await trx
      .updateTable('otc_orders')
      .set({ status: 'released', finished_at: new Date(nowMs) })
      .where('id', '=', o.id)
      .execute();
    await addEvent(trx, {
      orderId: o.id,
      kind: 'released',
      actor: 'seller',
      actorId: userId,
      at: nowMs,
      note: o.status === 'unpaid' ? 'before paid (confirmed)' : '',
    });
    return noteOrder(trx, o, 'otc_order_released', ['buyer']);
  });
}

export async function cancel(ctx: OtcCtx, userId: number, b: { id: number }): Promise<OtcOrder> {
  return onOrder(ctx, userId, b.id, async (trx, o, nowMs) => {
    must(o.buyer_id === userId, 'otc_order_state');
    must(o.status === 'unpaid', 'otc_order_state');
    await returnEscrow(trx, o, 'otc_cancel');
    await trx
      .updateTable('otc_orders')
      .set({ status: 'cancelled', finished_at: new Date(nowMs) })
      .where('id', '=', o.id)
      .execute();
    await addEvent(trx, { orderId: o.id, kind: 'cancelled', actor: 'buyer', actorId: userId, at: nowMs });
  });
}

export async function appeal(ctx: OtcCtx, userId: number, b: { id: number; reason: string }): Promise<OtcOrder> {
  return onOrder(ctx, userId, b.id, async (trx, o, nowMs) => {
    must(o.status === 'paid', 'otc_order_state');
    await trx
      .updateTable('otc_orders')
      .set({ status: 'appeal', appeal_by: userId, appeal_reason: b.reason })
      .where('id', '=', o.id)
      .execute();
    await addEvent(trx, {
      orderId: o.id,
      kind: 'appeal',
      actor: roleOf(o, userId),
      actorId: userId,
      at: nowMs,
      note: b.reason,
    });
    return noteOrder(trx, o, 'otc_appeal_opened', ['buyer', 'seller']);
  });
}

export async function rate(ctx: OtcCtx, userId: number, b: { id: number; rating: number }): Promise<OtcOrder> {
  return onOrder(ctx, userId, b.id, async (trx, o, nowMs) => {
    must(o.taker_id === userId && o.status === 'released' && o.rating === null, 'otc_order_state');
    await trx.updateTable('otc_orders').set({ rating: b.rating }).where('id', '=', o.id).execute();
    await addEvent(trx, {
      orderId: o.id,
      kind: 'rated',
      actor: roleOf(o, userId),
      actorId: userId,
      at: nowMs,
      note: String(b.rating),
    });
  });
}

/** The back office decides an appealed order: the coin to the buyer, or back to the seller. */
export async function resolve(
  ctx: OtcCtx,
  operatorId: number,
  b: { id: number; outcome: 'release' | 'refund'; reason: string },
): Promise<void> {
  const p = await partiesOf(ctx.db, b.id);
  const nowMs = ctx.now();
  const notes = await inTransaction(
    ctx.db,
    async (trx) => {
      const o = await lockOrder(trx, b.id);
      if (o.status !== 'appeal') throw new AppError('otc_order_state');
      if (b.outcome === 'release') await releaseEscrow(trx, o);
      else await returnEscrow(trx, o, 'otc_refund');
      await trx
        .updateTable('otc_orders')
        .set({
          status: b.outcome === 'release' ? 'released' : 'refunded',
          resolution: b.reason,
          finished_at: new Date(nowMs),
        })
        .where('id', '=', o.id)
        .execute();
      await addEvent(trx, {
        orderId: o.id,
        kind: b.outcome === 'release' ? 'resolved_release' : 'resolved_refund',
        actor: 'operator',
        actorId: operatorId,
        at: nowMs,
        note: b.reason,
      });
      const coin = await currencyName(trx, o.coin_id);
      await logAction(trx, {
        operatorId,
        action: `otc_appeal_${b.outcome}`,
        target: `otc_order:${o.id}`,
        reason: b.reason,
        detail: { coin, amount: canon(o.coin_amount), buyer: o.buyer_id, seller: o.seller_id },
      });
      return noteOrder(
        trx,
        o,
        b.outcome === 'release' ? 'otc_appeal_release' : 'otc_appeal_refund',
        ['buyer', 'seller'],
        { reason: b.reason },
      );
    },
    { users: [p.buyer_id, p.seller_id] },
  );
  ctx.push({ userIds: [p.buyer_id, p.seller_id], orderId: b.id, what: 'order' });
  await ctx.notify(notes);
}

/** Test hook: called after each order's commit; throwing stops the pass there (a "crash"). */
export type AfterCommit = (kind: string, id: number) => void;

/** The durable job that cancels an order left unpaid at its deadline (its key: one per order). */
export const OTC_EXPIRE_TASK = 'otc.expire';
export const otcExpireKey = (id: number) => `otc.expire:${id}`;

/** The sweep at start (orders opened before the job queue existed): every unpaid order past its deadline, once. */
export async function expireDue(ctx: OtcCtx, afterCommit?: AfterCommit): Promise<number> {
  const nowMs = ctx.now();
  const due = await ctx.db
    .selectFrom('otc_orders')
    .select(['id'])
    .where('status', '=', 'unpaid')
    .where('deadline', '<=', new Date(nowMs))
    .orderBy('id')
    .execute();
  let n = 0;
  for (const d of due) if ((await expireOne(ctx, d.id, afterCommit)) === 'expired') n++;
  return n;
}

/**
 * Cancels one unpaid order past its deadline and returns its escrow: the row locked, its status and
 * deadline checked under the lock, so a retry, the sweep and a release racing it act once.
 * 'early' when the rules' clock has not reached the deadline (the job came early; it is moved).
 */
export async function expireOne(
  ctx: OtcCtx,
  orderId: number,
  afterCommit?: AfterCommit,
): Promise<'expired' | 'early' | 'gone'> {
  const nowMs = ctx.now();
  const d = await ctx.db
    .selectFrom('otc_orders')
    .select(['id', 'buyer_id', 'seller_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!d) return 'gone';
  const done = await inTransaction(
    ctx.db,
    async (trx) => {
      const o = await lockOrder(trx, d.id);
      if (o.status !== 'unpaid') return 'gone' as const;
      const deadline = new Date(o.deadline).getTime();
      if (deadline > nowMs) {
        await enqueueInTx(
          trx,
          OTC_EXPIRE_TASK,
          { id: o.id },
          { jobKey: otcExpireKey(o.id), runAt: runAtFor(deadline, nowMs) },
        );
        return 'early' as const;
      }
      await returnEscrow(trx, o, 'otc_timeout');
      await trx
        .updateTable('otc_orders')
        .set({ status: 'cancelled', finished_at: new Date(nowMs) })
        .where('id', '=', o.id)
        .execute();
      await addEvent(trx, { orderId: o.id, kind: 'timeout', actor: 'system', at: nowMs });
      return noteOrder(trx, o, 'otc_order_timeout', ['buyer', 'seller']);
    },
    { users: [d.buyer_id, d.seller_id] },
  );
  if (typeof done === 'string') return done;
  afterCommit?.('otc_timeout', d.id);
  ctx.push({ userIds: [d.buyer_id, d.seller_id], orderId: d.id, what: 'order' });
  await ctx.notify(done);
  return 'expired';
}
