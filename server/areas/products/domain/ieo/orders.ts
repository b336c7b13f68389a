/**
 * IEO subscription (/project/order) and the user's subscriptions (/user/project/order).
 * Subscribing freezes amount × price of the pay currency; the finalise job later spends what the
 * allotment costs and unfreezes the rest.
 */
import Decimal from 'decimal.js';
import type { Kysely, Selectable } from 'kysely';
import { ExactDecimal, type IeoOrder, type Page } from '../../../../../core';
import type { Database } from '../../../../db/schema';
import type { ProductsTables } from '../../tables';
import { freeze } from '../../../../db/ledger';
import { AppError } from '../../../../errors';
import { PRODUCT_ACCOUNT, currencyNames, parseProductAmount } from '../dual/shared';
import { ieoStatus } from './projects';
import { inTransaction } from '../../../../db/tx';
import type { IdempotencyScope } from '../../../../db/idempotency-scope';
import type { Db } from '../../../../db/schema';
import { iso } from '../../../../kernel/time';
import { canon } from '../../../../kernel/decimal';
import { type Paging } from '../../../../kernel/paging';

export interface IeoOrderInput {
  project_id: number;
  amount: unknown;
  pay_currency: number;
  price: unknown;
}

export async function subscribeIeo(
  db: Kysely<Database>,
  userId: number,
  input: IeoOrderInput,
  nowMs: number,
  key?: IdempotencyScope,
): Promise<number> {
  return inTransaction(
    db,
    async (trx) => {
      // Locked so the finalise job (which starts at end_at) never races a last-second subscription.
      const p = await trx
        .selectFrom('ieo_projects')
        .selectAll()
        .where('id', '=', input.project_id)
        .forUpdate()
        .executeTakeFirst();
      if (!p) throw new AppError('product_not_found');
      const status = ieoStatus(p, nowMs);
      if (status === 'warmup') throw new AppError('ieo_not_started');
      if (status === 'finished' || p.finalised_at) throw new AppError('ieo_finished');
      const pay = await trx
        .selectFrom('ieo_pay_currencies')
        .select('price')
        .where('project_id', '=', p.id)
        .where('currency_id', '=', input.pay_currency)
        .executeTakeFirst();
      if (!pay) throw new AppError('ieo_pay_currency_invalid');
      const shown =
        typeof input.price === 'string' || typeof input.price === 'number' ? String(input.price).trim() : '';
      if (!/^\d+(\.\d+)?$/.test(shown) || !new Decimal(shown).eq(pay.price)) throw new AppError('ieo_price_changed');
      const amount = parseProductAmount(input.amount, {
        decimals: p.token_decimals,
        min: p.min_amount,
        max: p.max_amount,
      });
      // exact (ExactDecimal, not the 20-digit default): finalise settles cost = allotted × price against it
      const payAmount = new ExactDecimal(amount).times(pay.price).toFixed();
      const o = await trx
        .insertInto('ieo_orders')
        .values({
          user_id: userId,
          project_id: p.id,
          amount,
          pay_currency_id: input.pay_currency,
          price: pay.price,
          pay_amount: payAmount,
          created_at: new Date(nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await freeze(trx, {
        userId,
        currencyId: input.pay_currency,
        type: PRODUCT_ACCOUNT,
        amount: payAmount,
        reason: 'ieo_subscribe',
        ref: { type: 'ieo_order', id: o.id },
      });
      return o.id;
    },
    { key },
  );
}

type Row = Selectable<ProductsTables['ieo_orders']> & {
  project_name: string;
  symbol: string;
  token_currency_id: number;
};

function query(db: Db) {
  return db
    .selectFrom('ieo_orders')
    .innerJoin('ieo_projects', 'ieo_projects.id', 'ieo_orders.project_id')
    .selectAll('ieo_orders')
    .select(['ieo_projects.name as project_name', 'ieo_projects.symbol', 'ieo_projects.token_currency_id']);
}

function toDto(o: Row, names: Map<number, string>): IeoOrder {
  const n = (v: string | null) => (v === null ? null : canon(v));
  return {
    id: o.id,
    project_id: o.project_id,
    project_name: o.project_name,
    symbol: o.symbol,
    token_currency_id: o.token_currency_id,
    amount: canon(o.amount),
    pay_currency_id: o.pay_currency_id,
    pay_currency_name: names.get(o.pay_currency_id) ?? '',
    price: canon(o.price),
    pay_amount: canon(o.pay_amount),
    status: o.status,
    created_at: o.created_at.toISOString(),
    allotted: n(o.allotted),
    cost: n(o.cost),
    refund: n(o.refund),
    finalised_at: iso(o.finalised_at),
  };
}

export async function ieoOrder(db: Db, userId: number, id: number): Promise<IeoOrder> {
  const o = await query(db).where('ieo_orders.id', '=', id).where('ieo_orders.user_id', '=', userId).executeTakeFirst();
  if (!o) throw new AppError('product_order_not_found');
  return toDto(o, await currencyNames(db, [o.pay_currency_id]));
}

export async function ieoOrders(db: Db, userId: number, q: Paging & { project_id?: number }): Promise<Page<IeoOrder>> {
  let rows = query(db).where('ieo_orders.user_id', '=', userId);
  let count = db.selectFrom('ieo_orders').where('user_id', '=', userId);
  if (q.project_id) {
    rows = rows.where('ieo_orders.project_id', '=', q.project_id);
    count = count.where('project_id', '=', q.project_id);
  }
  const [list, total] = await Promise.all([
    rows
      .orderBy('ieo_orders.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = await currencyNames(
    db,
    list.map((o) => o.pay_currency_id),
  );
  return { list: list.map((o) => toDto(o, names)), page: q.page, limit: q.limit, total: Number(total.n) };
}
