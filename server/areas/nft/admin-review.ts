/**
 * Back office, NFT review queue and revenue (under /admin/api/nft):
 * GET /reviews {status?, page, limit} → Page of holders' listing submissions;
 * POST /reviews/review {id, approve: 1|0, reason} (a rejection needs the reason the holder reads);
 * GET /revenue → the platform account's balances (fees, forfeited margins; db/platform.ts).
 * Each decision is logged with the operator in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminNftReview, Page } from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { offset, pageOf } from '../../kernel/paging';
import { canon } from '../../kernel/decimal';
import { inTransaction } from '../../db/tx';
import { getBalances, type Balance } from '../../db/ledger';
import { platformUserId } from '../../db/platform';
import { logAction } from '../../auth/operators';
import { count, QueueQuery, ReviewBody } from '../../admin/forms';
import { reviewListing } from './domain/review';

export async function nftReviewRoutes(op: FastifyInstance, now: () => number): Promise<void> {
  registerReviewQueue(op);
  registerReviewDecision(op, now);
  registerRevenue(op);
}

/** GET /reviews: the holders' submissions by status, the pending ones oldest first. */
function registerReviewQueue(op: FastifyInstance): void {
  const db = op.db;
  op.get('/reviews', async (req): Promise<ReturnType<typeof ok<Page<AdminNftReview>>>> => {
    const q = parse(QueueQuery, req.query);
    let base = db
      .selectFrom('nft_reviews as r')
      .innerJoin('nft_items as i', 'i.id', 'r.item_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('currencies as cur', 'cur.id', 'i.currency_id')
      .leftJoin('operators as o', 'o.id', 'r.reviewed_by');
    if (q.status) base = base.where('r.status', '=', q.status);
    const rows = await base
      .select([
        'r.id',
        'r.item_id',
        'i.code',
        'i.title',
        'r.user_id',
        'u.email',
        'u.mobile',
        'r.pay_type',
        'r.price',
        'r.per_increase',
        'r.margin',
        'cur.name as currency',
        'r.start_at',
        'r.end_at',
        'r.status',
        'r.reason',
        'r.created_at',
        'r.reviewed_at',
        'o.name as reviewer',
      ])
      .orderBy('r.id', q.status === 'pending' ? 'asc' : 'desc')
      .limit(q.limit)
      .offset(offset(q))
      .execute();
    const list = rows.map((r) => ({
      id: r.id,
      item_id: r.item_id,
      code: r.code,
      title: r.title,
      user_id: r.user_id,
      account: r.email ?? r.mobile ?? '',
      pay_type: r.pay_type,
      price: canon(r.price),
      per_increase: canon(r.per_increase),
      margin: canon(r.margin),
      currency: r.currency,
      start_at: r.start_at.toISOString(),
      end_at: r.end_at.toISOString(),
      status: r.status,
      reason: r.reason,
      created_at: new Date(r.created_at).toISOString(),
      reviewed_at: r.reviewed_at?.toISOString() ?? null,
      reviewed_by: r.reviewer,
    }));
    return ok(pageOf(list, q, await count(base.select((eb) => eb.fn.countAll<string>().as('n')))));
  });
}

/** POST /reviews/review: approve or reject one submission, logged with the operator in its transaction. */
function registerReviewDecision(op: FastifyInstance, now: () => number): void {
  const db = op.db;
  op.post('/reviews/review', async (req) => {
    const b = parse(ReviewBody, req.body);
    await inTransaction(db, async (trx) => {
      const r = await reviewListing(trx, {
        id: b.id,
        operatorId: req.operatorId,
        approve: b.approve,
        reason: b.reason,
        nowMs: now(),
      });
      await logAction(trx, {
        operatorId: req.operatorId,
        action: b.approve ? 'nft_listing_approve' : 'nft_listing_reject',
        target: `user:${r.userId} nft_item:${r.itemId} nft_review:${b.id}`,
        reason: b.reason || 'approved',
        detail: { code: r.code },
      });
    });
    return ok(true);
  });
}

/** GET /revenue: the platform account's balances. */
function registerRevenue(op: FastifyInstance): void {
  const db = op.db;
  op.get('/revenue', async (): Promise<ReturnType<typeof ok<{ user_id: number; balances: Balance[] }>>> => {
    const userId = await inTransaction(db, (trx) => platformUserId(trx));
    return ok({ user_id: userId, balances: await getBalances(db, userId) });
  });
}
