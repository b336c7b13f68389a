/** Lock-mining configurations (/lh/deposit/config), with the DeFi and cloud kinds of the home entries. */
import type { LockConfig, LockKind } from '../../../core';
import { AppError } from '../../errors';
import { availableOf, currencyNames } from '../dual/shared';
import type { Db } from '../../db/schema';
import { canon } from '../../kernel/decimal';

export async function lockConfigRow(db: Db, id: number) {
  const c = await db.selectFrom('lock_configs').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  if (!c) throw new AppError('product_not_found');
  return c;
}

export async function listLockConfigs(db: Db, userId: number, kind?: LockKind): Promise<LockConfig[]> {
  let q = db.selectFrom('lock_configs').selectAll().where('status', '=', 1);
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q.orderBy('sort', 'desc').orderBy('id').execute();
  const names = await currencyNames(db, rows.map((r) => r.currency_id));
  const balances = new Map<number, string>();
  for (const id of new Set(rows.map((r) => r.currency_id))) balances.set(id, await availableOf(db, userId, id));
  return rows.map((c) => ({
    id: c.id,
    kind: c.kind,
    name: c.name,
    currency_id: c.currency_id,
    currency_name: names.get(c.currency_id) ?? '',
    min_amount: canon(c.min_amount),
    max_amount: c.max_amount === null ? null : canon(c.max_amount),
    daily_rate_min: canon(c.daily_rate_min),
    daily_rate_max: canon(c.daily_rate_max),
    lock_days: c.lock_days,
    dividend_time: c.dividend_time,
    penalty_ratio: canon(c.penalty_ratio),
    available: balances.get(c.currency_id) ?? '0',
  }));
}
