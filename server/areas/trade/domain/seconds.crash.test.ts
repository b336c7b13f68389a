/**
 * Kill -9 a process in the middle of its seconds options (submitSeconds, one item of the seconds
 * group commit each): every order it was told had committed is there, whole — its stake frozen
 * with its journal row, its buy tick, its backstop job; every other one is either whole too (its
 * batch committed as the process died, before the answer reached it) or absent — never an order
 * without its freeze or its job, nor a freeze without its order — and the journal sums to the
 * balances. How a batch is surely in flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../../../core';
import { TEST_USDT as USDT } from '../../../testing/ledger-kit';
import {
  crashTestDb,
  crashUsers,
  expectAckedCommitted,
  killMidBatch,
  orphanMoves,
} from '../../../testing/kill-mid-batch';
import { jobKeys } from '../../../testing/jobs-kit';
import { checkJournalConsistency } from '../../../db/ledger';
import { seedTrade } from '.';
import { secondsSettleKey } from './seconds-queue';

const N = 12;
const GRANT = 100_000;
const t = crashTestDb((h) => seedTrade(h.db)); // the backstop jobs' queue comes with the test database

/** Each order of `users` with its stake's journal rows (the freeze of exactly its stake). */
function perOrder(users: number[]) {
  return sql<{ id: number; n: number; freeze: number }>`
    SELECT o.id, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'seconds_stake' AND j.type = ${ACCOUNT_TYPES.micro}
        AND j.delta_available = -o.number AND j.delta_frozen = o.number)::int AS freeze
    FROM seconds_orders o LEFT JOIN journal j ON j.ref_type = 'seconds_order' AND j.ref_id = o.id::text AND j.user_id = o.user_id
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id`
    .execute(t.h.db)
    .then((r) => r.rows);
}

describe('seconds options under kill -9', () => {
  it('leaves each order whole with its freeze, journal row and job, or absent, and every acknowledged one committed', async () => {
    const h = t.h;
    // each with 100,000 USDT on the micro account
    const users = await crashUsers(h.db, N, { amount: String(GRANT), type: ACCOUNT_TYPES.micro });
    const acked = await killMidBatch(h, {
      script: 'server/testing/seconds-child.ts',
      users,
      acks: 300,
      statement: 'seconds_submit_batch',
    });
    const rows = await perOrder(users);
    expectAckedCommitted(acked, new Set(rows.map((r) => String(r.id))), 'order');
    for (const r of rows) expect(r, `order ${r.id}`).toMatchObject({ n: 1, freeze: 1 });
    const jobs = new Set(await jobKeys(h.db, 'seconds.settle:'));
    for (const r of rows) expect(jobs.has(secondsSettleKey(r.id)), `order ${r.id}'s backstop job`).toBe(true);
    expect(jobs.size).toBe(rows.length);
    const ticks = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM market_ticks WHERE symbol = 'BTC/USDT' AND seq = 1`.execute(h.db);
    expect(ticks.rows[0].n).toBe(1);
    expect(await orphanMoves(h.db, 'seconds_order', 'seconds_orders', users), 'freezes without their order').toBe(0);
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
