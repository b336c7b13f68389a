/**
 * Funds defaults, idempotent (ON CONFLICT DO NOTHING — an operator's changes survive restarts):
 * fiat rates per USD, level limits, and per-currency withdrawal minimum and fee — about 10 USDT and
 * 1 USDT worth at the catalogue's reference price, rounded to the coin's quantity decimals.
 * Deposit addresses are left empty: an operator sets the platform's real ones (the local demo seeds
 * some, ./demo-deposits.ts).
 */
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { CURRENCIES } from '../../../catalog/instruments';
import { DEFAULT_LEVEL_LIMITS } from '../../kyc/domain';
import { FIAT_PREFIX } from '../../../shared/fiat';

const DEFAULT_FIAT_RATES: Record<string, string> = {
  USD: '1',
  CNY: '7.2',
  EUR: '0.92',
  HKD: '7.8',
  JPY: '150',
  KRW: '1350',
  THB: '36',
};
export const DEFAULT_EXCHANGE_FEE_RATE = '0.002';

export async function seedFunds(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('settings')
    .values([
      ...Object.entries(DEFAULT_FIAT_RATES).map(([code, rate]) => ({ key: FIAT_PREFIX + code, value: rate })),
      { key: 'exchange_fee_rate', value: DEFAULT_EXCHANGE_FEE_RATE },
    ])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await db
    .insertInto('level_limits')
    .values(DEFAULT_LEVEL_LIMITS.map((l) => ({ ...l })))
    .onConflict((oc) => oc.column('level').doNothing())
    .execute();
  const known = new Set(
    (await db.selectFrom('currencies').select('id').where('market', '=', 'crypto').execute()).map((r) => r.id),
  );
  const rows = CURRENCIES.filter((c) => c.market === 'crypto' && known.has(c.id)).map((c) => {
    const price = new Decimal(c.price);
    const fee = Decimal.max(
      new Decimal(1).div(price).toDecimalPlaces(c.qty_decimals, Decimal.ROUND_UP),
      new Decimal(1).div(10 ** c.qty_decimals),
    );
    const min = Decimal.max(new Decimal(10).div(price).toDecimalPlaces(c.qty_decimals, Decimal.ROUND_UP), fee.times(2));
    return { currency_id: c.id, withdraw_min: min.toFixed(), withdraw_fee: fee.toFixed() };
  });
  if (rows.length)
    await db
      .insertInto('funds_currency_config')
      .values(rows)
      .onConflict((oc) => oc.column('currency_id').doNothing())
      .execute();
}
