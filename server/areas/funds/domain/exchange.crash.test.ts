/**
 * Kill -9 a process in the middle of its coin exchanges (exchange(), one item of the ledger's group
 * commit each): every exchange it was told had committed is there with its record; every other one
 * is either whole too (its batch committed as the process died, before the answer reached it) or
 * absent — never a record without both moves, nor a move without its record — and per coin no
 * money was created or lost beyond the exchanges' own conversions. How a batch is surely in flight
 * at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../../../core';
import { createTestDb } from '../../../testing/db';
import { ledgerUser, TEST_USDT as USDT } from '../../../testing/ledger-kit';
import { killMidBatch } from '../../../testing/kill-mid-batch';
import type { DbHandle } from '../../../db/connect';
import { seed } from '../../../db/seed';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import { inTransaction } from '../../../db/tx';

const BTC = 1;
const N = 12;
let h: DbHandle;

beforeAll(async () => {
  h = await createTestDb();
  await seed(h.db);
});
afterAll(async () => {
  await h?.close();
});

/** A user with 1,000 USDT and 1 BTC on the change account. */
async function holder(i: number): Promise<number> {
  const u = await ledgerUser(h.db, { name: `xc${i}x${Date.now() % 1e6}`, grantUsdt: '1000' });
  await inTransaction(h.db, (trx) =>
    credit(trx, { userId: u, currencyId: BTC, type: ACCOUNT_TYPES.change, amount: '1', reason: 'test_grant' }),
  );
  return u;
}

/** Each exchange of `users` with its moves: the out of its amount, the in of its received. */
function perExchange(users: number[]) {
  return sql<{ id: number; n: number; out: number; inn: number }>`
    SELECT x.id, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'exchange_out' AND j.currency_id = x.from_currency_id AND j.delta_available = -x.amount)::int AS out,
      count(j.id) FILTER (WHERE j.reason = 'exchange_in' AND j.currency_id = x.to_currency_id AND j.delta_available = x.received)::int AS inn
    FROM exchanges x LEFT JOIN journal j ON j.ref_type = 'exchange' AND j.ref_id = x.id::text AND j.user_id = x.user_id
    WHERE x.user_id IN (${sql.join(users)}) GROUP BY x.id`
    .execute(h.db)
    .then((r) => r.rows);
}

/** Per coin: the users' holdings now, and what the grants and the recorded exchanges make them. */
function perCoin(users: number[]) {
  return sql<{ currency_id: number; held: string; expected: string; exact: boolean }>`
    SELECT currency_id, held::text, expected::text, held = expected AS exact FROM (
      SELECT c.id AS currency_id,
        (SELECT coalesce(sum(available + frozen), 0) FROM accounts WHERE user_id IN (${sql.join(users)}) AND currency_id = c.id) AS held,
        (CASE c.id WHEN ${USDT}::int THEN ${N * 1000}::numeric ELSE ${N}::numeric END
          + (SELECT coalesce(sum(received), 0) FROM exchanges WHERE user_id IN (${sql.join(users)}) AND to_currency_id = c.id)
          - (SELECT coalesce(sum(amount), 0) FROM exchanges WHERE user_id IN (${sql.join(users)}) AND from_currency_id = c.id)) AS expected
      FROM currencies c WHERE c.id IN (${USDT}, ${BTC})) AS t ORDER BY currency_id`
    .execute(h.db)
    .then((r) => r.rows);
}

describe('coin exchange under kill -9', () => {
  it('leaves each exchange whole with its record or absent, and every acknowledged one committed', async () => {
    const users: number[] = [];
    for (let i = 0; i < N; i++) users.push(await holder(i));
    const acked = await killMidBatch(h, {
      script: 'server/testing/exchange-child.ts',
      env: { LW_USERS: users.join(',') },
      acks: 300,
      lockUser: users[0],
    });
    const rows = await perExchange(users);
    const committed = new Set(rows.map((r) => String(r.id)));
    for (const id of acked) expect(committed.has(id), `acknowledged exchange ${id}`).toBe(true);
    for (const r of rows) expect(r, `exchange ${r.id}`).toMatchObject({ n: 2, out: 1, inn: 1 });
    // no move without its record
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM journal j WHERE j.ref_type = 'exchange' AND j.user_id IN (${sql.join(users)})
        AND NOT EXISTS (SELECT 1 FROM exchanges x WHERE x.id::text = j.ref_id)`.execute(h.db);
    expect(orphans.rows[0].n).toBe(0);
    for (const c of await perCoin(users)) expect(c, `coin ${c.currency_id}`).toMatchObject({ exact: true });
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
