/** Back office: the recharge and withdrawal review queues (/admin/api/recharges, /admin/api/withdrawals). */
import type { FastifyInstance } from 'fastify';
import type { AdminRechargeItem, AdminWithdrawItem } from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { offset, pageOf } from '../../kernel/paging';
import { inTransaction } from '../../db/tx';
import { reviewRecharge, rechargeDto, rechargeQuery } from './domain/recharge';
import { voucherDuplicates } from './domain/voucher';
import { reviewWithdraw, withdrawDto, withdrawQuery } from './domain/withdraw';
import { logAction } from '../../auth/operators';
import { count, QueueQuery, ReviewBody } from '../../admin/forms';

export async function fundsQueueRoutes(op: FastifyInstance): Promise<void> {
  registerRechargeQueue(op);
  registerWithdrawQueue(op);
}

/** GET /recharges (each with the other recharges that sent the same voucher) and POST /recharges/review. */
function registerRechargeQueue(op: FastifyInstance): void {
  const db = op.db;
  op.get('/recharges', async (req) => {
    const q = parse(QueueQuery, req.query);
    let base = rechargeQuery(db)
      .innerJoin('users', 'users.id', 'recharges.user_id')
      .leftJoin('operators', 'operators.id', 'recharges.reviewed_by')
      .select(['users.email', 'users.mobile', 'operators.name as reviewer']);
    if (q.status) base = base.where('recharges.status', '=', q.status);
    const rows = await base
      .orderBy('recharges.id', q.status === 'pending' ? 'asc' : 'desc')
      .limit(q.limit)
      .offset(offset(q))
      .execute();
    const dups = await voucherDuplicates(db, rows);
    const list: AdminRechargeItem[] = await Promise.all(
      rows.map(async (r) => ({
        ...(await rechargeDto(db, r)),
        user_id: r.user_id,
        account_name: r.email ?? r.mobile ?? '',
        reviewed_by: r.reviewer,
        duplicate_voucher_of: dups.get(r.id) ?? [],
      })),
    );
    let c = db.selectFrom('recharges').select((eb) => eb.fn.countAll<string>().as('n'));
    if (q.status) c = c.where('status', '=', q.status);
    return ok(pageOf(list, q, await count(c)));
  });
  op.post('/recharges/review', async (req) => {
    const b = parse(ReviewBody, req.body);
    await inTransaction(db, async (trx) => {
      const r = await reviewRecharge(trx, {
        id: b.id,
        operatorId: req.operatorId,
        approve: b.approve,
        reason: b.reason,
      });
      await logAction(trx, {
        operatorId: req.operatorId,
        action: b.approve ? 'recharge_approve' : 'recharge_reject',
        target: `user:${r.userId} recharge:${b.id}`,
        reason: b.reason || 'approved',
      });
    });
    return ok(true);
  });
}

/** GET /withdrawals and POST /withdrawals/review. */
function registerWithdrawQueue(op: FastifyInstance): void {
  const db = op.db;
  op.get('/withdrawals', async (req) => {
    const q = parse(QueueQuery, req.query);
    let base = withdrawQuery(db)
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .leftJoin('operators', 'operators.id', 'withdrawals.reviewed_by')
      .select(['users.email', 'users.mobile', 'operators.name as reviewer']);
    if (q.status) base = base.where('withdrawals.status', '=', q.status);
    const rows = await base
      .orderBy('withdrawals.id', q.status === 'pending' ? 'asc' : 'desc')
      .limit(q.limit)
      .offset(offset(q))
      .execute();
    const list: AdminWithdrawItem[] = rows.map((r) => ({
      ...withdrawDto(r),
      user_id: r.user_id,
      account_name: r.email ?? r.mobile ?? '',
      reviewed_by: r.reviewer,
    }));
    let c = db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<string>().as('n'));
    if (q.status) c = c.where('status', '=', q.status);
    return ok(pageOf(list, q, await count(c)));
  });
  op.post('/withdrawals/review', async (req) => {
    const b = parse(ReviewBody, req.body);
    await inTransaction(db, async (trx) => {
      const r = await reviewWithdraw(trx, {
        id: b.id,
        operatorId: req.operatorId,
        approve: b.approve,
        reason: b.reason,
      });
      await logAction(trx, {
        operatorId: req.operatorId,
        action: b.approve ? 'withdraw_approve' : 'withdraw_reject',
        target: `user:${r.userId} withdraw:${b.id}`,
        reason: b.reason || 'approved',
      });
    });
    return ok(true);
  });
}
