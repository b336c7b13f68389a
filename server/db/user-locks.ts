/**
 * The canonical lock order for balances: before a transaction touches any of a
 * user's account rows it holds that user's advisory transaction lock, so two transactions of one
 * user (a transfer 2→3 and one 3→2, an exchange and a spot fill) queue instead of locking the
 * same rows in opposite orders. Several users are locked in ascending id order. The lock is
 * released by the commit or rollback.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/** The two-key advisory space (class, user id) of balance locks; no other lock uses class 14. */
const BALANCE_LOCK_CLASS = 14;

/** Users already locked by each open transaction: a second lock would only cost a round trip. */
const held = new WeakMap<Transaction<Database>, Set<number>>();

export async function lockUsers(trx: Transaction<Database>, userIds: readonly number[]): Promise<void> {
  let set = held.get(trx);
  if (!set) held.set(trx, (set = new Set()));
  const todo = [...new Set(userIds)].filter((id) => !set.has(id)).sort((a, b) => a - b);
  if (todo.length === 0) return;
  if (todo.length === 1)
    await sql`SELECT pg_advisory_xact_lock(${BALANCE_LOCK_CLASS}::int4, ${todo[0]}::int4)`.execute(trx);
  // several users in one round trip: unnest yields the ids in array order, and the locks are
  // taken row by row in that order (ascending), as the one-at-a-time loop did
  else
    await sql`SELECT pg_advisory_xact_lock(${BALANCE_LOCK_CLASS}::int4, u.id) FROM unnest(${todo}::int4[]) WITH ORDINALITY AS u(id, n) ORDER BY u.n`.execute(
      trx,
    );
  for (const id of todo) set.add(id);
}
