/** The user's dual-invest orders (/dual/dual_list) and one order's display shape. */
import type { Selectable } from 'kysely';
import type { DualOrder, DualOrderStatus, Page } from '../../../../../core';
import type { ProductsTables } from '../../tables';
import { AppError } from '../../../../errors';
import { currencyNames } from './shared';
import type { Db } from '../../../../db/schema';
import { iso } from '../../../../kernel/time';
import { canon } from '../../../../kernel/decimal';
import { type Paging } from '../../../../kernel/paging';

type Row = Selectable<ProductsTables['dual_orders']>;

function toDto(o: Row, names: Map<number, string>): DualOrder {
  return {
    id: o.id,
    product_id: o.product_id,
    type: o.type,
    currency_id: o.currency_id,
    currency_name: names.get(o.currency_id) ?? '',
    quote_id: o.quote_id,
    quote_name: names.get(o.quote_id) ?? '',
    invest_currency_id: o.invest_currency_id,
    invest_currency_name: names.get(o.invest_currency_id) ?? '',
    num: o.num,
    per_price: canon(o.per_price),
    amount: canon(o.amount),
    apr: canon(o.apr),
    linked_price: canon(o.linked_price),
    days: o.days,
    status: o.status,
    created_at: o.created_at.toISOString(),
    maturity_at: o.maturity_at.toISOString(),
    settle_price: o.settle_price === null ? null : canon(o.settle_price),
    settle_seq: o.settle_seq === null ? null : Number(o.settle_seq),
    settle_ts: o.settle_ts === null ? null : Number(o.settle_ts),
    settled_at: iso(o.settled_at),
    payout_currency_id: o.payout_currency_id,
    payout_currency_name: o.payout_currency_id === null ? null : (names.get(o.payout_currency_id) ?? ''),
    payout_amount: o.payout_amount === null ? null : canon(o.payout_amount),
    fail_reason: o.fail_reason,
  };
}

async function dtos(db: Db, rows: Row[]): Promise<DualOrder[]> {
  const names = await currencyNames(
    db,
    rows.flatMap((r) => [r.currency_id, r.quote_id]),
  );
  return rows.map((r) => toDto(r, names));
}

export async function dualOrder(db: Db, userId: number, id: number): Promise<DualOrder> {
  const row = await db
    .selectFrom('dual_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('product_order_not_found');
  return (await dtos(db, [row]))[0];
}

export async function dualOrders(
  db: Db,
  userId: number,
  q: Paging & { status?: DualOrderStatus },
): Promise<Page<DualOrder>> {
  let base = db.selectFrom('dual_orders').where('user_id', '=', userId);
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
  return { list: await dtos(db, rows), page: q.page, limit: q.limit, total: Number(total.n) };
}
