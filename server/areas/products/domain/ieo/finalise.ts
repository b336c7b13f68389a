/**
 * IEO finalisation: each project's durable `ieo.finalise` job at its end (enqueued when the project
 * is created), and the start-up sweep for every project past end_at and not yet finalised.
 * The allotment is core allocateIeo over ALL of the project's subscriptions — fixed once the
 * project has ended, so every run computes the same numbers. Each subscription is then settled in
 * its own transaction with a conditional pending → passed|failed update: the cost leaves the frozen
 * payment (settleFrozen), the rest is unfrozen, the tokens are credited. A run stopped anywhere
 * resumes with the remaining pending subscriptions; the project is marked finalised when none is left.
 */
import type { Kysely } from 'kysely';
import { ExactDecimal, allocateIeo, ieoSettlement } from '../../../../../core';
import type { Database } from '../../../../db/schema';
import { credit, settleFrozen, unfreeze } from '../../../../db/ledger';
import { PRODUCT_ACCOUNT, type AfterCommit } from '../dual/shared';
import { inTransaction } from '../../../../db/tx';
import { enqueueIeoFinalise } from '../queue';

export async function finaliseProject(
  db: Kysely<Database>,
  projectId: number,
  nowMs: number,
  afterCommit?: AfterCommit,
): Promise<number> {
  // Read under the project row lock a subscription takes, so one that began just before end_at
  // has committed (and is counted) before the allotment is computed.
  const snap = await inTransaction(db, async (trx) => {
    const p = await trx
      .selectFrom('ieo_projects')
      .selectAll()
      .where('id', '=', projectId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const all = await trx
      .selectFrom('ieo_orders')
      .select(['id', 'amount', 'status'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    return { p, all };
  });
  const { p, all } = snap;
  if (p.finalised_at || p.end_at.getTime() > nowMs) return 0;
  const { allotments } = allocateIeo(
    p.total_issuance,
    all.map((o) => ({ id: o.id, amount: o.amount })),
    p.token_decimals,
  );
  const allotted = new Map(allotments.map((a) => [a.id, a.allotted]));
  // the rule's inputs, kept on every subscription it settles (verify recomputes from them)
  const applied = all.reduce((sum, o) => sum.plus(o.amount), new ExactDecimal(0)).toFixed();
  let settled = 0;
  for (const o of all) {
    if (o.status !== 'pending') continue;
    const done = await inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom('ieo_orders')
        .selectAll()
        .where('id', '=', o.id)
        .where('status', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
      if (!row) return false;
      const got = allotted.get(o.id) ?? '0';
      const s = ieoSettlement({ allotted: got, price: row.price, paid: row.pay_amount });
      await trx
        .updateTable('ieo_orders')
        .set({
          status: got === '0' ? 'failed' : 'passed',
          allotted: got,
          cost: s.cost,
          refund: s.refund,
          finalised_at: new Date(nowMs),
          alloc_issuance: p.total_issuance,
          alloc_applied: applied,
        })
        .where('id', '=', o.id)
        .where('status', '=', 'pending')
        .execute();
      const e = { userId: row.user_id, type: PRODUCT_ACCOUNT, ref: { type: 'ieo_order', id: o.id } };
      if (s.cost !== '0')
        await settleFrozen(trx, { ...e, currencyId: row.pay_currency_id, amount: s.cost, reason: 'ieo_payment' });
      if (s.refund !== '0')
        await unfreeze(trx, { ...e, currencyId: row.pay_currency_id, amount: s.refund, reason: 'ieo_refund' });
      if (got !== '0') await credit(trx, { ...e, currencyId: p.token_currency_id, amount: got, reason: 'ieo_tokens' });
      return true;
    });
    if (done) settled++;
    afterCommit?.('ieo_order', o.id);
  }
  await db
    .updateTable('ieo_projects')
    .set({ finalised_at: new Date(nowMs) })
    .where('id', '=', projectId)
    .where('finalised_at', 'is', null)
    .execute();
  return settled;
}

/** The `ieo.finalise` job: allots the project once it has ended on the products' clock; early, it enqueues itself for the end. */
export async function finaliseProjectJob(
  db: Kysely<Database>,
  projectId: number,
  nowMs: number,
): Promise<'done' | 'early' | 'gone'> {
  const p = await db
    .selectFrom('ieo_projects')
    .select(['id', 'end_at', 'finalised_at'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!p || p.finalised_at) return 'gone';
  if (p.end_at.getTime() > nowMs) {
    await enqueueIeoFinalise(db, p.id, p.end_at.getTime(), nowMs);
    return 'early';
  }
  await finaliseProject(db, p.id, nowMs);
  return 'done';
}

export async function finaliseDueProjects(
  db: Kysely<Database>,
  nowMs: number,
  afterCommit?: AfterCommit,
): Promise<number> {
  const due = await db
    .selectFrom('ieo_projects')
    .select('id')
    .where('finalised_at', 'is', null)
    .where('end_at', '<=', new Date(nowMs))
    .orderBy('end_at')
    .execute();
  let n = 0;
  for (const p of due) n += await finaliseProject(db, p.id, nowMs, afterCommit);
  return n;
}
