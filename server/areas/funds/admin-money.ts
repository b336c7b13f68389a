/**
 * Back office: money an operator moves by hand — a balance adjustment (journaled through the
 * ledger, referencing its operator_actions row) and a coupon grant (/admin/api/users/adjust,
 * /admin/api/coupons/grant).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import Decimal from 'decimal.js';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { decimal, int, intOr, signedDecimal } from '../../kernel/fields';
import { inTransaction } from '../../db/tx';
import { credit, debit, getBalances } from '../../db/ledger';
import { fundsCurrency } from './domain';
import { addNotice } from '../../db/notices';
import { logAction } from '../../auth/operators';
import { id, requiredReason } from '../../admin/forms';

const AdjustBody = z.object({
  user_id: id,
  currency_id: id,
  type: int(1, 4),
  amount: signedDecimal,
  reason: requiredReason,
});
const CouponBody = z.object({
  user_id: id,
  title: z.string().trim().min(1).max(60),
  currency_id: id,
  amount: decimal,
  min_spend: decimal.default('0'),
  expires_days: intOr(0, 3650, 30),
  reason: requiredReason,
});

export async function fundsMoneyAdminRoutes(op: FastifyInstance): Promise<void> {
  const db = op.db;
  op.post('/users/adjust', async (req) => {
    const b = parse(AdjustBody, req.body);
    const amount = new Decimal(b.amount);
    if (amount.isZero()) throw new AppError('amount_invalid');
    const c = await fundsCurrency(db, b.currency_id);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', b.user_id)
      .where('status', '<>', 2)
      .executeTakeFirst();
    if (!user) throw new AppError('not_found');
    await inTransaction(db, async (trx) => {
      const actionId = await logAction(trx, {
        operatorId: req.operatorId,
        action: 'balance_adjust',
        target: `user:${b.user_id}`,
        reason: b.reason,
        detail: { currency: c.name, type: b.type, amount: amount.toFixed() },
      });
      const entry = {
        userId: b.user_id,
        currencyId: c.id,
        type: b.type,
        amount: amount.abs().toFixed(),
        reason: 'adjust',
        ref: { type: 'operator_action', id: actionId },
      };
      if (amount.isPositive()) await credit(trx, entry);
      else await debit(trx, entry);
      await addNotice(trx, {
        userId: b.user_id,
        kind: 'adjust',
        title: 'notice_adjust_title',
        body: 'notice_adjust_body',
        params: { amount: amount.toFixed(), currency: c.name, reason: b.reason },
      });
    });
    return ok(await getBalances(db, b.user_id));
  });
  op.post('/coupons/grant', async (req) => {
    const b = parse(CouponBody, req.body);
    const c = await fundsCurrency(db, b.currency_id);
    if (new Decimal(b.amount).lte(0)) throw new AppError('amount_invalid');
    if (!(await db.selectFrom('users').select('id').where('id', '=', b.user_id).executeTakeFirst()))
      throw new AppError('not_found');
    await inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('coupons')
        .values({
          user_id: b.user_id,
          title: b.title,
          currency_id: c.id,
          amount: b.amount,
          min_spend: b.min_spend,
          expires_at: b.expires_days ? new Date(Date.now() + b.expires_days * 86_400_000) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'coupon_grant',
        target: `user:${b.user_id} coupon:${row.id}`,
        reason: b.reason,
        detail: { amount: b.amount, currency: c.name },
      });
    });
    return ok(true);
  });
}
