/**
 * A transfer between two ledger accounts — of two users, or two account types of one user — as one
 * server-side call (ledger_transfer, migration 041): both users' balance locks in ascending id
 * order, the conditional debit, the credit, a journal row for each and the request's idempotency
 * key marked committed, with the same rules as ledger.ts's debit + credit, in one round trip instead
 * of five.
 *
 * Given a transaction, it runs in it (the caller's other writes commit with it). Given the pool, it
 * goes through the handle's writer (ledger-writer.ts): concurrent transfers share one statement and
 * one commit, and the promise settles after that commit. Either way a refused debit throws
 * AppError('insufficient_balance') having written nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { AppError } from '../errors';
import { canon } from '../kernel/decimal';
import { checkAmount, type BalanceAfter, type LedgerRef } from './ledger';
import { keyToMark } from './idempotency-scope';
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
  ref?: LedgerRef;
  /** a record written with the moves (its id is ref.id), e.g. the user's own transfer's row */
  record?: TransferRecord;
}

export interface TransferResult {
  from: BalanceAfter;
  to: BalanceAfter;
}

function element(t: TransferInput, trx?: Transaction<Database>): TransferElement {
  const key = keyToMark([t.from.userId, t.to.userId], trx);
  return {
    fu: t.from.userId,
    fc: t.from.currencyId,
    ft: t.from.type,
    tu: t.to.userId,
    tc: t.to.currencyId,
    tt: t.to.type,
    a: checkAmount(t.amount),
    ro: t.from.reason,
    ri: t.to.reason,
    rt: t.ref?.type ?? null,
    rid: t.ref ? String(t.ref.id) : null,
    ku: key?.userId ?? null,
    k: key?.key ?? null,
    kr: key && t.ref ? t.ref : null,
    ...(t.record ? { rec: t.record } : {}),
  };
}

function result(row: TransferRow | null): TransferResult {
  if (!row) throw new AppError('insufficient_balance');
  return {
    from: { accountId: row.from_account, available: canon(row.from_available), frozen: canon(row.from_frozen) },
    to: { accountId: row.to_account, available: canon(row.to_available), frozen: canon(row.to_frozen) },
  };
}

/** from.available -= amount (only if enough), to.available += amount; both journaled, atomically. */
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
