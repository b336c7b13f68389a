/**
 * The one transaction runner for money paths. On PostgreSQL two transactions
 * of one user can still collide (a deadlock, 40P01, or a serialization failure, 40001) even with
 * a canonical lock order — e.g. one touching several users. Such a failure rolled everything
 * back, so the whole transaction is simply run again after a short jittered pause; the caller's
 * fn must therefore only touch the database (side effects belong after the commit).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { lockUsers } from './user-locks';
import { bindKey, type IdempotencyScope } from './idempotency-scope';

export type Trx = Transaction<Database>;

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;
const BASE_MS = 8;

export interface TxOptions {
  /** users whose money this transaction moves: locked first, in ascending id order */
  users?: readonly number[];
  /** attempts in all, default 5 */
  attempts?: number;
  /** the request's idempotency key: the ledger's moves of its user in this transaction mark it */
  key?: IdempotencyScope;
}

/** The SQLSTATE of a driver error (pg puts it in `code`), if any. */
export function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

const UNIQUE_VIOLATION = '23505';

/**
 * A unique index refused the row: a race another request won, or a value already taken. With
 * `index`, only a refusal by that index (pg names it in `constraint`; the message is read too).
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  if (sqlState(err) !== UNIQUE_VIOLATION) return false;
  if (index === undefined) return true;
  const e = err as { constraint?: unknown; message?: unknown };
  return e.constraint === index || String(e.message).includes(index);
}

function isRetryable(err: unknown): boolean {
  const s = sqlState(err);
  return s !== undefined && RETRYABLE.has(s);
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A check every money transaction on this database handle runs first (cluster mode: the engine
 * lease's fencing token, server/scale/lease.ts); it throws to refuse the transaction. Unset —
 * one process, tests — nothing runs.
 */
export type TxFence = (trx: Trx) => Promise<void>;
const fences = new WeakMap<object, TxFence>();

export function setTxFence(db: Kysely<Database>, fence: TxFence | undefined): void {
  if (fence) fences.set(db, fence);
  else fences.delete(db);
}

/** The fence set on this handle, if any (a statement outside inTransaction must run it too). */
export function fenceOf(db: Kysely<Database>): TxFence | undefined {
  return fences.get(db);
}

/**
 * Runs `once` again after a deadlock or serialization failure (which rolled it back whole), after
 * a jittered pause; other errors, and the last attempt's, are thrown. `once` is one transaction:
 * inTransaction's, or a single autocommit statement (ledger-writer.ts).
 */
export async function retrying<T>(once: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  const n = Math.max(1, attempts);
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (err) {
      if (attempt >= n || !isRetryable(err)) throw err;
      // full jitter: two colliding transactions must not retry in lock-step
      await pause(Math.random() * BASE_MS * 2 ** attempt);
    }
  }
}

export function inTransaction<T>(db: Kysely<Database>, fn: (trx: Trx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  return retrying(() => {
    const fence = fences.get(db);
    return db.transaction().execute(async (trx) => {
      bindKey(trx, opts.key);
      if (fence) await fence(trx);
      if (opts.users?.length) await lockUsers(trx, opts.users);
      return fn(trx);
    });
  }, opts.attempts);
}
