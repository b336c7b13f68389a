/**
 * Assets: the overview (every crypto currency in every account type, zeros included, valued in
 * USDT at the feed's last price and in the user's fiat), one wallet's detail, the journal as
 * records and bills, and the per-currency balances the transfer page picks from.
 */
import type { Kysely } from 'kysely';
import { ACCOUNT_FIELDS, ACCOUNT_TYPES, ExactDecimal, JOURNAL_KINDS, toFiat, valueAt, type AccountSummary, type AssetsByAccount, type BalanceRow, type JournalEntry, type JournalKind, type Page, type UserCurrency, type WalletDetail } from '../../../../core';
import type { Database } from '../../../db/schema';
import { rechargeEnabled } from '../../../shared/settings';
import { fieldOfType, fundsCurrencies, fundsCurrency } from './common';
import { userFiat } from '../../../shared/fiat';
import { priceUsdt, type PriceSource } from '../../../kernel/prices';
import { currencyConfig } from './config';
import { canon } from '../../../kernel/decimal';
import { offset, pageOf, type Paging } from '../../../kernel/paging';

const TYPES = Object.values(ACCOUNT_TYPES);

async function accountRows(db: Kysely<Database>, userId: number) {
  const rows = await db.selectFrom('accounts').select(['currency_id', 'type', 'available', 'frozen']).where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [`${r.type}:${r.currency_id}`, r]));
}

function fiatOf(usdt: string, rate: string): string {
  return toFiat(usdt, rate);
}

export async function assetsOverview(db: Kysely<Database>, prices: PriceSource, userId: number): Promise<AssetsByAccount> {
  const [currencies, accounts, fiat] = await Promise.all([fundsCurrencies(db), accountRows(db, userId), userFiat(db, userId)]);
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
      return { currency_id: c.id, currency: c.name, available, frozen, usdt_value: usdt, fiat_value: fiatOf(usdt, fiat.rate) };
    });
    total = total.plus(sub);
    return { type, field: fieldOfType(type), total_usdt: canon(sub.toFixed()), total_fiat: fiatOf(sub.toFixed(), fiat.rate), balances };
  });
  return { fiat, total_usdt: canon(total.toFixed()), total_fiat: fiatOf(total.toFixed(), fiat.rate), accounts: summaries };
}

export async function walletDetail(db: Kysely<Database>, prices: PriceSource, userId: number, currencyId: number, type: number): Promise<WalletDetail> {
  const c = await fundsCurrency(db, currencyId);
  const [a, fiat, cfg, recharge] = await Promise.all([
    db.selectFrom('accounts').select(['available', 'frozen']).where('user_id', '=', userId).where('currency_id', '=', c.id).where('type', '=', type).executeTakeFirst(),
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

export async function journalPage(
  db: Kysely<Database>,
  userId: number,
  paging: Paging,
  filter: { currencyId?: number; type?: number; kind?: JournalKind; from?: number; to?: number } = {},
): Promise<Page<JournalEntry>> {
  let q = db.selectFrom('journal').innerJoin('currencies', 'currencies.id', 'journal.currency_id').where('journal.user_id', '=', userId);
  if (filter.currencyId) q = q.where('journal.currency_id', '=', filter.currencyId);
  if (filter.type) q = q.where('journal.type', '=', filter.type);
  const prefixes: readonly string[] = filter.kind ? JOURNAL_KINDS[filter.kind] : [];
  if (prefixes.length) q = q.where((eb) => eb.or(prefixes.map((p) => eb('journal.reason', 'like', `${p}%`))));
  if (filter.from !== undefined) q = q.where('journal.created_at', '>=', new Date(filter.from));
  if (filter.to !== undefined) q = q.where('journal.created_at', '<', new Date(filter.to));
  const [rows, total] = await Promise.all([
    q
      .select(['journal.id', 'journal.currency_id', 'currencies.name as currency', 'journal.type', 'journal.delta_available', 'journal.delta_frozen', 'journal.available_after', 'journal.frozen_after', 'journal.reason', 'journal.ref_type', 'journal.ref_id', 'journal.created_at'])
      .orderBy('journal.id', 'desc')
      .limit(paging.limit)
      .offset(offset(paging))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: Number(r.id),
      currency_id: r.currency_id,
      currency: r.currency,
      type: r.type,
      delta_available: canon(r.delta_available),
      delta_frozen: canon(r.delta_frozen),
      available_after: canon(r.available_after),
      frozen_after: canon(r.frozen_after),
      reason: r.reason,
      ref_type: r.ref_type,
      ref_id: r.ref_id,
      created_at: r.created_at.toISOString(),
    })),
    paging,
    Number(total.n),
  );
}

export async function userCurrencyList(db: Kysely<Database>, userId: number): Promise<UserCurrency[]> {
  const [currencies, accounts] = await Promise.all([fundsCurrencies(db), accountRows(db, userId)]);
  return currencies.map((c) => {
    const available = {} as Record<(typeof ACCOUNT_FIELDS)[number], string>;
    for (const type of TYPES) available[fieldOfType(type)] = canon(accounts.get(`${type}:${c.id}`)?.available ?? '0');
    return { currency_id: c.id, currency: c.name, available };
  });
}
