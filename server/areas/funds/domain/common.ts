/**
 * The funds area's own pieces: currency lookup and the account-type names. Other areas reach what
 * they need of it through the area's door (areas/funds/domain/index.ts); fiat rates are in
 * shared/fiat.ts, prices in USDT in kernel/prices.ts, notices in db/notices.ts.
 */
import { ACCOUNT_FIELDS, type AccountField } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';

export interface CurrencyRow {
  id: number;
  name: string;
  networks: string[];
  qty_decimals: number;
}

/** A crypto currency that funds may move; stocks and disabled currencies are refused. */
export async function fundsCurrency(db: Db, id: number): Promise<CurrencyRow> {
  const c = await db
    .selectFrom('currencies')
    .select(['id', 'name', 'networks', 'qty_decimals'])
    .where('id', '=', id)
    .where('market', '=', 'crypto')
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!c) throw new AppError('currency_invalid');
  return c;
}

export async function fundsCurrencies(db: Db): Promise<CurrencyRow[]> {
  return db
    .selectFrom('currencies')
    .select(['id', 'name', 'networks', 'qty_decimals'])
    .where('market', '=', 'crypto')
    .where('status', '=', 1)
    .orderBy('sort', 'desc')
    .orderBy('id')
    .execute();
}

// ─── account types ───

export function fieldOfType(type: number): AccountField {
  const f = ACCOUNT_FIELDS[type - 1];
  if (!f) throw new AppError('param_error');
  return f;
}

/** 'legal' | 'change' | … or '1'..'4' → the account type number. */
export function typeOfField(v: string | number): number {
  const s = String(v).trim();
  const byName = (ACCOUNT_FIELDS as readonly string[]).indexOf(s);
  if (byName >= 0) return byName + 1;
  const n = Number(s);
  if (Number.isInteger(n) && n >= 1 && n <= ACCOUNT_FIELDS.length) return n;
  throw new AppError('param_error');
}
