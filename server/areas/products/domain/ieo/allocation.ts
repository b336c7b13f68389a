/**
 * A finalised project's allocation, public: the issuance, the sum applied, and every subscription's
 * id and amount (no user). With them any subscriber recomputes their own allotment with core's
 * proveIeo — the rule the server allotted by — in the order's "how this was settled" panel.
 */
import type { IeoAllocation } from '../../../../../core';
import { AppError } from '../../../../errors';
import { canon } from '../../../../kernel/decimal';
import type { Db } from '../../../../db/schema';

export async function ieoAllocation(db: Db, projectId: number): Promise<IeoAllocation> {
  const p = await db
    .selectFrom('ieo_projects')
    .select(['id', 'total_issuance', 'token_decimals', 'finalised_at'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!p) throw new AppError('product_order_not_found');
  // until every subscription is allotted the list is still moving: nothing to check yet
  if (!p.finalised_at) throw new AppError('ieo_not_ended');
  const subs = await db
    .selectFrom('ieo_orders')
    .select(['id', 'amount', 'alloc_issuance', 'alloc_applied'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const settled = subs.find((s) => s.alloc_issuance !== null);
  return {
    project_id: p.id,
    issuance: canon(settled?.alloc_issuance ?? p.total_issuance),
    token_decimals: p.token_decimals,
    applied: settled?.alloc_applied == null ? null : canon(settled.alloc_applied),
    subscriptions: subs.map((s) => ({ id: s.id, amount: canon(s.amount) })),
  };
}
