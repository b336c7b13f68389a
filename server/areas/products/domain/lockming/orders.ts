/**
 * Lock-mining orders: subscribe (/lh/deposit), list (/lh/deposit/order), early redemption
 * (/lh/deposit/order/cancel) and the dividend lines. Schedule and penalty come from core
 * (lock-schedule: dividend k due at the k-th dividend time after the lock, expiry with the last;
 * lock-mining: penalty = ratio × remaining days × amount).
 */
import type { Kysely, Selectable } from 'kysely';
import {
  earlyRedemption,
  lockExpireAt,
  lockRemainingDays,
  type Lang,
  type LockDividend,
  type LockOrder,
  type LockOrderStatus,
  type Page,
} from '../../../../../core';
import type { Database } from '../../../../db/schema';
import type { ProductsTables } from '../../tables';
import { credit, debit } from '../../../../db/ledger';
import { AppError } from '../../../../errors';
import { PRODUCT_ACCOUNT, currencyDecimals, currencyNames, parseProductAmount } from '../dual/shared';
import { lockConfigNames, lockConfigRow } from './configs';
import { localised } from '../../../../kernel/localised';
import { payDueDividends } from './dividends';
import { inTransaction } from '../../../../db/tx';
import type { IdempotencyScope } from '../../../../db/idempotency-scope';
import { enqueueLockRun } from '../queue';
import type { Db } from '../../../../db/schema';
import { iso } from '../../../../kernel/time';
import { canon } from '../../../../kernel/decimal';
import { type Paging } from '../../../../kernel/paging';

type Row = Selectable<ProductsTables['lock_orders']>;

function lockOrderDto(o: Row, currencyName: string, nowMs: number, name = o.name): LockOrder {
  const open = o.status === 'in_progress';
  const remaining = open ? lockRemainingDays(o.lock_at.getTime(), o.dividend_time, o.lock_days, nowMs) : 0;
  const now = open
    ? earlyRedemption({ amount: o.amount, penaltyRatio: o.penalty_ratio, remainingDays: remaining })
    : { penalty: '0', returned: '0' };
  return {
    id: o.id,
    config_id: o.config_id,
    kind: o.kind,
    name,
    currency_id: o.currency_id,
    currency_name: currencyName,
    amount: canon(o.amount),
    daily_rate_min: canon(o.daily_rate_min),
    daily_rate_max: canon(o.daily_rate_max),
    lock_days: o.lock_days,
    dividend_time: o.dividend_time,
    penalty_ratio: canon(o.penalty_ratio),
    status: o.status,
    lock_at: o.lock_at.toISOString(),
    expire_at: o.expire_at.toISOString(),
    earned: canon(o.earned),
    dividends_paid: o.dividends_paid,
    remaining_days: remaining,
    penalty_now: now.penalty,
    returned_now: now.returned,
    redeemed_at: iso(o.redeemed_at),
    redeem_type: o.redeem_type,
    penalty: o.penalty === null ? null : canon(o.penalty),
    returned: o.returned === null ? null : canon(o.returned),
  };
}

export async function lockOrder(
  db: Db,
  userId: number,
  id: number,
  nowMs: number,
  lang: Lang = 'en',
): Promise<LockOrder> {
  const o = await db
    .selectFrom('lock_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!o) throw new AppError('product_order_not_found');
  const [names, local] = await Promise.all([currencyNames(db, [o.currency_id]), lockConfigNames(db, [o.config_id])]);
  return lockOrderDto(o, names.get(o.currency_id) ?? '', nowMs, localised(o.name, local.get(o.config_id), lang));
}

export async function lockOrders(
  db: Db,
  userId: number,
  q: Paging & { status?: LockOrderStatus },
  nowMs: number,
  lang: Lang = 'en',
): Promise<Page<LockOrder>> {
  let base = db.selectFrom('lock_orders').where('user_id', '=', userId);
  if (q.status) base = base.where('status', '=', q.status);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const [names, local] = await Promise.all([
    currencyNames(
      db,
      rows.map((r) => r.currency_id),
    ),
    lockConfigNames(
      db,
      rows.map((r) => r.config_id),
    ),
  ]);
  return {
    list: rows.map((r) =>
      lockOrderDto(r, names.get(r.currency_id) ?? '', nowMs, localised(r.name, local.get(r.config_id), lang)),
    ),
    page: q.page,
    limit: q.limit,
    total: Number(total.n),
  };
}

export async function lockDividends(db: Db, userId: number, orderId: number): Promise<LockDividend[]> {
  const o = await db
    .selectFrom('lock_orders')
    .select('id')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!o) throw new AppError('product_order_not_found');
  const rows = await db
    .selectFrom('lock_dividends')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    rate: canon(r.rate),
    amount: canon(r.amount),
    paid_at: r.paid_at.toISOString(),
  }));
}

/** Subscribes: the configuration is copied onto the order, so later edits never change it. */
export async function depositLock(
  db: Kysely<Database>,
  userId: number,
  input: { config_id: number; amount: unknown },
  nowMs: number,
  key?: IdempotencyScope,
): Promise<number> {
  const c = await lockConfigRow(db, input.config_id);
  const amount = parseProductAmount(input.amount, {
    decimals: await currencyDecimals(db, c.currency_id),
    min: c.min_amount,
    max: c.max_amount,
  });
  return inTransaction(
    db,
    async (trx) => {
      const o = await trx
        .insertInto('lock_orders')
        .values({
          user_id: userId,
          config_id: c.id,
          kind: c.kind,
          name: c.name,
          currency_id: c.currency_id,
          amount,
          daily_rate_min: c.daily_rate_min,
          daily_rate_max: c.daily_rate_max,
          lock_days: c.lock_days,
          dividend_time: c.dividend_time,
          penalty_ratio: c.penalty_ratio,
          lock_at: new Date(nowMs),
          expire_at: new Date(lockExpireAt(nowMs, c.dividend_time, c.lock_days)),
          created_at: new Date(nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await debit(trx, {
        userId,
        currencyId: c.currency_id,
        type: PRODUCT_ACCOUNT,
        amount,
        reason: 'lock_deposit',
        ref: { type: 'lock_order', id: o.id },
      });
      // its first dividend: a durable job that exists only if this deposit commits (each run enqueues the next)
      await enqueueLockRun(
        trx,
        {
          id: o.id,
          lock_at: new Date(nowMs),
          dividend_time: c.dividend_time,
          lock_days: c.lock_days,
          dividends_paid: 0,
        },
        nowMs,
      );
      return o.id;
    },
    { key },
  );
}

/**
 * Early redemption. Dividends already due are paid first (they were earned); then the principal
 * returns through the ledger and the penalty (ratio × remaining days × amount) is taken as its own
 * journal line, so the bill shows both. With no days left it is an ordinary expiry, no penalty.
 */
export async function cancelLock(
  db: Kysely<Database>,
  userId: number,
  id: number,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<void> {
  await inTransaction(
    db,
    async (trx) => {
      const o = await trx
        .selectFrom('lock_orders')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!o) throw new AppError('product_order_not_found');
      if (o.status !== 'in_progress') throw new AppError('lock_order_redeemed');
      await payDueDividends(trx, o, nowMs);
      const remaining = lockRemainingDays(o.lock_at.getTime(), o.dividend_time, o.lock_days, nowMs);
      const r = earlyRedemption({ amount: o.amount, penaltyRatio: o.penalty_ratio, remainingDays: remaining });
      const ref = { type: 'lock_order', id: o.id };
      await trx
        .updateTable('lock_orders')
        .set({
          status: 'redeemed',
          redeemed_at: new Date(nowMs),
          redeem_type: remaining > 0 ? 'early' : 'expired',
          penalty: r.penalty,
          returned: r.returned,
        })
        .where('id', '=', o.id)
        .where('status', '=', 'in_progress')
        .execute();
      await credit(trx, {
        userId,
        currencyId: o.currency_id,
        type: PRODUCT_ACCOUNT,
        amount: o.amount,
        reason: 'lock_principal_return',
        ref,
      });
      if (r.penalty !== '0')
        await debit(trx, {
          userId,
          currencyId: o.currency_id,
          type: PRODUCT_ACCOUNT,
          amount: r.penalty,
          reason: 'lock_penalty',
          ref,
        });
    },
    { key },
  );
}
