/** Lock-mining configurations (/lh/deposit/config), with the DeFi and cloud kinds of the home entries. */
import type { Lang, LockConfig, LockKind } from '../../../../../core';
import { localised } from '../../../../kernel/localised';
import { AppError } from '../../../../errors';
import { availableOf, currencyNames } from '../dual/shared';
import type { Db } from '../../../../db/schema';
import { canon } from '../../../../kernel/decimal';

export async function lockConfigRow(db: Db, id: number) {
  const c = await db
    .selectFrom('lock_configs')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!c) throw new AppError('product_not_found');
  return c;
}

export async function listLockConfigs(
  db: Db,
  userId: number,
  kind?: LockKind,
  lang: Lang = 'en',
): Promise<LockConfig[]> {
  let q = db.selectFrom('lock_configs').selectAll().where('status', '=', 1);
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q.orderBy('sort', 'desc').orderBy('id').execute();
  const names = await currencyNames(
    db,
    rows.map((r) => r.currency_id),
  );
  const balances = new Map<number, string>();
  for (const id of new Set(rows.map((r) => r.currency_id))) balances.set(id, await availableOf(db, userId, id));
  return rows.map((c) => ({
    id: c.id,
    kind: c.kind,
    name: localised(c.name, c.names, lang),
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

/** The configurations' names per language, for orders (which keep the name they were bought under as the fallback). */
export async function lockConfigNames(db: Db, ids: readonly number[]): Promise<Map<number, Record<string, string>>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('lock_configs')
    .select(['id', 'names'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.names]));
}
