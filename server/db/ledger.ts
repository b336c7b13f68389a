/**
 * The ledger: THE one module through which every balance changes (DESIGN §4).
 * Each operation is one conditional UPDATE on the account row plus one journal row with the
 * deltas and the balances after, written in the caller's transaction, so a balance can never
 * change without its journal entry. Debits are `... WHERE available >= amount`: concurrent
 * requests can never overdraw, whatever their interleaving. Amounts are decimal strings,
 * checked as exact decimal text; arithmetic happens in SQL NUMERIC, never in JS floats. Each change
 * first takes the user's balance lock (user-locks.ts), so one user's transactions never deadlock.
 */
import { canon } from '../kernel/decimal';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from './schema';
import { AppError } from '../errors';
import { markKeyCommitted } from './idempotency-scope';
import { lockUsers } from './user-locks';

/** Scale of NUMERIC(36,18): 18 decimals, 18 integer digits. */
const SCALE = 18;
const INT_DIGITS = 18;
const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;

export interface LedgerRef {
  type: string;
  id: string | number;
}

export interface LedgerEntry {
  userId: number;
  currencyId: number;
  /** account type: 1 legal, 2 change, 3 lever, 4 micro, or a product account */
  type: number;
  /** a positive decimal string, at most 18 decimals */
  amount: string;
  /** why the balance moved, e.g. 'recharge', 'spot_buy', 'seconds_payout' */
  reason: string;
  ref?: LedgerRef;
  /** when the move happened, for an entry written after the fact (the demo's seeded past); default now */
  at?: Date;
}

export interface BalanceAfter {
  accountId: number;
  available: string;
  frozen: string;
}

/** Parses and checks an amount: a finite, positive decimal string within NUMERIC(36,18). */
export function checkAmount(amount: string): string {
  const t = typeof amount === 'string' ? amount.trim() : '';
  if (!PLAIN_AMOUNT.test(t)) throw new AppError('param_error');
  // plain digits: the checks read the canonical text (no decimal object per move) — positive,
  // < 1e18 (at most 18 integer digits), at most SCALE decimals
  const c = canon(t);
  const dot = c.indexOf('.');
  const intDigits = dot < 0 ? c.length : dot;
  const places = dot < 0 ? 0 : c.length - dot - 1;
  if (c === '0' || intDigits > INT_DIGITS || places > SCALE) throw new AppError('param_error');
  return c;
}

/** Canonical decimal string: "1.500000000000000000" → "1.5" (the one formula is kernel/decimal canon). */
export { canon as canonical };

type Move = {
  dAvail: 'plus' | 'minus' | 'none';
  dFrozen: 'plus' | 'minus' | 'none';
  guard: 'available' | 'frozen' | null;
};

/**
 * One balance move, journaled, in ONE statement (a round trip is most of a transfer's time on a
 * pooled server): the account change — a conditional UPDATE when the move is guarded (the guard
 * row must exist), else an upsert that creates the account at zero first — feeds the journal
 * INSERT through a CTE, so the journal row carries exactly the balances the change left. No row
 * back means the guard refused: nothing was written.
 */
async function apply(trx: Transaction<Database>, e: LedgerEntry, move: Move): Promise<BalanceAfter> {
  const amount = checkAmount(e.amount);
  // the user's balance lock comes before any of their account rows (canonical order, no deadlocks)
  await lockUsers(trx, [e.userId]);
  const amt = sql<string>`${amount}::numeric`;
  const delta = (d: Move['dAvail'], col: 'available' | 'frozen') =>
    d === 'plus'
      ? sql`accounts.${sql.raw(col)} + ${amt}`
      : d === 'minus'
        ? sql`accounts.${sql.raw(col)} - ${amt}`
        : sql`accounts.${sql.raw(col)}`;
  const now = new Date();
  let change: RawBuilder<unknown>;
  if (move.guard === null) {
    if (move.dAvail === 'minus' || move.dFrozen === 'minus') throw new Error('ledger: an unguarded move only adds');
    const start = (d: Move['dAvail']) => (d === 'plus' ? amt : sql`0`);
    change = sql`
      INSERT INTO accounts (user_id, currency_id, type, available, frozen, updated_at)
      VALUES (${e.userId}, ${e.currencyId}, ${e.type}, ${start(move.dAvail)}, ${start(move.dFrozen)}, ${now})
      ON CONFLICT (user_id, currency_id, type) DO UPDATE
      SET available = ${delta(move.dAvail, 'available')}, frozen = ${delta(move.dFrozen, 'frozen')}, updated_at = ${now}
      RETURNING id, available, frozen`;
  } else {
    change = sql`
      UPDATE accounts SET available = ${delta(move.dAvail, 'available')}, frozen = ${delta(move.dFrozen, 'frozen')}, updated_at = ${now}
      WHERE user_id = ${e.userId} AND currency_id = ${e.currencyId} AND type = ${e.type} AND accounts.${sql.raw(move.guard)} >= ${amt}
      RETURNING id, available, frozen`;
  }
  const signed = (d: Move['dAvail']) => (d === 'plus' ? amount : d === 'minus' ? `-${amount}` : '0');
  const r = await sql<{ account_id: number; available_after: string; frozen_after: string }>`
    WITH changed AS (${change})
    INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
    SELECT ${e.userId}, changed.id, ${e.currencyId}, ${e.type}, ${signed(move.dAvail)}::numeric, ${signed(move.dFrozen)}::numeric, changed.available, changed.frozen,
           ${e.reason}, ${e.ref?.type ?? null}, ${e.ref ? String(e.ref.id) : null}, ${e.at ?? sql`now()`}
    FROM changed
    RETURNING account_id, available_after, frozen_after`.execute(trx);
  const row = r.rows[0];
  if (!row) throw new AppError('insufficient_balance');
  await markKeyCommitted(trx, e.userId, e.ref);
  return { accountId: row.account_id, available: canon(row.available_after), frozen: canon(row.frozen_after) };
}

/** available += amount */
export function credit(trx: Transaction<Database>, e: LedgerEntry): Promise<BalanceAfter> {
  return apply(trx, e, { dAvail: 'plus', dFrozen: 'none', guard: null });
}

/** available -= amount, only if available >= amount; else AppError('insufficient_balance') */
export function debit(trx: Transaction<Database>, e: LedgerEntry): Promise<BalanceAfter> {
  return apply(trx, e, { dAvail: 'minus', dFrozen: 'none', guard: 'available' });
}

/** available → frozen (an open order, a pending withdrawal) */
export function freeze(trx: Transaction<Database>, e: LedgerEntry): Promise<BalanceAfter> {
  return apply(trx, e, { dAvail: 'minus', dFrozen: 'plus', guard: 'available' });
}

/** frozen → available (a cancelled order, a rejected withdrawal) */
export function unfreeze(trx: Transaction<Database>, e: LedgerEntry): Promise<BalanceAfter> {
  return apply(trx, e, { dAvail: 'plus', dFrozen: 'minus', guard: 'frozen' });
}

/** frozen -= amount: the frozen funds are spent (a filled order, a paid-out withdrawal) */
export function settleFrozen(trx: Transaction<Database>, e: LedgerEntry): Promise<BalanceAfter> {
  return apply(trx, e, { dAvail: 'none', dFrozen: 'minus', guard: 'frozen' });
}

export interface Balance {
  currency_id: number;
  currency: string;
  type: number;
  available: string;
  frozen: string;
}

export async function getBalances(db: Kysely<Database>, userId: number): Promise<Balance[]> {
  const rows = await db
    .selectFrom('accounts')
    .innerJoin('currencies', 'currencies.id', 'accounts.currency_id')
    .select([
      'accounts.currency_id',
      'currencies.name as currency',
      'accounts.type',
      'accounts.available',
      'accounts.frozen',
    ])
    .where('accounts.user_id', '=', userId)
    .orderBy('accounts.type')
    .orderBy('accounts.currency_id')
    .execute();
  return rows.map((r) => ({ ...r, available: canon(r.available), frozen: canon(r.frozen) }));
}

export interface JournalMismatch {
  account_id: number;
  available: string;
  frozen: string;
  journal_available: string;
  journal_frozen: string;
}

/** Accounts whose balances differ from the sum of their journal deltas (should be none). */
export async function checkJournalConsistency(db: Kysely<Database>): Promise<JournalMismatch[]> {
  const res = await sql<JournalMismatch>`
    SELECT a.id AS account_id, a.available::text AS available, a.frozen::text AS frozen,
           COALESCE(SUM(j.delta_available), 0)::text AS journal_available,
           COALESCE(SUM(j.delta_frozen), 0)::text AS journal_frozen
    FROM accounts a LEFT JOIN journal j ON j.account_id = a.id
    GROUP BY a.id, a.available, a.frozen
    HAVING a.available <> COALESCE(SUM(j.delta_available), 0) OR a.frozen <> COALESCE(SUM(j.delta_frozen), 0)
    ORDER BY a.id`.execute(db);
  return res.rows;
}
