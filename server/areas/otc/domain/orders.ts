/**
 * The order's life after its opening (opening.ts), each step on the locked order (parties' balance
 * locks first): paid (the buyer, with proof, before the deadline), release (the seller, with the
 * payment password, once paid; before "paid" only when the seller confirms it explicitly), cancel
 * (the buyer, while unpaid), timeout (the job, at the deadline, while unpaid), appeal (either side,
 * once paid: the order waits for the back office, no timer acts on it), resolve (an operator:
 * release or refund, with a reason, logged), rate (the taker, once released). Release, cancel and
 * timeout are elements of the OTC group commit (settle-step.ts: the status guard in the statement),
 * the others one transaction each. A step whose state check fails changes nothing; the escrow
 * moves at most once (the guard, escrow.ts, and a UNIQUE final event).
 */
import type { OtcOrder } from '../../../../core';
import { AppError } from '../../../errors';
import { inTransaction, type Trx } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { enqueueInTx, runAtFor } from '../../../db/jobs';
import { claimUpload } from '../../../shared/files/files';
import { checkPayPassword } from '../../security/domain';
import { logAction } from '../../../auth/operators';
import { canon } from '../../../kernel/decimal';
import {
  addEvent,
  answered,
  currencyName,
  lockOrder,
  OTC_EXPIRE_TASK,
  otcExpireKey,
  partiesOf,
  roleOf,
  type OrderRow,
  type OtcCtx,
  type OtcNote,
} from './shared';
import { noteOrder } from './notices';
import { releaseEscrow, returnEscrow } from './escrow';
import { orderView } from './views';
import { delivered, poolOf, readOrder, settleStep, type Settle } from './settle-step';
import type { Caller } from '../../../auth/throttle';

export { OTC_EXPIRE_TASK, otcExpireKey };

/** A step's change on the locked order; it answers the notices it wrote (emailed after the commit). */
type Step = (trx: Trx, o: OrderRow, nowMs: number) => Promise<OtcNote[] | void>;

/** Runs one step on the caller's order: parties locked, the order locked, the step, the answer. */
async function onOrder(
  ctx: OtcCtx,
  userId: number,
  orderId: number,
  step: Step,
  key: IdempotencyScope | undefined,
): Promise<OtcOrder> {
  const p = await partiesOf(ctx.db, orderId, userId);
  const nowMs = ctx.now();
  const { view, notes } = await inTransaction(
    ctx.db,
    async (trx) => {
      const o = await lockOrder(trx, orderId);
      const notes = (await step(trx, o, nowMs)) ?? [];
      return { view: await answered(trx, userId, await orderView(trx, orderId, userId, nowMs)), notes };
    },
    { users: [p.buyer_id, p.seller_id], key },
  );
  ctx.push({ userIds: [p.buyer_id, p.seller_id], orderId, what: 'order' });
  await ctx.notify(notes, userId);
  return view;
}

const must = (
  cond: boolean,
  key: 'otc_order_state' | 'otc_not_paid' | 'otc_order_expired' | 'otc_order_in_appeal' | 'otc_order_not_found',
) => {
  if (!cond) throw new AppError(key);
};

export async function markPaid(
  ctx: OtcCtx,
  userId: number,
  b: { id: number; proof: string },
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  return onOrder(
    ctx,
    userId,
    b.id,
    async (trx, o, nowMs) => {
      must(o.buyer_id === userId, 'otc_order_state');
      must(o.status === 'unpaid', 'otc_order_state');
      must(nowMs < new Date(o.deadline).getTime(), 'otc_order_expired');
      const proof = await claimUpload(trx, userId, b.proof, 'voucher');
      await trx
        .updateTable('otc_orders')
        .set({ status: 'paid', paid_at: new Date(nowMs), proof })
        .where('id', '=', o.id)
        .execute();
      await addEvent(trx, { orderId: o.id, kind: 'paid', actor: 'buyer', actorId: userId, at: nowMs });
      return noteOrder(trx, o, 'otc_order_paid', ['seller']);
    },
    key,
  );
}

/**
 * A release, cancel or timeout on the group commit: the order read (no lock), refused early when
 * `check` refuses its status, then the statement's guard decides; a refusal there is `check`'s
 * error for the status it found. Answers the order as the caller now reads it.
 */
async function settleOrder(
  ctx: OtcCtx,
  userId: number,
  orderId: number,
  s: Settle,
  check: (status: string) => void,
): Promise<OtcOrder> {
  const db = poolOf(ctx.db);
  if (!db) throw new Error('otc: release and cancel run on the pool (the group commit), not in a transaction');
  const o = await readOrder(db, orderId);
  if (!o) throw new AppError('otc_order_not_found');
  check(o.status);
  const nowMs = ctx.now();
  const r = await settleStep(ctx, db, o, s, nowMs);
  if (!r.done) {
    check(r.status);
    throw new AppError('otc_order_state');
  }
  await delivered(ctx, o, r.notes, userId);
  return orderView(db, orderId, userId, nowMs);
}

/** `caller`: who enters the payment password (its throttle's source; the user as one source when not given). */
export async function release(
  ctx: OtcCtx,
  userId: number,
  b: { id: number; pay_password?: string; confirm_unpaid?: boolean },
  caller?: Caller,
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  const p = await partiesOf(ctx.db, b.id, userId);
  if (p.seller_id !== userId) throw new AppError('otc_order_state');
  // checked before the statement: a wrong password is counted (throttle) and nothing else happens
  const pre = await ctx.db.selectFrom('otc_orders').select('status').where('id', '=', b.id).executeTakeFirstOrThrow();
  if (pre.status === 'unpaid' && !b.confirm_unpaid) throw new AppError('otc_not_paid');
  await checkPayPassword(ctx.db, userId, b.pay_password, caller);
  const confirmed = b.confirm_unpaid === true;
  const s: Settle = {
    kind: 'release',
    from: confirmed ? ['paid', 'unpaid'] : ['paid'],
    actor: 'seller',
    actorId: userId,
    noteUnpaid: 'before paid (confirmed)',
    notice: { kind: 'otc_order_released', to: ['buyer'] },
    key,
  };
  return settleOrder(ctx, userId, b.id, s, (status) => {
    must(status !== 'appeal', 'otc_order_in_appeal');
    must(
      status === 'paid' || (status === 'unpaid' && confirmed),
      status === 'unpaid' ? 'otc_not_paid' : 'otc_order_state',
    );
  });
}

export async function cancel(
  ctx: OtcCtx,
  userId: number,
  b: { id: number },
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  const p = await partiesOf(ctx.db, b.id, userId);
  must(p.buyer_id === userId, 'otc_order_state');
  const s: Settle = { kind: 'cancel', from: ['unpaid'], actor: 'buyer', actorId: userId, key };
  return settleOrder(ctx, userId, b.id, s, (status) => must(status === 'unpaid', 'otc_order_state'));
}

export async function appeal(
  ctx: OtcCtx,
  userId: number,
  b: { id: number; reason: string },
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  return onOrder(
    ctx,
    userId,
    b.id,
    async (trx, o, nowMs) => {
      must(o.status === 'paid', 'otc_order_state');
      await trx
        .updateTable('otc_orders')
        .set({ status: 'appeal', appeal_by: userId, appeal_reason: b.reason })
        .where('id', '=', o.id)
        .execute();
      await addEvent(trx, {
        orderId: o.id,
        kind: 'appeal',
        actor: roleOf(o, userId),
        actorId: userId,
        at: nowMs,
        note: b.reason,
      });
      return noteOrder(trx, o, 'otc_appeal_opened', ['buyer', 'seller']);
    },
    key,
  );
}

export async function rate(
  ctx: OtcCtx,
  userId: number,
  b: { id: number; rating: number },
  key?: IdempotencyScope,
): Promise<OtcOrder> {
  return onOrder(
    ctx,
    userId,
    b.id,
    async (trx, o, nowMs) => {
      must(o.taker_id === userId && o.status === 'released' && o.rating === null, 'otc_order_state');
      await trx.updateTable('otc_orders').set({ rating: b.rating }).where('id', '=', o.id).execute();
      await addEvent(trx, {
        orderId: o.id,
        kind: 'rated',
        actor: roleOf(o, userId),
        actorId: userId,
        at: nowMs,
        note: String(b.rating),
      });
    },
    key,
  );
}

/** The back office decides an appealed order: the coin to the buyer, or back to the seller. */
export async function resolve(
  ctx: OtcCtx,
  operatorId: number,
  b: { id: number; outcome: 'release' | 'refund'; reason: string },
): Promise<void> {
  const p = await partiesOf(ctx.db, b.id);
  const nowMs = ctx.now();
  const notes = await inTransaction(
    ctx.db,
    async (trx) => {
      const o = await lockOrder(trx, b.id);
      if (o.status !== 'appeal') throw new AppError('otc_order_state');
      if (b.outcome === 'release') await releaseEscrow(trx, o);
      else await returnEscrow(trx, o, 'otc_refund');
      await trx
        .updateTable('otc_orders')
        .set({
          status: b.outcome === 'release' ? 'released' : 'refunded',
          resolution: b.reason,
          finished_at: new Date(nowMs),
        })
        .where('id', '=', o.id)
        .execute();
      await addEvent(trx, {
        orderId: o.id,
        kind: b.outcome === 'release' ? 'resolved_release' : 'resolved_refund',
        actor: 'operator',
        actorId: operatorId,
        at: nowMs,
        note: b.reason,
      });
      const coin = await currencyName(trx, o.coin_id);
      await logAction(trx, {
        operatorId,
        action: `otc_appeal_${b.outcome}`,
        target: `otc_order:${o.id}`,
        reason: b.reason,
        detail: { coin, amount: canon(o.coin_amount), buyer: o.buyer_id, seller: o.seller_id },
      });
      return noteOrder(
        trx,
        o,
        b.outcome === 'release' ? 'otc_appeal_release' : 'otc_appeal_refund',
        ['buyer', 'seller'],
        { reason: b.reason },
      );
    },
    { users: [p.buyer_id, p.seller_id] },
  );
  ctx.push({ userIds: [p.buyer_id, p.seller_id], orderId: b.id, what: 'order' });
  await ctx.notify(notes);
}

/** Test hook: called after each order's commit; throwing stops the pass there (a "crash"). */
export type AfterCommit = (kind: string, id: number) => void;

/** The sweep at start (orders opened before the job queue existed): every unpaid order past its deadline, once. */
export async function expireDue(ctx: OtcCtx, afterCommit?: AfterCommit): Promise<number> {
  const nowMs = ctx.now();
  const due = await ctx.db
    .selectFrom('otc_orders')
    .select(['id'])
    .where('status', '=', 'unpaid')
    .where('deadline', '<=', new Date(nowMs))
    .orderBy('id')
    .execute();
  let n = 0;
  for (const d of due) if ((await expireOne(ctx, d.id, afterCommit)) === 'expired') n++;
  return n;
}

/**
 * Cancels one unpaid order past its deadline and returns its escrow: an element of the group commit
 * whose guard (still unpaid, past the deadline, under the order's row lock) makes a retry, the
 * sweep and a release racing it act once. 'early' when the rules' clock has not reached the
 * deadline (the job came early; it is moved).
 */
export async function expireOne(
  ctx: OtcCtx,
  orderId: number,
  afterCommit?: AfterCommit,
): Promise<'expired' | 'early' | 'gone'> {
  const nowMs = ctx.now();
  const db = poolOf(ctx.db);
  if (!db) throw new Error('otc: the deadline runs on the pool (the group commit), not in a transaction');
  const o = await readOrder(db, orderId);
  if (!o || o.status !== 'unpaid') return 'gone';
  const deadline = new Date(o.deadline).getTime();
  if (deadline > nowMs) {
    await enqueueInTx(
      db,
      OTC_EXPIRE_TASK,
      { id: o.id },
      { jobKey: otcExpireKey(o.id), runAt: runAtFor(deadline, nowMs) },
    );
    return 'early';
  }
  const s: Settle = {
    kind: 'timeout',
    from: ['unpaid'],
    actor: 'system',
    actorId: null,
    notice: { kind: 'otc_order_timeout', to: ['buyer', 'seller'] },
  };
  const r = await settleStep(ctx, db, o, s, nowMs);
  if (!r.done) return 'gone';
  afterCommit?.('otc_timeout', o.id);
  await delivered(ctx, o, r.notes);
  return 'expired';
}
