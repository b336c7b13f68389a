/**
 * A transfer between two ledger accounts — of two users, or two account types of one user — as one
 * server-side call (ledger_move, migrations 041 and 045): both users' balance locks in ascending id
 * order, the conditional debit, the credit, a journal row for each and the request's idempotency
 * key marked committed, with the same rules as ledger.ts's debit + credit, in one round trip instead
 * of five.
 *
 * Given a transaction, it runs in it (the caller's other writes commit with it). Given the pool, it
 * goes through the handle's writer (ledger-writer.ts): concurrent transfers share one statement and
 * one commit, and the promise settles after that commit. Either way a refused debit throws
 * AppError('insufficient_balance') having written nothing.
 *
 * A request whose idempotency key is to be claimed in the statement (http/idempotency.ts's
 * in-statement mode) has it taken by the pooled transfer: the key's row is written committed with
 * the moves, or, when the key existed already, nothing is done and KeyTaken is thrown.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { AppError } from '../errors';
import { canon } from '../kernel/decimal';
import { checkAmount, type BalanceAfter, type LedgerRef } from './ledger';
import { KeyTaken, keyToMark, type IdempotencyScope } from './idempotency-scope';
import { transferInTrx, writerFor, type TransferElement, type TransferRecord, type TransferRow } from './ledger-writer';

interface TransferSide {
  userId: number;
  currencyId: number;
  /** account type (ledger LedgerEntry.type) */
  type: number;
  /** the journal's reason on this side, e.g. 'transfer_out' / 'transfer_in' */
  reason: string;
}

export interface TransferInput {
  from: TransferSide;
  to: TransferSide;
  /** a positive decimal string, at most 18 decimals */
  amount: string;
  /**
   * what the credit receives when it is not `amount`: a conversion, `to` then in another coin (the
   * coin exchange); checked like `amount`
   */
  toAmount?: string;
  /** with `record`, the id may be left out: the record's id is then drawn with the moves */
  ref?: LedgerRef | { type: string; id?: undefined };
  /** a record written with the moves (its id is ref.id), e.g. the user's own transfer's row */
  record?: TransferRecord;
  /** record 'exchanges': its prices (each coin in USDT), rate and fee */
  exchange?: { fromPrice: string; toPrice: string; rate: string; fee: string };
  /** the coins checked in the statement as funds requires (pooled only): refused → AppError('currency_invalid') */
  fundsCoin?: boolean;
  /** the request's idempotency key (pooled only: in a transaction, the transaction's key counts) */
  key?: IdempotencyScope;
}

export interface TransferResult {
  from: BalanceAfter;
  to: BalanceAfter;
  /** the ref id the moves carry (the record's id) */
  refId: string | null;
  /** the commit's transaction time (the record's created_at) */
  at: Date;
  /** the coin's name, when checked (fundsCoin) */
  coin: string | null;
}

function element(t: TransferInput, trx?: Transaction<Database>): TransferElement {
  if ((t.record === 'exchanges') !== (t.exchange !== undefined))
    throw new Error('transfer: an exchanges record and its figures go together');
  const key = keyToMark(t.key, [t.from.userId, t.to.userId], trx);
  return {
    fu: t.from.userId,
    fc: t.from.currencyId,
    ft: t.from.type,
    tu: t.to.userId,
    tc: t.to.currencyId,
    tt: t.to.type,
    a: checkAmount(t.amount),
    ...(t.toAmount !== undefined ? { ta: checkAmount(t.toAmount) } : {}),
    ro: t.from.reason,
    ri: t.to.reason,
    rt: t.ref?.type ?? null,
    rid: t.ref?.id !== undefined ? String(t.ref.id) : null,
    ku: key?.userId ?? null,
    k: key?.key ?? null,
    // a drawn id is only known in the statement, which then stores the ref itself
    kr: key && t.ref?.id !== undefined ? t.ref : null,
    ...(key?.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}),
    ...(t.record ? { rec: t.record } : {}),
    ...(t.exchange
      ? { xr: { fp: t.exchange.fromPrice, tp: t.exchange.toPrice, r: t.exchange.rate, f: t.exchange.fee } }
      : {}),
    ...(t.fundsCoin ? { cc: true } : {}),
  };
}

function result(row: TransferRow | null): TransferResult {
  if (!row) throw new AppError('insufficient_balance');
  if (row.dup) throw new KeyTaken();
  if (row.refused) throw new AppError(row.refused);
  return {
    from: { accountId: row.from_account, available: canon(row.from_available), frozen: canon(row.from_frozen) },
    to: { accountId: row.to_account, available: canon(row.to_available), frozen: canon(row.to_frozen) },
    refId: row.rid,
    at: row.done_at,
    coin: row.cur,
  };
}

/** from.available -= amount (only if enough), to.available += toAmount ?? amount; both journaled, atomically. */
export async function transfer(
  db: Kysely<Database> | Transaction<Database>,
  t: TransferInput,
): Promise<TransferResult> {
  if (db.isTransaction) {
    const trx = db as Transaction<Database>;
    return result(await transferInTrx(trx, element(t, trx)));
  }
  return result(await writerFor(db).submit(element(t)));
}
