/**
 * Back office under /admin/api/loans (operators only): every loan with its LTV at the feed price
 * and its state, the loan pairs, and editing or adding a pair (its terms apply to new loans only:
 * a loan keeps the terms it opened with). Each write runs in one transaction with its
 * operator_actions row (who, what, when, why).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loanFigures } from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { authenticateOperator } from '../../http/operator-auth';
import { logAction } from '../../auth/operators';
import { inTransaction } from '../../db/tx';
import { decimal, id, text } from '../../kernel/fields';
import { collateralPrice } from './domain/shared';
import { allLoans, listPairs } from './domain/views';
import { createPair, updatePair } from './domain/pairs';

const Terms = z.object({
  initial_ltv: decimal,
  margin_call_ltv: decimal,
  liquidation_ltv: decimal,
  hourly_rate: decimal,
  liquidation_penalty: decimal,
  min_amount: decimal,
  max_amount: decimal,
  enabled: z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean()).default(true),
  reason: text(500).min(1),
});

const LoansQuery = z.object({ status: z.enum(['open', 'liquidating', 'repaid', 'liquidated']).optional() });
const PairBody = Terms.extend({ loan_currency_id: id, collateral_currency_id: id });
const IdParams = z.object({ id });

export async function loanAdminRoutes(op: FastifyInstance): Promise<void> {
  op.addHook('preHandler', authenticateOperator);
  op.get('/loans', async (req) => {
    const q = parse(LoansQuery, req.query);
    const rows = await allLoans(op.db, q.status);
    const now = op.loans.now();
    return ok(
      await Promise.all(
        rows.map(async (l) => ({
          ...l,
          live: loanFigures(
            l,
            l.status === 'open'
              ? await collateralPrice(op.loans.ctx, l.loan_currency_id, l.collateral_currency_id)
              : undefined,
            now,
          ),
        })),
      ),
    );
  });
  op.get('/pairs', async () => ok(await listPairs(op.db, false)));
  op.post('/pairs', async (req) => {
    const b = parse(PairBody, req.body);
    const { reason, loan_currency_id, collateral_currency_id, ...terms } = b;
    return ok(
      await inTransaction(op.db, async (trx) => {
        const pid = await createPair(trx, loan_currency_id, collateral_currency_id, terms);
        await logAction(trx, {
          operatorId: req.operatorId,
          action: 'loan_pair_create',
          target: `loan_pair:${pid}`,
          reason,
          detail: { loan_currency_id, collateral_currency_id, ...terms },
        });
        return pid;
      }),
    );
  });
  op.post('/pairs/:id', async (req) => {
    const pid = parse(IdParams, req.params).id;
    const { reason, ...terms } = parse(Terms, req.body);
    return ok(
      await inTransaction(op.db, async (trx) => {
        await updatePair(trx, pid, terms);
        await logAction(trx, {
          operatorId: req.operatorId,
          action: 'loan_pair_update',
          target: `loan_pair:${pid}`,
          reason,
          detail: terms,
        });
        return pid;
      }),
    );
  });
}
