/**
 * Kill -9 a process in the middle of its contract market entries and closes (openAtMarket and
 * closeAtPrice, one element of the group commit each, migration 047): every open it was told had
 * committed is there with its margin frozen and its fee charged, every acknowledged close is closed
 * with its margin released and its P&L settled; every other one is whole too (its batch committed
 * as the process died, before the answer reached it) or absent — never a position without its
 * moves, a close without its settlement, nor a move without its position — and the journal still
 * sums to the balances. How a batch is surely
 * in flight at the kill: testing/kill-mid-batch.ts.
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
import { checkJournalConsistency } from '../../../db/ledger';

const N = 12;
const GRANT = '100000';
const t = crashTestDb();

/** Each position of `users` with its moves: the margin frozen, the fee charged; closed: released, P&L settled. */
function perPosition(users: number[]) {
  return sql<{ id: number; closed: boolean; n: number; margin: number; fee: number; release: number; pnl: number }>`
    SELECT o.id, o.status = 'closed' AS closed, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin' AND j.delta_available = -o.margin AND j.delta_frozen = o.margin)::int AS margin,
      count(j.id) FILTER (WHERE j.reason = 'lever_fee' AND j.delta_available = -o.fee AND j.delta_frozen = 0)::int AS fee,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin_release' AND j.delta_available = o.margin AND j.delta_frozen = -o.margin)::int AS release,
      count(j.id) FILTER (WHERE j.reason IN ('lever_profit', 'lever_loss') AND j.delta_available = o.profit AND o.profit <> 0)::int AS pnl
    FROM lever_orders o LEFT JOIN journal j ON j.ref_type = 'lever_order' AND j.ref_id = o.id::text AND j.user_id = o.user_id
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id`
    .execute(t.h.db)
    .then((r) => r.rows);
}

describe('contract opens under kill -9', () => {
  it('leaves each open whole with its position or absent, and every acknowledged one committed', async () => {
    const h = t.h;
    // each with 100,000 USDT on the lever account
    const users = await crashUsers(h.db, N, { amount: GRANT, type: ACCOUNT_TYPES.lever });
    const acked = await killMidBatch(h, {
      script: 'server/testing/lever-open-child.ts',
      users,
      acks: 300,
      statement: 'lever_%_batch',
    });
    const rows = await perPosition(users);
    const committed = new Set(rows.map((r) => `o${r.id}`));
    const closed = new Set(rows.filter((r) => r.closed).map((r) => `c${r.id}`));
    expect(closed.size, 'some closes ran').toBeGreaterThan(0);
    expectAckedCommitted(acked, new Set([...committed, ...closed]), 'open or close');
    for (const r of rows)
      expect(r, `position ${r.id}`).toMatchObject(
        r.closed ? { n: 4, margin: 1, fee: 1, release: 1, pnl: 1 } : { n: 2, margin: 1, fee: 1, release: 0, pnl: 0 },
      );
    expect(await orphanMoves(h.db, 'lever_order', 'lever_orders', users), 'moves without their position').toBe(0);
    // per user: the grant less what its open positions froze and all paid, plus the closes' P&L, to the last digit
    const held = await sql<{ user_id: number; exact: boolean }>`
      SELECT a.user_id,
        a.available = ${GRANT}::numeric - coalesce(sum(o.fee), 0) - coalesce(sum(o.margin) FILTER (WHERE o.status = 'position'), 0)
          + coalesce(sum(o.profit) FILTER (WHERE o.status = 'closed'), 0)
        AND a.frozen = coalesce(sum(o.margin) FILTER (WHERE o.status = 'position'), 0) AS exact
      FROM accounts a LEFT JOIN lever_orders o ON o.user_id = a.user_id
      WHERE a.user_id IN (${sql.join(users)}) AND a.type = ${ACCOUNT_TYPES.lever} AND a.currency_id = ${USDT}
      GROUP BY a.user_id, a.available, a.frozen`.execute(h.db);
    expect(held.rows).toHaveLength(N);
    for (const r of held.rows) expect(r, `user ${r.user_id}`).toMatchObject({ exact: true });
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
