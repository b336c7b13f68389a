/**
 * Kill -9 a process in the middle of its coin exchanges (exchange(), one item of the ledger's group
 * commit each): every exchange it was told had committed is there with its record; every other one
 * is either whole too (its batch committed as the process died, before the answer reached it) or
 * absent — never a record without both moves, nor a move without its record — and per coin no
 * money was created or lost beyond the exchanges' own conversions. How a batch is surely in flight
 * at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_USDT as USDT } from '../../../testing/ledger-kit';
import {
  crashTestDb,
  crashUsers,
  expectAckedCommitted,
  killMidBatch,
  orphanMoves,
} from '../../../testing/kill-mid-batch';
import { checkJournalConsistency } from '../../../db/ledger';

const BTC = 1;
const N = 12;
const t = crashTestDb();

/** Each exchange of `users` with its moves: the out of its amount, the in of its received. */
function perExchange(users: number[]) {
  return sql<{ id: number; n: number; out: number; inn: number }>`
    SELECT x.id, count(j.id)::int AS n,
      count(j.id) FILTER (WHERE j.reason = 'exchange_out' AND j.currency_id = x.from_currency_id AND j.delta_available = -x.amount)::int AS out,
      count(j.id) FILTER (WHERE j.reason = 'exchange_in' AND j.currency_id = x.to_currency_id AND j.delta_available = x.received)::int AS inn
    FROM exchanges x LEFT JOIN journal j ON j.ref_type = 'exchange' AND j.ref_id = x.id::text AND j.user_id = x.user_id
    WHERE x.user_id IN (${sql.join(users)}) GROUP BY x.id`
    .execute(t.h.db)
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
    .execute(t.h.db)
    .then((r) => r.rows);
}

describe('coin exchange under kill -9', () => {
  it('leaves each exchange whole with its record or absent, and every acknowledged one committed', async () => {
    // each with 1,000 USDT and 1 BTC on the change account
    const users = await crashUsers(t.h.db, N, { amount: '1000' }, { amount: '1', currencyId: BTC });
    const acked = await killMidBatch(t.h, { script: 'server/testing/exchange-child.ts', users, acks: 300 });
    const rows = await perExchange(users);
    expectAckedCommitted(acked, new Set(rows.map((r) => String(r.id))), 'exchange');
    for (const r of rows) expect(r, `exchange ${r.id}`).toMatchObject({ n: 2, out: 1, inn: 1 });
    expect(await orphanMoves(t.h.db, 'exchange', 'exchanges', users), 'moves without their record').toBe(0);
    for (const c of await perCoin(users)) expect(c, `coin ${c.currency_id}`).toMatchObject({ exact: true });
    expect(await checkJournalConsistency(t.h.db)).toEqual([]);
  }, 120_000);
});
