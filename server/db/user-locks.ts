/**
 * The canonical lock order for balances (issue 14 item 4): before a transaction touches any of a
 * user's account rows it holds that user's advisory transaction lock, so two transactions of one
 * user (a transfer 2→3 and one 3→2, an exchange and a spot fill) queue instead of locking the
 * same rows in opposite orders. Several users are locked in ascending id order. The lock is
 * released by the commit or rollback. Works on PostgreSQL and PGlite alike.
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
  for (const id of todo) {
    await sql`SELECT pg_advisory_xact_lock(${BALANCE_LOCK_CLASS}::int4, ${id}::int4)`.execute(trx);
    set.add(id);
  }
}
