/**
 * The idempotency key an HTTP request is running under, passed explicitly: http/idempotency.ts hands
 * it to the route's operation, which hands it to the transaction it opens (inTransaction's `key`,
 * bound to that transaction here) or to the group-commit writer it submits to (keyToMark). The
 * ledger then marks the key "committed" in the SAME transaction as the operation's first balance
 * change, and an operation that knows its final answer inside its transaction stores it there
 * (answerInTx). A crash can then never leave a committed operation whose key looks unused, nor an
 * unused key that looks committed. No ambient (AsyncLocalStorage) context: work started from a
 * request but not handed its key — copy trading, other users' moves — can never mark it.
 */
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

/** a transaction's key (bindKey), and whether the transaction marked it already (one UPDATE is enough) */
interface Bound {
  s: IdempotencyScope;
  marked: boolean;
}
const bound = new WeakMap<object, Bound>();

/** Gives `trx` the request's key: the ledger's moves in it mark that key (inTransaction's `key`). */
export function bindKey(trx: Transaction<Database>, s: IdempotencyScope | undefined): void {
  if (s) bound.set(trx, { s, marked: false });
}

/** Called by the ledger for every balance change: marks the transaction's key committed in `trx`. */
export async function markKeyCommitted(
  trx: Transaction<Database>,
  userId: number,
  ref: LedgerRef | undefined,
): Promise<void> {
  const b = bound.get(trx);
  // Only the requesting user's own moves: a transaction may move other users' money too.
  if (!b || b.s.userId !== userId || b.marked) return;
  b.marked = true;
  await trx
    .updateTable('idempotency_keys')
    .set({ committed_at: sql`now()`, committed_ref: ref ? JSON.stringify(ref) : null })
    .where('user_id', '=', b.s.userId)
    .where('key', '=', b.s.key)
    .where('committed_at', 'is', null)
    .execute();
}

/**
 * For a balance change done in SQL by a statement (ledger-transfer.ts, the group-commit writers):
 * the key to mark committed in that same statement, when its user is one of `userIds` — what
 * markKeyCommitted would have marked. `s` is the request's key, handed down by the caller; with
 * `trx`, the transaction's own key is used instead, a key it already marked is not marked again,
 * and the transaction counts as marking it.
 */
export function keyToMark(
  s: IdempotencyScope | undefined,
  userIds: readonly number[],
  trx?: Transaction<Database>,
): IdempotencyScope | undefined {
  const b = trx ? bound.get(trx) : undefined;
  const k = trx ? b?.s : s;
  if (!k || !userIds.includes(k.userId) || b?.marked || k.consumed) return undefined;
  // a key to claim has no row a transaction could mark: only the pooled transfer takes it
  if (k.claim && trx) return undefined;
  if (b) b.marked = true;
  if (k.claim) k.consumed = true;
  return k;
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
  const s = bound.get(trx)?.s;
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
