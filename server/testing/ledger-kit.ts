/** A fresh user for ledger tests, with an optional grant of spot USDT (journaled like any credit). */
import type { Kysely } from 'kysely';
import { ACCOUNT_TYPES } from '../../core';
import type { Database } from '../db/schema';
import { credit } from '../db/ledger';
import { inTransaction } from '../db/tx';

/** the seeded USDT currency id (server/db/seed.ts) */
export const TEST_USDT = 4;
let seq = 0;

export async function ledgerUser(
  db: Kysely<Database>,
  opts: { name?: string; grantUsdt?: string } = {},
): Promise<number> {
  const name = opts.name ?? `lu${++seq}x${Date.now() % 100000}`;
  const r = await db
    .insertInto('users')
    .values({ email: `${name}@example.com`, password_hash: '!', invite_code: name.toUpperCase().slice(0, 12) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const grant = opts.grantUsdt;
  if (grant)
    await inTransaction(db, (trx) =>
      credit(trx, {
        userId: r.id,
        currencyId: TEST_USDT,
        type: ACCOUNT_TYPES.change,
        amount: grant,
        reason: 'test_grant',
      }),
    );
  return r.id;
}
