/** Fund transfer between the user's own account types (spec §3 {currency_id, number, from_field, to_field}). */
import type { Kysely } from 'kysely';
import type { Page, TransferEntry } from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { transfer } from '../../../db/ledger-transfer';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { fieldOfType } from './common';
import { parseAmount } from './amount';
import { canon } from '../../../kernel/decimal';
import { offset, pageOf, type Paging } from '../../../kernel/paging';

/**
 * The transfer, and the answer the request gives: the record as transferById reads it, built from
 * what the commit returned (its id, drawn in the statement, and its time) instead of read back.
 */
export async function transferFunds(
  db: Kysely<Database>,
  userId: number,
  input: { currencyId: number; number: string; from: number; to: number },
  key?: IdempotencyScope,
): Promise<TransferEntry> {
  if (input.from === input.to) throw new AppError('transfer_same_account');
  const amount = parseAmount(input.number);
  const currencyId = input.currencyId;
  // the coin's check (fundsCurrency's rule), the record and both moves are one item of the ledger's
  // group commit (db/ledger-writer.ts): one statement and one disk flush shared with the other
  // transfers in flight, the record's id drawn in it; a refused coin or debit throws and writes
  // nothing, not even the record. The answer waits for that commit.
  const done = await transfer(db, {
    from: { userId, currencyId, type: input.from, reason: 'transfer_out' },
    to: { userId, currencyId, type: input.to, reason: 'transfer_in' },
    amount,
    ref: { type: 'transfer' },
    record: 'fund_transfers',
    fundsCoin: true,
    key,
  });
  return {
    id: Number(done.refId),
    currency_id: currencyId,
    currency: done.coin ?? '',
    number: canon(amount),
    from_field: fieldOfType(input.from),
    to_field: fieldOfType(input.to),
    created_at: done.at.toISOString(),
  };
}

export async function transferHistory(
  db: Kysely<Database>,
  userId: number,
  paging: Paging,
  onlyId?: number,
): Promise<Page<TransferEntry>> {
  let q = db
    .selectFrom('fund_transfers')
    .innerJoin('currencies', 'currencies.id', 'fund_transfers.currency_id')
    .select([
      'fund_transfers.id',
      'fund_transfers.currency_id',
      'currencies.name as currency',
      'fund_transfers.amount',
      'fund_transfers.from_type',
      'fund_transfers.to_type',
      'fund_transfers.created_at',
    ])
    .where('fund_transfers.user_id', '=', userId);
  if (onlyId !== undefined) q = q.where('fund_transfers.id', '=', onlyId);
  const [rows, total] = await Promise.all([
    q.orderBy('fund_transfers.id', 'desc').limit(paging.limit).offset(offset(paging)).execute(),
    db
      .selectFrom('fund_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      currency_id: r.currency_id,
      currency: r.currency,
      number: canon(r.amount),
      from_field: fieldOfType(r.from_type),
      to_field: fieldOfType(r.to_type),
      created_at: r.created_at.toISOString(),
    })),
    paging,
    Number(total.n),
  );
}

/** One of the user's transfers (the answer to the request that made it). */
export async function transferById(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<TransferEntry | undefined> {
  return (await transferHistory(db, userId, { page: 1, limit: 1 }, id)).list[0];
}
