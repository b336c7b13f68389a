/**
 * POST /dual/buyDual {id, num}: num shares, a positive integer within the product's limits and the
 * remaining shares; amount = num × per_price debited in the invest currency. One transaction: the
 * product row is locked, shares taken with a guarded update, the order written, the ledger debited
 * (insufficient_balance rolls everything back) and the order's maturity job enqueued.
 */
import { dualAmount } from '../../../../../core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema';
import { debit } from '../../../../db/ledger';
import { AppError } from '../../../../errors';
import { investCurrencyId, productStatus } from './products';
import { PRODUCT_ACCOUNT } from './shared';
import { inTransaction } from '../../../../db/tx';
import type { IdempotencyScope } from '../../../../db/idempotency-scope';
import { enqueueDualSettle } from '../queue';

/** "3" → 3; '' / missing → dual_num_required; "1.5", "abc" → dual_num_integer. */
function parseShares(raw: unknown): number {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (s === '') throw new AppError('dual_num_required');
  if (!/^-?\d+$/.test(s)) throw new AppError('dual_num_integer');
  const n = Number(s);
  if (!Number.isSafeInteger(n)) throw new AppError('dual_num_integer');
  return n;
}

export async function buyDual(
  db: Kysely<Database>,
  userId: number,
  input: { id: number; num: unknown },
  nowMs: number,
  key?: IdempotencyScope,
): Promise<number> {
  const num = parseShares(input.num);
  return inTransaction(
    db,
    async (trx) => {
      const p = await trx
        .selectFrom('dual_products')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!p) throw new AppError('product_not_found');
      const status = productStatus(p, nowMs);
      if (status === 'closed') throw new AppError('dual_closed');
      if (num < p.min_num) throw new AppError('dual_num_below_min', { min: p.min_num });
      if (p.max_num !== null && num > p.max_num) throw new AppError('dual_num_above_max', { max: p.max_num });
      const remaining = p.total_shares - p.sold_shares;
      if (num > remaining) throw new AppError('dual_sold_out', { remaining });

      const took = await trx
        .updateTable('dual_products')
        .set((eb) => ({ sold_shares: eb('sold_shares', '+', num) }))
        .where('id', '=', p.id)
        .where((eb) => eb(eb('sold_shares', '+', num), '<=', eb.ref('total_shares')))
        .executeTakeFirst();
      if (Number(took.numUpdatedRows) !== 1) throw new AppError('dual_sold_out', { remaining });

      const amount = dualAmount(num, p.per_price);
      const invest = investCurrencyId(p);
      // Demo products mature a fixed time after each purchase; the others on the product's date.
      const maturity =
        p.demo_maturity_seconds !== null ? new Date(nowMs + p.demo_maturity_seconds * 1000) : (p.maturity_at as Date);
      const order = await trx
        .insertInto('dual_orders')
        .values({
          user_id: userId,
          product_id: p.id,
          type: p.type,
          currency_id: p.currency_id,
          quote_id: p.quote_id,
          invest_currency_id: invest,
          num,
          per_price: p.per_price,
          amount,
          apr: p.apr,
          linked_price: p.linked_price,
          days: p.days,
          maturity_at: maturity,
          created_at: new Date(nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await debit(trx, {
        userId,
        currencyId: invest,
        type: PRODUCT_ACCOUNT,
        amount,
        reason: 'dual_buy',
        ref: { type: 'dual_order', id: order.id },
      });
      // its settlement at maturity: a durable job that exists only if this purchase commits
      await enqueueDualSettle(trx, order.id, maturity.getTime(), nowMs);
      return order.id;
    },
    { key },
  );
}
