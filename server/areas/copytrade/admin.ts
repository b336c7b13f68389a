/**
 * Back office: the trader-application queue under /admin/api/traders (operators only: the area
 * mounts it with mountBackOffice). A review runs in one transaction with its
 * operator_actions row (who, when, why); a rejection needs a reason, shown to the applicant.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { logAction } from '../../auth/operators';
import { listApplications, recomputeTraderStats, reviewTrader } from './domain';
import { inTransaction } from '../../db/tx';
import { approveFlag, id, QueueQuery } from '../../admin/forms';

const ReviewBody = z
  .object({ user_id: id, approve: approveFlag, reason: z.string().trim().max(500).default('') })
  .transform((b) => ({ userId: b.user_id, approve: b.approve, reason: b.reason }))
  .refine((b) => b.approve || b.reason.length > 0, { error: 'reason_required' });

export async function copytradeAdminRoutes(op: FastifyInstance): Promise<void> {
  op.get('/', async (req) => {
    const q = parse(QueueQuery, req.query);
    return ok(await listApplications(op.db, q.status, q.page, q.limit));
  });
  op.post('/review', async (req) => {
    const b = parse(ReviewBody, req.body);
    await inTransaction(op.db, async (trx) => {
      await reviewTrader(trx, { userId: b.userId, operatorId: req.operatorId, approve: b.approve, reason: b.reason });
      await logAction(trx, {
        operatorId: req.operatorId,
        action: b.approve ? 'trader_approve' : 'trader_reject',
        target: `user:${b.userId} trader`,
        reason: b.reason || 'approved',
      });
    });
    // an approved trader shows in the list with real figures at once, not at the next hour
    if (b.approve) await recomputeTraderStats(op.db);
    return ok(true);
  });
}
