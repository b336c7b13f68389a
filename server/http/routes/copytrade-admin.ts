/**
 * Back office: the trader-application queue under /admin/api/traders (operators only, the
 * operator preHandler of server/admin/auth.ts). A review runs in one transaction with its
 * operator_actions row (who, when, why); a rejection needs a reason, shown to the applicant.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../envelope';
import { parse } from '../../kernel/validate';
import { authenticateOperator } from '../operator-auth';
import { logAction } from '../../domain/operators/operators';
import { listApplications, recomputeTraderStats, reviewTrader } from '../../domain/copytrade';
import { inTransaction } from '../../db/tx';
import { int } from '../../kernel/fields';
import { pagingShapeOf } from '../../kernel/paging';

const id = int(1);
const QueueQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  ...pagingShapeOf(20),
});
const ReviewBody = z
  .object({ user_id: id, approve: z.union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean(), z.literal(1), z.literal(0)]), reason: z.string().trim().max(500).default('') })
  .transform((b) => ({ userId: b.user_id, approve: b.approve === true || b.approve === '1' || b.approve === 'true' || b.approve === 1, reason: b.reason }))
  .refine((b) => b.approve || b.reason.length > 0, { error: 'reason_required' });

/** Registered by server/admin/routes.ts registerAdmin with the prefix /admin/api/traders. */
export async function copytradeAdminRoutes(op: FastifyInstance): Promise<void> {
  op.addHook('preHandler', authenticateOperator);
  op.get('/', async (req) => {
    const q = parse(QueueQuery, req.query);
    return ok(await listApplications(op.db, q.status, q.page, q.limit));
  });
  op.post('/review', async (req) => {
    const b = parse(ReviewBody, req.body);
    await inTransaction(op.db, async (trx) => {
      await reviewTrader(trx, { userId: b.userId, operatorId: req.operatorId, approve: b.approve, reason: b.reason });
      await logAction(trx, { operatorId: req.operatorId, action: b.approve ? 'trader_approve' : 'trader_reject', target: `user:${b.userId} trader`, reason: b.reason || 'approved' });
    });
    // an approved trader shows in the list with real figures at once, not at the next hour
    if (b.approve) await recomputeTraderStats(op.db);
    return ok(true);
  });
}
