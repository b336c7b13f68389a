/**
 * Verification-level limits (spec §6), enforced by the server: the 24-hour withdrawal limit in
 * BTC-equivalent and the fiat trade limit per order. Rows of `level_limits` (operators may change
 * them); level 0 has zero limits, i.e. withdrawals need verification first (the 998 envelope).
 * "Used" = the last 24 h of pending and approved withdrawals, valued at current prices.
 */
import { sql } from 'kysely';
import { ExactDecimal, btcEquivalent, valueAt, type LevelLimits } from '../../../../core';
import { requirePriceUsdt, type PriceSource } from '../../../kernel/prices';
import type { Db } from '../../../db/schema';
import { canon } from '../../../kernel/decimal';

/** Seeded in migration 005's companion seed; VIP is not shown by the spec: 1000 BTC, 10 M USDT. */
export const DEFAULT_LEVEL_LIMITS = [
  { level: 0, withdraw_24h_btc: '0', fiat_order_usdt: '0' },
  { level: 1, withdraw_24h_btc: '200', fiat_order_usdt: '2000' },
  { level: 2, withdraw_24h_btc: '500', fiat_order_usdt: '1000000' },
  { level: 3, withdraw_24h_btc: '1000', fiat_order_usdt: '10000000' },
] as const;

export async function limitsOfLevel(
  db: Db,
  level: number,
): Promise<{ withdraw_24h_btc: string; fiat_order_usdt: string }> {
  const row = await db
    .selectFrom('level_limits')
    .select(['withdraw_24h_btc', 'fiat_order_usdt'])
    .where('level', '<=', level)
    .orderBy('level', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { withdraw_24h_btc: canon(row.withdraw_24h_btc), fiat_order_usdt: canon(row.fiat_order_usdt) }
    : { withdraw_24h_btc: '0', fiat_order_usdt: '0' };
}

/** BTC-equivalent of the user's withdrawals in the last 24 h (pending + approved) at current prices. */
export async function withdrawn24hBtc(db: Db, prices: PriceSource, userId: number, now = new Date()): Promise<string> {
  const rows = await db
    .selectFrom('withdrawals')
    .innerJoin('currencies', 'currencies.id', 'withdrawals.currency_id')
    .select(['currencies.name', sql<string>`sum(withdrawals.amount)::text`.as('total')])
    .where('withdrawals.user_id', '=', userId)
    .where('withdrawals.status', 'in', ['pending', 'approved'])
    .where('withdrawals.created_at', '>', new Date(now.getTime() - 86_400_000))
    .groupBy('currencies.name')
    .execute();
  if (!rows.length) return '0';
  const btc = requirePriceUsdt(prices, 'BTC');
  let usdt = new ExactDecimal(0); // exact: each value has up to 18 + 8 decimals
  for (const r of rows) usdt = usdt.plus(valueAt(r.total, requirePriceUsdt(prices, r.name)));
  return btcEquivalent(usdt.toFixed(), btc);
}

export async function levelLimits(db: Db, prices: PriceSource, userId: number, level: number): Promise<LevelLimits> {
  const l = await limitsOfLevel(db, level);
  // No price yet: show 0 used; the withdrawal itself re-checks and refuses without a price.
  const used = await withdrawn24hBtc(db, prices, userId).catch(() => '0');
  return { withdraw_24h_btc: l.withdraw_24h_btc, withdraw_24h_used_btc: used, fiat_order_usdt: l.fiat_order_usdt };
}

/** For fiat-trade engines: the per-order USDT ceiling at the user's level ('0' = not allowed). */
export async function fiatOrderLimitUsdt(db: Db, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirstOrThrow();
  return (await limitsOfLevel(db, u.level)).fiat_order_usdt;
}
