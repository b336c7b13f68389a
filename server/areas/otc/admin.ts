/**
 * Back office under /admin/api/otc (operators only): merchant applications (approve or reject with
 * a reason), ads (by status; take one down with a reason: its unsold escrow goes back to the
 * merchant), orders by status with both sides' evidence (the order, its timeline, the proof, the
 * chat) and the appeal decision — release to the buyer or refund to the seller, with a reason.
 * Each write runs in one transaction with its operator_actions row.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { logAction } from '../../auth/operators';
import { inTransaction } from '../../db/tx';
import { id, text } from '../../kernel/fields';
import { AppError } from '../../errors';
import { resolve } from './domain/orders';
import { orderView } from './domain/views';
import { messages } from './domain/chat';
import { statsOf } from './domain/merchants';
import { adViews, closeAd } from './domain/ads';

export async function otcAdminRoutes(op: FastifyInstance): Promise<void> {
  registerMerchantReview(op);
  registerAdRoutes(op);
  registerOrderRoutes(op);
}

const MerchantsQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });
const ReviewBody = z.object({
  id,
  approve: z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean()),
  reason: text(500).default(''),
});

/** Merchant applications by status (with each applicant's trade stats), and the decision. */
function registerMerchantReview(op: FastifyInstance): void {
  op.get('/merchants', async (req) => {
    const q = parse(MerchantsQuery, req.query);
    const rows = await op.db
      .selectFrom('otc_merchants as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.name', 'm.status', 'm.reason', 'm.applied_at', 'u.level', 'u.email'])
      .where('m.status', '=', q.status)
      .orderBy('m.applied_at')
      .limit(100)
      .execute();
    const stats = await statsOf(
      op.db,
      rows.map((r) => r.user_id),
    );
    return ok(rows.map((r) => ({ ...r, stats: stats.get(r.user_id) })));
  });
  op.post('/merchants/review', async (req) => {
    const b = parse(ReviewBody, req.body);
    if (!b.approve && !b.reason) throw new AppError('param_error');
    await inTransaction(op.db, async (trx) => {
      const r = await trx
        .updateTable('otc_merchants')
        .set({
          status: b.approve ? 'approved' : 'rejected',
          reason: b.reason,
          reviewed_at: new Date(),
          reviewed_by: req.operatorId,
        })
        .where('user_id', '=', b.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (r.numUpdatedRows !== 1n) throw new AppError('not_found');
      await logAction(trx, {
        operatorId: req.operatorId,
        action: b.approve ? 'otc_merchant_approve' : 'otc_merchant_reject',
        target: `user:${b.id}`,
        reason: b.reason,
      });
    });
    return ok(b.id);
  });
}

const AdsQuery = z.object({ status: z.enum(['online', 'offline', 'closed']).default('online') });
const IdParams = z.object({ id });
const TakedownBody = z.object({ reason: text(500).min(2) });

/** Ads by status, and a takedown (its unsold escrow goes back to the merchant), logged. */
function registerAdRoutes(op: FastifyInstance): void {
  op.get('/ads', async (req) => {
    const q = parse(AdsQuery, req.query);
    return ok(await adViews(op.otc.ctx, { status: q.status }));
  });
  op.post('/ads/:id/takedown', async (req) => {
    const adId = parse(IdParams, req.params).id;
    const b = parse(TakedownBody, req.body);
    await closeAd(op.otc.ctx, adId, {
      by: 'operator',
      reason: b.reason,
      onClosed: (trx, ad) =>
        logAction(trx, {
          operatorId: req.operatorId,
          action: 'otc_ad_takedown',
          target: `otc_ad:${adId}`,
          reason: b.reason,
          detail: { merchant: ad.merchant_id, returned: ad.returned },
        }),
    });
    return ok(adId);
  });
}

const OrdersQuery = z.object({
  status: z.enum(['appeal', 'unpaid', 'paid', 'released', 'cancelled', 'refunded']).default('appeal'),
});
const ResolveBody = z.object({ outcome: z.enum(['release', 'refund']), reason: text(500).min(2) });

/** Orders by status, one order with both sides' evidence (timeline, proof, chat), and the appeal decision. */
function registerOrderRoutes(op: FastifyInstance): void {
  op.get('/orders', async (req) => {
    const q = parse(OrdersQuery, req.query);
    const rows = await op.db
      .selectFrom('otc_orders')
      .select('id')
      .where('status', '=', q.status)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return ok(
      await Promise.all(
        rows.map(async (r) => {
          const o = await op.db
            .selectFrom('otc_orders')
            .select(['buyer_id', 'seller_id', 'appeal_by'])
            .where('id', '=', r.id)
            .executeTakeFirstOrThrow();
          return {
            ...(await orderView(op.db, r.id, o.buyer_id, op.otc.now())),
            buyer_id: o.buyer_id,
            seller_id: o.seller_id,
            appeal_by: o.appeal_by,
          };
        }),
      ),
    );
  });
  op.get('/orders/:id', async (req) => {
    const oid = parse(IdParams, req.params).id;
    const o = await op.db
      .selectFrom('otc_orders')
      .select(['buyer_id', 'seller_id', 'appeal_by'])
      .where('id', '=', oid)
      .executeTakeFirst();
    if (!o) throw new AppError('otc_order_not_found');
    const chat = (await messages(op.db, oid, o.buyer_id, 0, op.otc.now())).map((m) => ({
      ...m,
      from: m.from === 'me' ? 'buyer' : m.from === 'them' ? 'seller' : 'system',
    }));
    return ok({
      order: await orderView(op.db, oid, o.buyer_id, op.otc.now()),
      buyer_id: o.buyer_id,
      seller_id: o.seller_id,
      appeal_by: o.appeal_by,
      chat,
    });
  });
  op.post('/orders/:id/resolve', async (req) => {
    const oid = parse(IdParams, req.params).id;
    const b = parse(ResolveBody, req.body);
    await resolve(op.otc.ctx, req.operatorId, { id: oid, ...b });
    return ok(oid);
  });
}
