/** IEO: every finalised subscription's allotment, cost and refund over all of its project's subscriptions (core proveIeo). */
import { proveIeo } from '../../../core';
import type { OutcomeChecker, VerifyRow } from '../../db/outcome-checker';
import { rowOf } from '../rows';

export const ieoChecker: OutcomeChecker = {
  product: 'IEO allocation',
  async check(db) {
    const projects = await db
      .selectFrom('ieo_projects')
      .select(['id', 'total_issuance', 'token_decimals'])
      .where('finalised_at', 'is not', null)
      .orderBy('id')
      .execute();
    const out: VerifyRow[] = [];
    for (const p of projects) {
      const orders = await db
        .selectFrom('ieo_orders')
        .selectAll()
        .where('project_id', '=', p.id)
        .orderBy('id')
        .execute();
      const settled = orders.find((o) => o.alloc_issuance !== null);
      const proofs = proveIeo({
        issuance: settled?.alloc_issuance ?? p.total_issuance,
        tokenDecimals: p.token_decimals,
        appliedRecorded: settled?.alloc_applied ?? null,
        subscriptions: orders.map((o) => ({
          id: o.id,
          amount: o.amount,
          price: o.price,
          paid: o.pay_amount,
          stored: { allotted: o.allotted, cost: o.cost, refund: o.refund },
        })),
      });
      for (const o of orders) {
        if (o.status === 'pending') continue;
        const proof = proofs.get(o.id);
        if (proof) out.push(rowOf(o.id, proof));
      }
    }
    return out;
  },
};
