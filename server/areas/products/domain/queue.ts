/**
 * The products' durable jobs: a dual order's maturity, a lock-up order's next dividend
 * (its last one is the expiry) and an IEO project's end. Each is enqueued in the transaction that
 * creates the row (buy, deposit, project creation), keyed by the row, so it exists exactly when the
 * row does; the handlers (server/jobs/products) settle the unit by its row's state under lock and,
 * when work remains or they came early, enqueue the unit's next run in that same transaction.
 * Rows from before the queue have no job: the start-up sweep gives every open row its job
 * (scheduleOpenProducts) after settling what is already due.
 *
 * Times: the rules read the products' clock (`nowMs`, moved by the tests); the queue runs on the
 * database's (db/jobs.ts runAtFor).
 */
import type { Kysely } from 'kysely';
import { dividendDueAt } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { Trx } from '../../../db/tx';
import { enqueueInTx, runAtFor } from '../../../db/jobs';

export const DUAL_SETTLE = 'dual.settle';
export const LOCK_RUN = 'lock.run';
export const IEO_FINALISE = 'ieo.finalise';

export const dualSettleKey = (orderId: number): string => `${DUAL_SETTLE}:${orderId}`;
export const lockRunKey = (orderId: number): string => `${LOCK_RUN}:${orderId}`;
export const ieoFinaliseKey = (projectId: number): string => `${IEO_FINALISE}:${projectId}`;

type Db = Trx | Kysely<Database>;

/** The order's settlement at `dueMs` (its maturity, or a later look for a price). */
export async function enqueueDualSettle(db: Db, orderId: number, dueMs: number, nowMs: number): Promise<void> {
  await enqueueInTx(
    db,
    DUAL_SETTLE,
    { id: orderId },
    { jobKey: dualSettleKey(orderId), runAt: runAtFor(dueMs, nowMs) },
  );
}

export interface LockSchedule {
  id: number;
  lock_at: Date;
  dividend_time: string;
  lock_days: number;
  dividends_paid: number;
}

/** When the order's next step falls due: its next unpaid dividend (the last one comes with the principal). */
export function nextLockDue(o: LockSchedule): number {
  return dividendDueAt(o.lock_at.getTime(), o.dividend_time, Math.min(o.dividends_paid + 1, o.lock_days));
}

export async function enqueueLockRun(db: Db, o: LockSchedule, nowMs: number): Promise<void> {
  await enqueueInTx(db, LOCK_RUN, { id: o.id }, { jobKey: lockRunKey(o.id), runAt: runAtFor(nextLockDue(o), nowMs) });
}

/** The project's allotment at its end. Without `nowMs` (an operator's or the seed's absolute time) it runs at endMs itself. */
export async function enqueueIeoFinalise(db: Db, projectId: number, endMs: number, nowMs?: number): Promise<void> {
  await enqueueInTx(
    db,
    IEO_FINALISE,
    { id: projectId },
    { jobKey: ieoFinaliseKey(projectId), runAt: nowMs === undefined ? new Date(endMs) : runAtFor(endMs, nowMs) },
  );
}

/**
 * Every open row gets its job (replacing a pending one with the same time): the rows from before
 * the queue, and any whose job an operator removed. Run by the start-up sweep after what is due now.
 */
export async function scheduleOpenProducts(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ dual: number; lock: number; ieo: number }> {
  const dual = await db
    .selectFrom('dual_orders')
    .select(['id', 'maturity_at'])
    .where('status', 'in', ['purchased', 'settling'])
    .execute();
  for (const o of dual) await enqueueDualSettle(db, o.id, o.maturity_at.getTime(), nowMs);
  const lock = await db
    .selectFrom('lock_orders')
    .select(['id', 'lock_at', 'dividend_time', 'lock_days', 'dividends_paid'])
    .where('status', '=', 'in_progress')
    .execute();
  for (const o of lock) await enqueueLockRun(db, o, nowMs);
  const ieo = await db.selectFrom('ieo_projects').select(['id', 'end_at']).where('finalised_at', 'is', null).execute();
  for (const p of ieo) await enqueueIeoFinalise(db, p.id, p.end_at.getTime(), nowMs);
  return { dual: dual.length, lock: lock.length, ieo: ieo.length };
}
