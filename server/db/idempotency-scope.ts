/**
 * The idempotency key an HTTP request is running under (http/idempotency.ts opens the scope), so
 * the ledger can mark the key "committed" in the SAME transaction as the guarded operation's
 * first balance change, and an operation that knows its final answer inside its transaction can
 * store it there (answerInTx). A crash can then never leave a committed operation whose key
 * looks unused, nor an unused key that looks committed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';
/** the ledger's reference of a balance change (LedgerRef; not imported: ledger imports this) */
type LedgerRef = { type: string; id: string | number };

export interface IdempotencyScope {
  userId: number;
  key: string;
  /**
   * The key has no row yet: the guarded operation's one pooled ledger transfer claims it in its
   * own statement (ledger-writer.ts, migration 044) — for this route, owned by this process.
   */
  claim?: { route: string; owner: string };
  /** set when a transfer took the key into its statement */
  consumed?: boolean;
}

/** The key was claimed already (a retry, or the same key elsewhere): the operation did nothing. */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

const scope = new AsyncLocalStorage<IdempotencyScope>();
/** transactions that already marked their key (one UPDATE per transaction is enough) */
const marked = new WeakSet<object>();

export function runInIdempotencyScope<T>(s: IdempotencyScope, fn: () => Promise<T>): Promise<T> {
  return scope.run(s, fn);
}

/** Called by the ledger for every balance change: marks the caller's key committed in `trx`. */
export async function markKeyCommitted(
  trx: Transaction<Database>,
  userId: number,
  ref: LedgerRef | undefined,
): Promise<void> {
  const s = scope.getStore();
  // Only the requesting user's own moves: work queued from the request (copy trading) runs in
  // this async context too but moves other users' money.
  if (!s || s.userId !== userId || marked.has(trx)) return;
  marked.add(trx);
  await trx
    .updateTable('idempotency_keys')
    .set({ committed_at: sql`now()`, committed_ref: ref ? JSON.stringify(ref) : null })
    .where('user_id', '=', s.userId)
    .where('key', '=', s.key)
    .where('committed_at', 'is', null)
    .execute();
}

/**
 * For a balance change done in SQL by the server-side transfer (ledger-transfer.ts): the key to mark
 * committed in that same statement, when the request's user is one of `userIds` — what
 * markKeyCommitted would have marked. Taken at the call, in the request's async context (a
 * batched transfer runs later, in the writer's). With `trx`, a key that transaction already marked
 * is not marked again, and the transaction counts as marking it.
 */
export function keyToMark(userIds: readonly number[], trx?: Transaction<Database>): IdempotencyScope | undefined {
  const s = scope.getStore();
  if (!s || !userIds.includes(s.userId) || (trx && marked.has(trx)) || s.consumed) return undefined;
  // a key to claim has no row a transaction could mark: only the pooled transfer takes it
  if (s.claim && trx) return undefined;
  if (trx) marked.add(trx);
  if (s.claim) s.consumed = true;
  return s;
}

/**
 * For a guarded operation that moves no money (a recharge request, a follow): marks the key
 * committed with the row it wrote, in the transaction that wrote it, so a retry after a crash
 * rebuilds the answer from that row instead of writing a second one.
 */
export function markCommitted(trx: Transaction<Database>, userId: number, ref: LedgerRef): Promise<void> {
  return markKeyCommitted(trx, userId, ref);
}

/**
 * Stores the request's answer inside the operation's transaction (same commit as its effect). A key
 * still to claim (in-statement mode) gets its row there, committed with the answer; a retried
 * transaction inserts it again (the rolled-back attempt left none).
 */
export async function answerInTx(trx: Transaction<Database>, userId: number, answer: unknown): Promise<void> {
  const s = scope.getStore();
  if (!s || s.userId !== userId) return;
  if (s.claim) {
    await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: s.userId,
        key: s.key,
        route: s.claim.route,
        response: JSON.stringify(answer),
        owner: s.claim.owner,
        committed_at: sql`now()`,
      })
      .execute();
    s.consumed = true;
    return;
  }
  await trx
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(answer), committed_at: sql`coalesce(committed_at, now())` })
    .where('user_id', '=', s.userId)
    .where('key', '=', s.key)
    .execute();
}
