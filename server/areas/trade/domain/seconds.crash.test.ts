/**
 * Kill -9 a process in the middle of its seconds options (submitSeconds, one item of the seconds
 * group commit each): every order it was told had committed is there, whole — its stake frozen
 * with its journal row, its buy tick, its backstop job; every other one is either whole too (its
 * batch committed as the process died, before the answer reached it) or absent — never an order
 * without its freeze or its job, nor a freeze without its order — and the journal sums to the
 * balances. How a batch is surely in flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../../../core';
import { createTestDb } from '../../../testing/db';
import { ledgerUser, TEST_USDT as USDT } from '../../../testing/ledger-kit';
import { killMidBatch } from '../../../testing/kill-mid-batch';
import { jobKeys } from '../../../testing/jobs-kit';
import type { DbHandle } from '../../../db/connect';
import { seed } from '../../../db/seed';
import { checkJournalConsistency, credit } from '../../../db/ledger';
import { inTransaction } from '../../../db/tx';
import { installJobQueue } from '../../../plugins/job-queue';
import { seedTrade } from '.';
import { secondsSettleKey } from './seconds-queue';

const N = 12;
const GRANT = 100_000;
let h: DbHandle;

beforeAll(async () => {
  h = await createTestDb();
  await seed(h.db);
  await seedTrade(h.db);
  await installJobQueue(h); // the backstop jobs' queue (the app installs it at start)
});
afterAll(async () => {
  await h?.close();
});

/** A user with 100,000 USDT on the micro account. */
async function holder(i: number): Promise<number> {
  const u = await ledgerUser(h.db, { name: `sc${i}x${Date.now() % 1e6}` });
  await inTransaction(h.db, (trx) =>
    credit(trx, {
      userId: u,
      currencyId: USDT,
      type: ACCOUNT_TYPES.micro,
      amount: String(GRANT),
      reason: 'test_grant',
    }),
  );
  return u;
}

/** Each order of `users` with its stake's journal rows (the freeze of exactly its stake). */
function perOrder(users: number[]) {
  return sql<{ id: number; n: number; freeze: number }>`
    SELECT o.id, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'seconds_stake' AND j.type = ${ACCOUNT_TYPES.micro}
        AND j.delta_available = -o.number AND j.delta_frozen = o.number)::int AS freeze
    FROM seconds_orders o LEFT JOIN journal j ON j.ref_type = 'seconds_order' AND j.ref_id = o.id::text AND j.user_id = o.user_id
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id`
    .execute(h.db)
    .then((r) => r.rows);
}

describe('seconds options under kill -9', () => {
  it('leaves each order whole with its freeze, journal row and job, or absent, and every acknowledged one committed', async () => {
    const users: number[] = [];
    for (let i = 0; i < N; i++) users.push(await holder(i));
    const acked = await killMidBatch(h, {
      script: 'server/testing/seconds-child.ts',
      env: { LW_USERS: users.join(',') },
      acks: 300,
      lockUser: users[0],
      statement: 'seconds_submit_batch',
    });
    const rows = await perOrder(users);
    const committed = new Set(rows.map((r) => String(r.id)));
    for (const id of acked) expect(committed.has(id), `acknowledged order ${id}`).toBe(true);
    for (const r of rows) expect(r, `order ${r.id}`).toMatchObject({ n: 1, freeze: 1 });
    const jobs = new Set(await jobKeys(h.db, 'seconds.settle:'));
    for (const r of rows) expect(jobs.has(secondsSettleKey(r.id)), `order ${r.id}'s backstop job`).toBe(true);
    expect(jobs.size).toBe(rows.length);
    const ticks = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM market_ticks WHERE symbol = 'BTC/USDT' AND seq = 1`.execute(h.db);
    expect(ticks.rows[0].n).toBe(1);
    // no freeze without its order
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM journal j WHERE j.ref_type = 'seconds_order' AND j.user_id IN (${sql.join(users)})
        AND NOT EXISTS (SELECT 1 FROM seconds_orders o WHERE o.id::text = j.ref_id)`.execute(h.db);
    expect(orphans.rows[0].n).toBe(0);
    // per user: what is frozen is exactly the stakes of the orders on record, and nothing was lost
    const per = await sql<{ user_id: number; ok: boolean }>`
      SELECT a.user_id, (a.frozen = coalesce(s.staked, 0) AND a.available + a.frozen = ${GRANT}::numeric) AS ok
      FROM accounts a LEFT JOIN (SELECT user_id, sum(number) AS staked FROM seconds_orders GROUP BY user_id) s ON s.user_id = a.user_id
      WHERE a.user_id IN (${sql.join(users)}) AND a.type = ${ACCOUNT_TYPES.micro} AND a.currency_id = ${USDT}`.execute(
      h.db,
    );
    expect(per.rows).toHaveLength(N);
    for (const p of per.rows) expect(p, `user ${p.user_id}`).toMatchObject({ ok: true });
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
