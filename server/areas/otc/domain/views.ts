/**
 * How an order reads from one party's side (role, counterparty, the seller's payment methods, the
 * proof behind a short-lived signed link, the timeline), and the lists: the caller's orders and the
 * back office's appealed ones (the operator's view carries both parties and the chat).
 */
import type { OtcEvent, OtcOrder, OtcOrderStatus } from '../../../../core';
import { OTC_UNFINISHED } from '../../../../core';
import type { Db } from '../../../db/schema';
import { fileUrl } from '../../../shared/files/files';
import { canon } from '../../../kernel/decimal';
import type {} from '../tables';

async function nameOf(db: Db, userId: number): Promise<string> {
  const m = await db
    .selectFrom('otc_merchants')
    .select('name')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (m) return m.name;
  const u = await db.selectFrom('users').select(['nickname', 'id']).where('id', '=', userId).executeTakeFirstOrThrow();
  return u.nickname || `#${u.id}`;
}

async function timeline(db: Db, orderId: number): Promise<OtcEvent[]> {
  const rows = await db
    .selectFrom('otc_order_events')
    .select(['id', 'kind', 'actor', 'note', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((e) => ({
    id: e.id,
    kind: e.kind,
    actor: e.actor,
    note: e.note,
    at: new Date(e.created_at).getTime(),
  }));
}

/** The order as `userId` (a party; or an operator with userId 0 reading it as the buyer would) sees it. */
export async function orderView(db: Db, orderId: number, userId: number, nowMs = Date.now()): Promise<OtcOrder> {
  const o = await db
    .selectFrom('otc_orders as o')
    .innerJoin('currencies as c', 'c.id', 'o.coin_id')
    .selectAll('o')
    .select('c.name as coin')
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const role = o.seller_id === userId ? 'seller' : 'buyer';
  const other = role === 'buyer' ? o.seller_id : o.buyer_id;
  return {
    id: o.id,
    ad_id: o.ad_id,
    role,
    merchant: await nameOf(db, o.merchant_id),
    counterparty: await nameOf(db, other),
    coin: o.coin,
    fiat: o.fiat,
    price: canon(o.price),
    coin_amount: canon(o.coin_amount),
    fiat_amount: canon(o.fiat_amount),
    status: o.status,
    deadline: new Date(o.deadline).getTime(),
    paid_at: o.paid_at ? new Date(o.paid_at).getTime() : null,
    finished_at: o.finished_at ? new Date(o.finished_at).getTime() : null,
    pay_methods: o.pay_methods,
    proof_url: o.proof ? await fileUrl(db, o.proof, 'voucher', nowMs) : '',
    appeal_reason: o.appeal_reason,
    resolution: o.resolution,
    rating: o.rating,
    can_rate: o.taker_id === userId && o.status === 'released' && o.rating === null,
    events: await timeline(db, o.id),
  };
}

export async function myOrders(db: Db, userId: number, which: 'open' | 'done'): Promise<OtcOrder[]> {
  const unfinished = [...OTC_UNFINISHED] as OtcOrderStatus[];
  const rows = await db
    .selectFrom('otc_orders')
    .select('id')
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .where('status', which === 'open' ? 'in' : 'not in', unfinished)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return Promise.all(rows.map((r) => orderView(db, r.id, userId)));
}
