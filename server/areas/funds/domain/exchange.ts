/**
 * Coin exchange in the change account at the feed's last prices (both in USDT) with the
 * `exchange_fee_rate` fee taken from the amount received (core exchangeQuote). The prices used are
 * stored with the record.
 */
import type { Kysely } from 'kysely';
import {
  exchangeQuote,
  FUNDS_ACCOUNT_TYPE,
  type ExchangeCurrency,
  type ExchangeEntry,
  type ExchangeFee,
  type Page,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { transfer } from '../../../db/ledger-transfer';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { fundsCurrencies, fundsCurrency } from './common';
import { priceUsdt, requirePriceUsdt, type PriceSource } from '../../../kernel/prices';
import { exchangeFeeRate } from './config';
import { parseAmount } from './amount';
import { canon } from '../../../kernel/decimal';
import { offset, pageOf, type Paging } from '../../../kernel/paging';

export async function exchangeCurrencies(
  db: Kysely<Database>,
  prices: PriceSource,
  userId: number,
): Promise<ExchangeCurrency[]> {
  const [list, accounts] = await Promise.all([
    fundsCurrencies(db),
    db
      .selectFrom('accounts')
      .select(['currency_id', 'available'])
      .where('user_id', '=', userId)
      .where('type', '=', FUNDS_ACCOUNT_TYPE)
      .execute(),
  ]);
  const avail = new Map(accounts.map((a) => [a.currency_id, canon(a.available)]));
  return list
    .map((c) => ({
      currency_id: c.id,
      currency: c.name,
      price_usdt: priceUsdt(prices, c.name) ?? '',
      available: avail.get(c.id) ?? '0',
    }))
    .filter((c) => c.price_usdt !== '');
}

export async function exchangeFee(
  db: Kysely<Database>,
  prices: PriceSource,
  fromId: number,
  toId: number,
): Promise<ExchangeFee> {
  if (fromId === toId) throw new AppError('exchange_same_currency');
  const [from, to] = await Promise.all([fundsCurrency(db, fromId), fundsCurrency(db, toId)]);
  const fp = requirePriceUsdt(prices, from.name);
  const tp = requirePriceUsdt(prices, to.name);
  const q = exchangeQuote({ number: '1', fromPrice: fp, toPrice: tp, feeRate: '0', decimals: 18 });
  return {
    from_currency_id: from.id,
    to_currency_id: to.id,
    form_price: fp,
    to_price: tp,
    rate: q.rate,
    fee: await exchangeFeeRate(db),
  };
}

/**
 * The exchange, and the answer the request gives: the record as exchangeById reads it, built from
 * what the commit returned (its id, drawn in the statement, and its time) instead of read back.
 */
export async function exchange(
  db: Kysely<Database>,
  prices: PriceSource,
  userId: number,
  input: { number: string; fromId: number; toId: number },
  key?: IdempotencyScope,
): Promise<ExchangeEntry> {
  if (input.fromId === input.toId) throw new AppError('exchange_same_currency');
  const [from, to] = await Promise.all([fundsCurrency(db, input.fromId), fundsCurrency(db, input.toId)]);
  const number = parseAmount(input.number);
  const fromPrice = requirePriceUsdt(prices, from.name);
  const toPrice = requirePriceUsdt(prices, to.name);
  const q = exchangeQuote({
    number,
    fromPrice,
    toPrice,
    feeRate: await exchangeFeeRate(db),
    decimals: to.qty_decimals,
  });
  if (!(Number(q.received) > 0)) throw new AppError('exchange_too_small');
  // the record and both moves (`number` of the one coin out, `received` of the other in) are one
  // item of the ledger's group commit (db/ledger-writer.ts), the record's id drawn in its
  // statement; a refused debit throws and writes nothing, not even the record. The coins were
  // checked above: the quote needs their names and decimals.
  const done = await transfer(db, {
    from: { userId, currencyId: from.id, type: FUNDS_ACCOUNT_TYPE, reason: 'exchange_out' },
    to: { userId, currencyId: to.id, type: FUNDS_ACCOUNT_TYPE, reason: 'exchange_in' },
    amount: number,
    toAmount: q.received,
    ref: { type: 'exchange' },
    record: 'exchanges',
    exchange: { fromPrice, toPrice, rate: q.rate, fee: q.fee },
    key,
  });
  return {
    id: Number(done.refId),
    from_currency_id: from.id,
    from_currency: from.name,
    to_currency_id: to.id,
    to_currency: to.name,
    // exchangeHistory's key order: the same answer, byte for byte, as a replay reads it
    rate: canon(q.rate),
    fee: canon(q.fee),
    received: canon(q.received),
    created_at: done.at.toISOString(),
    number: canon(number),
  };
}

export async function exchangeHistory(
  db: Kysely<Database>,
  userId: number,
  paging: Paging,
  onlyId?: number,
): Promise<Page<ExchangeEntry>> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('exchanges')
      .innerJoin('currencies as f', 'f.id', 'exchanges.from_currency_id')
      .innerJoin('currencies as t', 't.id', 'exchanges.to_currency_id')
      .select([
        'exchanges.id',
        'exchanges.from_currency_id',
        'f.name as from_currency',
        'exchanges.to_currency_id',
        't.name as to_currency',
        'exchanges.amount',
        'exchanges.rate',
        'exchanges.fee',
        'exchanges.received',
        'exchanges.created_at',
      ])
      .where('exchanges.user_id', '=', userId)
      .$if(onlyId !== undefined, (q) => q.where('exchanges.id', '=', onlyId ?? 0))
      .orderBy('exchanges.id', 'desc')
      .limit(paging.limit)
      .offset(offset(paging))
      .execute(),
    db
      .selectFrom('exchanges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map(({ amount, ...r }) => ({
      ...r,
      number: canon(amount),
      rate: canon(r.rate),
      fee: canon(r.fee),
      received: canon(r.received),
      created_at: r.created_at.toISOString(),
    })),
    paging,
    Number(total.n),
  );
}

export async function exchangeById(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<ExchangeEntry | undefined> {
  return (await exchangeHistory(db, userId, { page: 1, limit: 1 }, id)).list[0];
}
