/**
 * The daily dividend and the expiry of lock-mining orders: each order's durable `lock.run` job at
 * each due time (runLockOrder), the start-up sweep (runLockMining), and an early redemption for its
 * own order.
 * Exactly once: a dividend is a lock_dividends row keyed (order_id, day), inserted ON CONFLICT DO
 * NOTHING in the same transaction as its ledger credit; the principal returns with a conditional
 * in_progress → redeemed update. A run stopped anywhere resumes where it stopped, and days missed
 * while the server was down are each paid once when it is back.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ExactDecimal, dividendDueAt, dividendsDue, lockDayRate, miningDailyYield } from '../../../../../core';
import type { Database } from '../../../../db/schema';
import type { ProductsTables } from '../../tables';
import { credit } from '../../../../db/ledger';
import { PRODUCT_ACCOUNT, type AfterCommit } from '../dual/shared';
import { inTransaction } from '../../../../db/tx';
import { enqueueLockRun } from '../queue';

type Row = Selectable<ProductsTables['lock_orders']>;

/** Pays the dividends of `o` due at nowMs that are not paid yet (the caller holds the row lock). */
export async function payDueDividends(trx: Transaction<Database>, o: Row, nowMs: number): Promise<number> {
  const due = dividendsDue(o.lock_at.getTime(), o.dividend_time, o.lock_days, nowMs);
  let paid = 0;
  let earned = new ExactDecimal(o.earned); // exact running sum of the daily yields
  for (let day = o.dividends_paid + 1; day <= due; day++) {
    const rate = lockDayRate(o.daily_rate_min, o.daily_rate_max, o.id, day);
    const amount = miningDailyYield(o.amount, rate);
    const row = await trx
      .insertInto('lock_dividends')
      .values({
        order_id: o.id,
        day,
        rate,
        amount,
        due_at: new Date(dividendDueAt(o.lock_at.getTime(), o.dividend_time, day)),
        paid_at: new Date(nowMs),
      })
      .onConflict((oc) => oc.columns(['order_id', 'day']).doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!row) continue;
    if (amount !== '0')
      await credit(trx, {
        userId: o.user_id,
        currencyId: o.currency_id,
        type: PRODUCT_ACCOUNT,
        amount,
        reason: 'lock_dividend',
        ref: { type: 'lock_order', id: o.id },
      });
    earned = earned.plus(amount);
    paid++;
  }
  if (due > o.dividends_paid)
    await trx
      .updateTable('lock_orders')
      .set({ dividends_paid: due, earned: earned.toFixed() })
      .where('id', '=', o.id)
      .execute();
  return paid;
}

/**
 * One order: due dividends, then the principal if the lock has expired. One transaction, which
 * also enqueues the order's next run while it stays locked (areas/products/domain/queue.ts).
 * This is the `lock.run` job's handler and the start-up sweep's step.
 */
export async function runLockOrder(
  db: Kysely<Database>,
  id: number,
  nowMs: number,
): Promise<{ dividends: number; expired: boolean }> {
  return inTransaction(db, async (trx) => {
    const o = await trx
      .selectFrom('lock_orders')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .forUpdate()
      .executeTakeFirst();
    if (!o) return { dividends: 0, expired: false };
    const dividends = await payDueDividends(trx, o, nowMs);
    if (o.expire_at.getTime() > nowMs) {
      const paid = dividendsDue(o.lock_at.getTime(), o.dividend_time, o.lock_days, nowMs);
      await enqueueLockRun(trx, { ...o, dividends_paid: Math.max(paid, o.dividends_paid) }, nowMs);
      return { dividends, expired: false };
    }
    const r = await trx
      .updateTable('lock_orders')
      .set({
        status: 'redeemed',
        redeemed_at: new Date(nowMs),
        redeem_type: 'expired',
        penalty: '0',
        returned: o.amount,
      })
      .where('id', '=', o.id)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1)
      await credit(trx, {
        userId: o.user_id,
        currencyId: o.currency_id,
        type: PRODUCT_ACCOUNT,
        amount: o.amount,
        reason: 'lock_principal_return',
        ref: { type: 'lock_order', id: o.id },
      });
    return { dividends, expired: true };
  });
}

export async function runLockMining(
  db: Kysely<Database>,
  nowMs: number,
  afterCommit?: AfterCommit,
): Promise<{ dividends: number; expired: number }> {
  const open = await db
    .selectFrom('lock_orders')
    .select(['id', 'lock_at', 'dividend_time', 'lock_days', 'dividends_paid', 'expire_at'])
    .where('status', '=', 'in_progress')
    .orderBy('id')
    .execute();
  const out = { dividends: 0, expired: 0 };
  for (const o of open) {
    const due = dividendsDue(o.lock_at.getTime(), o.dividend_time, o.lock_days, nowMs);
    if (due <= o.dividends_paid && o.expire_at.getTime() > nowMs) continue;
    const r = await runLockOrder(db, o.id, nowMs);
    out.dividends += r.dividends;
    if (r.expired) out.expired++;
    afterCommit?.('lock_order', o.id);
  }
  return out;
}
