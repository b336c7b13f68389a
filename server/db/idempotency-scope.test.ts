/**
 * The request's idempotency key is handed down explicitly (no ambient context): only moves of the
 * key's own user, in the transaction or statement the key was handed to, mark it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../testing/db';
import { ledgerUser, TEST_USDT as USDT } from '../testing/ledger-kit';
import { ACCOUNT_TYPES } from '../../core';
import type { DbHandle } from './connect';
import { seed } from './seed';
import { credit, debit } from './ledger';
import { transfer } from './ledger-transfer';
import { inTransaction } from './tx';

let h: DbHandle;
const change = ACCOUNT_TYPES.change;
const entry = (userId: number, amount: string, id: string) => ({
  userId,
  currencyId: USDT,
  type: change,
  amount,
  reason: 'test',
  ref: { type: 'test', id },
});
const reserve = (userId: number, key: string) =>
  h.db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, route: 'test' } as never)
    .execute();
const keyRow = async (userId: number, key: string) =>
  (
    await sql<{ committed: boolean; ref: { id: string } | null }>`
      SELECT committed_at IS NOT NULL AS committed, committed_ref AS ref
      FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`.execute(h.db)
  ).rows[0];
const tick = () => new Promise<void>((r) => setImmediate(r));

beforeAll(async () => {
  h = await createTestDb();
  await seed(h.db);
});
afterAll(async () => {
  await h?.close();
});

describe('idempotency key handed down explicitly', () => {
  it("another user's move never marks the request's key, in its transaction or in work it started", async () => {
    const a = await ledgerUser(h.db, { grantUsdt: '10' });
    const b = await ledgerUser(h.db, { grantUsdt: '10' });
    await reserve(a, 'ka');
    const key = { userId: a, key: 'ka' };
    // b's move in a's transaction (as a copy-trading follower's would be): not a's
    await inTransaction(h.db, (trx) => credit(trx, entry(b, '1', 'b-in-a')), { key });
    // work started from a's request but not handed the key: a's own move in another transaction
    await inTransaction(h.db, (trx) => credit(trx, entry(a, '1', 'a-unkeyed')));
    // b's pooled transfer carrying a's key: a is not one of its users
    await transfer(h.db, {
      from: { userId: b, currencyId: USDT, type: change, reason: 'transfer_out' },
      to: { userId: b, currencyId: USDT, type: ACCOUNT_TYPES.lever, reason: 'transfer_in' },
      amount: '1',
      ref: { type: 'test', id: 'b-pooled' },
      key,
    });
    expect(await keyRow(a, 'ka')).toEqual({ committed: false, ref: null });
    // a's own move in the keyed transaction marks it, with its ref
    await inTransaction(h.db, (trx) => debit(trx, entry(a, '1', 'a-own')), { key });
    expect(await keyRow(a, 'ka')).toEqual({ committed: true, ref: { type: 'test', id: 'a-own' } });
  });

  it('concurrent requests with different keys each mark only their own key', async () => {
    const a = await ledgerUser(h.db, { grantUsdt: '100' });
    const b = await ledgerUser(h.db, { grantUsdt: '100' });
    // two of a's requests and one of b's at once, each on a transaction and on the pooled writer
    const reqs = [
      { user: a, key: 'a1' },
      { user: a, key: 'a2' },
      { user: b, key: 'b1' },
    ];
    for (const r of reqs) for (const via of ['tx', 'pool']) await reserve(r.user, `${r.key}-${via}`);
    await Promise.all(
      reqs.flatMap((r) => [
        inTransaction(
          h.db,
          async (trx) => {
            await tick(); // interleave the transactions between their statements
            await credit(trx, entry(r.user, '1', `${r.key}-tx`));
            await tick();
            await debit(trx, entry(r.user, '1', `${r.key}-tx-2`));
          },
          { key: { userId: r.user, key: `${r.key}-tx` } },
        ),
        transfer(h.db, {
          from: { userId: r.user, currencyId: USDT, type: change, reason: 'transfer_out' },
          to: { userId: r.user === a ? b : a, currencyId: USDT, type: change, reason: 'transfer_in' },
          amount: '1',
          ref: { type: 'test', id: `${r.key}-pool` },
          key: { userId: r.user, key: `${r.key}-pool` },
        }),
      ]),
    );
    for (const r of reqs)
      for (const via of ['tx', 'pool'])
        expect([r.key, via, await keyRow(r.user, `${r.key}-${via}`)]).toEqual([
          r.key,
          via,
          { committed: true, ref: { type: 'test', id: `${r.key}-${via}` } },
        ]);
  });
});
