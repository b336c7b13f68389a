/**
 * The platform's own ledger accounts. What the platform earns (NFT buyer fees, forfeited auction
 * margins, the proceeds of works with no creator account) is credited to them through the ledger
 * like any balance, so every sale's balance changes sum to zero and the revenue has a journal.
 *
 * The platform is one system user row, created on first use: status 2 (a system user: it cannot
 * sign in, reset a password or appear in the back office's customer list), no email or phone, and
 * an invitation code no registration can match (register() upper-cases the code it is given; this
 * one is lower case). Its accounts are ordinary rows (user × currency × type), so balances, the
 * journal and checkJournalConsistency cover them unchanged; the back office reads them by its id.
 */
import type { Transaction } from 'kysely';
import type { Database } from './schema';
import { credit, type BalanceAfter, type LedgerEntry } from './ledger';

export const PLATFORM_INVITE = 'system:platform';

/** The platform's user id (the row is created on the first call, once, whatever the concurrency). */
export async function platformUserId(trx: Transaction<Database>): Promise<number> {
  const found = await trx
    .selectFrom('users')
    .select('id')
    .where('invite_code', '=', PLATFORM_INVITE)
    .executeTakeFirst();
  if (found) return found.id;
  // a concurrent first call waits on the unique index and then inserts nothing
  await trx
    .insertInto('users')
    .values({
      password_hash: '!',
      nickname: 'Platform',
      signature: 'Platform revenue (system account)',
      invite_code: PLATFORM_INVITE,
      status: 2,
    })
    .onConflict((oc) => oc.column('invite_code').doNothing())
    .execute();
  return (
    await trx.selectFrom('users').select('id').where('invite_code', '=', PLATFORM_INVITE).executeTakeFirstOrThrow()
  ).id;
}

/** available += amount on the platform's account of this currency and type (journaled). */
export async function creditPlatform(
  trx: Transaction<Database>,
  e: Omit<LedgerEntry, 'userId'>,
): Promise<BalanceAfter> {
  return credit(trx, { ...e, userId: await platformUserId(trx) });
}
