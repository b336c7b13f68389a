/**
 * Pieces every product area (dual invest, lock mining, IEO) shares: the account they move money in,
 * user-entered amount checks with the product's decimals, balance and currency-name lookups.
 */
import Decimal from 'decimal.js';
import { FUNDS_ACCOUNT_TYPE } from '../../../../../core';
import { AppError } from '../../../../errors';
import { canon } from '../../../../kernel/decimal';
import type { Db } from '../../../../db/schema';

/** Every product pays from and into the change account (type 2), like the funds pages show. */
export const PRODUCT_ACCOUNT = FUNDS_ACCOUNT_TYPE;

const AMOUNT_RE = /^\d{1,18}(\.\d{1,18})?$/;

/**
 * A positive decimal amount with at most `decimals` places, within [min, max]. Each failure has
 * its own message so the page can say what is wrong.
 */
export function parseProductAmount(raw: unknown, o: { decimals: number; min?: string; max?: string | null }): string {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  if (!AMOUNT_RE.test(s)) throw new AppError('product_amount_invalid');
  const d = new Decimal(s);
  if (d.lte(0)) throw new AppError('product_amount_invalid');
  if (d.decimalPlaces() > o.decimals) throw new AppError('product_too_many_decimals', { decimals: o.decimals });
  if (o.min && d.lt(o.min)) throw new AppError('product_below_min', { min: canon(o.min) });
  if (o.max && d.gt(o.max)) throw new AppError('product_above_max', { max: canon(o.max) });
  return d.toFixed();
}

export async function currencyNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const uniq = [...new Set(ids)];
  if (!uniq.length) return new Map();
  const rows = await db.selectFrom('currencies').select(['id', 'name']).where('id', 'in', uniq).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function currencyDecimals(db: Db, id: number): Promise<number> {
  const c = await db.selectFrom('currencies').select('qty_decimals').where('id', '=', id).executeTakeFirst();
  return c?.qty_decimals ?? 8;
}

/** The user's available balance in the product account ('0' for guests and empty accounts). */
export async function availableOf(db: Db, userId: number, currencyId: number): Promise<string> {
  if (!userId) return '0';
  const a = await db
    .selectFrom('accounts')
    .select('available')
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('type', '=', PRODUCT_ACCOUNT)
    .executeTakeFirst();
  return a ? canon(a.available) : '0';
}

/** Test hook for exactly-once checks: called after each unit of job work commits; throwing stops the run there. */
export type AfterCommit = (kind: string, id: number) => void;
