/**
 * Kill -9 a process in the middle of its contract limit entries, fills, overnight fees and forced
 * closes (placeLimit, fillAtLimit, chargeOvernightOf, liquidateAtPrices: one element of a group
 * commit each, migrations 052 and 053): every step it was told had committed is there, and every
 * order is whole at whatever step it reached — its margin and fee frozen once, a fill's fee spent
 * once, a day's fee charged once with its charge row, a liquidation's margin released and loss taken
 * once — never a move without its order; every balance equals what its orders say, to the last
 * digit, and the journal sums to the balances. How a batch is surely in flight at the kill:
 * testing/kill-mid-batch.ts.
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

/** Each order of `users`: its status, its charge rows, and its journal rows by reason (each with its figures). */
function perOrder(users: number[]) {
  return sql<{
    id: number;
    status: string;
    reason: string | null;
    charges: number;
    n: number;
    margin: number;
    freeze: number;
    spent: number;
    night: number;
    release: number;
    pnl: number;
  }>`
    SELECT o.id, o.status, o.close_reason AS reason,
      (SELECT count(*)::int FROM lever_overnight_charges c WHERE c.order_id = o.id AND c.amount = o.overnight_fee) AS charges,
      count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin' AND j.delta_available = -o.margin AND j.delta_frozen = o.margin)::int AS margin,
      count(j.id) FILTER (WHERE j.reason = 'lever_fee_freeze' AND j.delta_available = -o.fee AND j.delta_frozen = o.fee)::int AS freeze,
      count(j.id) FILTER (WHERE j.reason = 'lever_fee' AND j.delta_available = 0 AND j.delta_frozen = -o.fee)::int AS spent,
      count(j.id) FILTER (WHERE j.reason = 'lever_overnight_fee' AND j.delta_available = -o.overnight_fee AND o.overnight_fee > 0)::int AS night,
      count(j.id) FILTER (WHERE j.reason = 'lever_margin_release' AND j.delta_available = o.margin AND j.delta_frozen = -o.margin)::int AS release,
      count(j.id) FILTER (WHERE j.reason = 'lever_loss' AND j.delta_available = o.profit AND o.profit < 0)::int AS pnl
    FROM lever_orders o LEFT JOIN journal j ON j.ref_type = 'lever_order' AND j.ref_id = o.id::text AND j.user_id = o.user_id
    WHERE o.user_id IN (${sql.join(users)}) GROUP BY o.id`
    .execute(t.h.db)
    .then((r) => r.rows);
}

/** What an order's rows must be at the step it reached (an open position may or may not have paid its night yet). */
function expected(r: { status: string; night: number }) {
  const placed = { margin: 1, freeze: 1 };
  if (r.status === 'entrusted') return { ...placed, n: 2, spent: 0, night: 0, charges: 0 };
  const night = { night: 1, charges: 1 };
  if (r.status === 'position') return { ...placed, n: 3 + r.night, spent: 1, charges: r.night, release: 0 };
  return { ...placed, ...night, n: 6, spent: 1, release: 1, pnl: 1, reason: 'liquidation' };
}

describe('contract limit entries, fills, overnight fees and forced closes under kill -9', () => {
  it('leaves each order whole at the step it reached, and every acknowledged step committed', async () => {
    const h = t.h;
    const users = await crashUsers(h.db, N, { amount: GRANT, type: ACCOUNT_TYPES.lever });
    const acked = await killMidBatch(h, {
      script: 'server/testing/lever-limit-child.ts',
      users,
      acks: 400,
      statement: 'lever_%_batch',
    });
    const rows = await perOrder(users);
    const done = new Set<string>();
    for (const r of rows) {
      done.add(`e${r.id}`);
      if (r.status !== 'entrusted') done.add(`f${r.id}`);
      if (r.charges === 1) done.add(`n${r.id}`);
      if (r.status === 'closed') done.add(`l${r.id}`);
    }
    for (const step of ['e', 'f', 'n', 'l'])
      expect(
        [...acked].some((a) => a.startsWith(step)),
        `some ${step} steps ran`,
      ).toBe(true);
    expectAckedCommitted(acked, done, 'step');
    for (const r of rows) expect(r, `order ${r.id}`).toMatchObject(expected(r));
    expect(await orphanMoves(h.db, 'lever_order', 'lever_orders', users), 'moves without their order').toBe(0);
    // per user: the grant less every fee and night paid, the margins (and resting fees) held, the losses taken
    const held = await sql<{ user_id: number; exact: boolean }>`
      SELECT a.user_id,
        a.available = ${GRANT}::numeric - coalesce(sum(o.fee), 0) - coalesce(sum(o.overnight_fee), 0)
          - coalesce(sum(o.margin) FILTER (WHERE o.status IN ('entrusted', 'position')), 0)
          + coalesce(sum(o.profit) FILTER (WHERE o.status = 'closed'), 0)
        AND a.frozen = coalesce(sum(o.margin) FILTER (WHERE o.status IN ('entrusted', 'position')), 0)
          + coalesce(sum(o.fee) FILTER (WHERE o.status = 'entrusted'), 0) AS exact
      FROM accounts a LEFT JOIN lever_orders o ON o.user_id = a.user_id
      WHERE a.user_id IN (${sql.join(users)}) AND a.type = ${ACCOUNT_TYPES.lever} AND a.currency_id = ${USDT}
      GROUP BY a.user_id, a.available, a.frozen`.execute(h.db);
    expect(held.rows).toHaveLength(N);
    for (const r of held.rows) expect(r, `user ${r.user_id}`).toMatchObject({ exact: true });
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  }, 120_000);
});
