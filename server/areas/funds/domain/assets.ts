/**
 * Assets: the overview (every crypto currency in every account type, zeros included, valued in
 * USDT at the feed's last price and in the user's fiat), one wallet's detail and the per-currency
 * balances the transfer page picks from. The journal as records and bills is shared/journal.ts.
 */
import type { Kysely } from 'kysely';
import {
  ACCOUNT_FIELDS,
  ACCOUNT_TYPES,
  ExactDecimal,
  toFiat,
  valueAt,
  type AccountSummary,
  type AssetsByAccount,
  type BalanceRow,
  type UserCurrency,
  type WalletDetail,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { rechargeEnabled } from '../../../shared/settings';
import { fieldOfType, fundsCurrencies, fundsCurrency } from './common';
import { userFiat } from '../../../shared/fiat';
import { priceUsdt, type PriceSource } from '../../../kernel/prices';
import { currencyConfig } from './config';
import { canon } from '../../../kernel/decimal';

const TYPES = Object.values(ACCOUNT_TYPES);

async function accountRows(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('accounts')
    .select(['currency_id', 'type', 'available', 'frozen'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [`${r.type}:${r.currency_id}`, r]));
}

function fiatOf(usdt: string, rate: string): string {
  return toFiat(usdt, rate);
}

export async function assetsOverview(
  db: Kysely<Database>,
  prices: PriceSource,
  userId: number,
): Promise<AssetsByAccount> {
  const [currencies, accounts, fiat] = await Promise.all([
    fundsCurrencies(db),
    accountRows(db, userId),
    userFiat(db, userId),
  ]);
  // Sums in ExactDecimal: 18-decimal balances and their USDT values (up to 26 decimals) need more than 20 digits.
  let total = new ExactDecimal(0);
  const summaries: AccountSummary[] = TYPES.map((type) => {
    let sub = new ExactDecimal(0);
    const balances: BalanceRow[] = currencies.map((c) => {
      const a = accounts.get(`${type}:${c.id}`);
      const available = canon(a?.available ?? '0');
      const frozen = canon(a?.frozen ?? '0');
      const held = new ExactDecimal(available).plus(frozen).toFixed();
      const price = priceUsdt(prices, c.name);
      const usdt = price ? valueAt(held, price) : '0';
      sub = sub.plus(usdt);
      return {
        currency_id: c.id,
        currency: c.name,
        available,
        frozen,
        usdt_value: usdt,
        fiat_value: fiatOf(usdt, fiat.rate),
      };
    });
    total = total.plus(sub);
    return {
      type,
      field: fieldOfType(type),
      total_usdt: canon(sub.toFixed()),
      total_fiat: fiatOf(sub.toFixed(), fiat.rate),
      balances,
    };
  });
  return {
    fiat,
    total_usdt: canon(total.toFixed()),
    total_fiat: fiatOf(total.toFixed(), fiat.rate),
    accounts: summaries,
  };
}

export async function walletDetail(
  db: Kysely<Database>,
  prices: PriceSource,
  userId: number,
  currencyId: number,
  type: number,
): Promise<WalletDetail> {
  const c = await fundsCurrency(db, currencyId);
  const [a, fiat, cfg, recharge] = await Promise.all([
    db
      .selectFrom('accounts')
      .select(['available', 'frozen'])
      .where('user_id', '=', userId)
      .where('currency_id', '=', c.id)
      .where('type', '=', type)
      .executeTakeFirst(),
    userFiat(db, userId),
    currencyConfig(db, c.id),
    rechargeEnabled(db),
  ]);
  const available = canon(a?.available ?? '0');
  const frozen = canon(a?.frozen ?? '0');
  const price = priceUsdt(prices, c.name) ?? '0';
  const usdt = valueAt(new ExactDecimal(available).plus(frozen).toFixed(), price);
  return {
    currency_id: c.id,
    currency: c.name,
    type,
    available,
    frozen,
    usdt_value: usdt,
    fiat_value: fiatOf(usdt, fiat.rate),
    price_usdt: price,
    withdraw_min: cfg.withdraw_min,
    withdraw_fee: cfg.withdraw_fee,
    recharge_enabled: recharge,
  };
}

export async function userCurrencyList(db: Kysely<Database>, userId: number): Promise<UserCurrency[]> {
  const [currencies, accounts] = await Promise.all([fundsCurrencies(db), accountRows(db, userId)]);
  return currencies.map((c) => {
    const available = {} as Record<(typeof ACCOUNT_FIELDS)[number], string>;
    for (const type of TYPES) available[fieldOfType(type)] = canon(accounts.get(`${type}:${c.id}`)?.available ?? '0');
    return { currency_id: c.id, currency: c.name, available };
  });
}
