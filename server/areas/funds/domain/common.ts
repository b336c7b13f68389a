/**
 * The funds area's own pieces: currency lookup, fiat rates (settings fiat_rate_<CODE>) and the
 * account-type names. Other areas reach what they need of it through the area's door
 * (areas/funds/domain/index.ts); prices in USDT are in kernel/prices.ts, notices in db/notices.ts.
 */
import Decimal from 'decimal.js';
import { ACCOUNT_FIELDS, type AccountField, type FiatRate } from '../../../../core';
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

// ─── fiat ───

export const FIAT_SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', EUR: '€', HKD: 'HK$', JPY: '¥', KRW: '₩', THB: '฿' };
export const FIAT_PREFIX = 'fiat_rate_';

export async function listFiats(db: Db): Promise<FiatRate[]> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${FIAT_PREFIX}%`).orderBy('key').execute();
  const list = rows.map((r) => {
    const code = r.key.slice(FIAT_PREFIX.length);
    return { currency_code: code, rate: new Decimal(r.value).toFixed(), symbol: FIAT_SYMBOLS[code] ?? code };
  });
  // USD first: the default.
  return list.sort((a, b) => (a.currency_code === 'USD' ? -1 : b.currency_code === 'USD' ? 1 : a.currency_code.localeCompare(b.currency_code)));
}

export async function fiatRate(db: Db, code: string): Promise<FiatRate | undefined> {
  return (await listFiats(db)).find((f) => f.currency_code === code);
}

export async function userFiat(db: Db, userId: number): Promise<FiatRate> {
  const pref = await db.selectFrom('user_prefs').select('fiat').where('user_id', '=', userId).executeTakeFirst();
  return (await fiatRate(db, pref?.fiat ?? 'USD')) ?? { currency_code: 'USD', rate: '1', symbol: '$' };
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
