/**
 * Fiat rates: settings rows fiat_rate_<CODE>, and the fiat a user chose
 * (user_prefs.fiat, USD by default). Funds, accounts and OTC all read them.
 */
import Decimal from 'decimal.js';
import type { FiatRate } from '../../core';
import type { Db } from '../db/schema';

const FIAT_SYMBOLS: Record<string, string> = {
  USD: '$',
  CNY: '¥',
  EUR: '€',
  HKD: 'HK$',
  JPY: '¥',
  KRW: '₩',
  THB: '฿',
};
export const FIAT_PREFIX = 'fiat_rate_';

export async function listFiats(db: Db): Promise<FiatRate[]> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'like', `${FIAT_PREFIX}%`)
    .orderBy('key')
    .execute();
  const list = rows.map((r) => {
    const code = r.key.slice(FIAT_PREFIX.length);
    return { currency_code: code, rate: new Decimal(r.value).toFixed(), symbol: FIAT_SYMBOLS[code] ?? code };
  });
  // USD first: the default.
  return list.sort((a, b) =>
    a.currency_code === 'USD' ? -1 : b.currency_code === 'USD' ? 1 : a.currency_code.localeCompare(b.currency_code),
  );
}

export async function fiatRate(db: Db, code: string): Promise<FiatRate | undefined> {
  return (await listFiats(db)).find((f) => f.currency_code === code);
}

export async function userFiat(db: Db, userId: number): Promise<FiatRate> {
  const pref = await db.selectFrom('user_prefs').select('fiat').where('user_id', '=', userId).executeTakeFirst();
  return (await fiatRate(db, pref?.fiat ?? 'USD')) ?? { currency_code: 'USD', rate: '1', symbol: '$' };
}
