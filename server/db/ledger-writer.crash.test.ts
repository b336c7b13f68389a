/**
 * Kill -9 a process in the middle of its group commits (ledger-writer.ts): every transfer it was
 * told had committed is there, whole; every other transfer is either whole too (its batch committed
 * as the process died, before the answer reached it) or absent — never a debit without its credit,
 * never a balance without its journal — and no money was created or lost. How a batch is surely in
 * flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/db';
import { ledgerUser, TEST_USDT as USDT } from '../testing/ledger-kit';
import { killMidBatch } from '../testing/kill-mid-batch';
import type { DbHandle } from './connect';
import { seed } from './seed';
import { checkJournalConsistency } from './ledger';

let h: DbHandle;

beforeAll(async () => {
  h = await createTestDb();
  await seed(h.db);
});
afterAll(async () => {
  await h?.close();
});

describe('ledger writer under kill -9', () => {
  it('leaves each transfer fully committed or absent, and every acknowledged one committed', async () => {
    const users: number[] = [];
    for (let i = 0; i < 12; i++) {
      users.push(await ledgerUser(h.db, { name: `lw${i}x${Date.now() % 1e6}`, grantUsdt: '1000' }));
    }
    const acked = await killMidBatch(h, {
      script: 'server/testing/ledger-writer-child.ts',
      env: { LW_USERS: users.join(',') },
      acks: 400,
      lockUser: users[0],
    });
    const perRef = await sql<{ ref_id: string; n: number; out: number; inn: number }>`
      SELECT ref_id, count(*)::int AS n, count(*) FILTER (WHERE reason = 'transfer_out')::int AS out, count(*) FILTER (WHERE reason = 'transfer_in')::int AS inn
      FROM journal WHERE ref_type = 'crash' GROUP BY ref_id`.execute(h.db);
    const committed = new Map(perRef.rows.map((r) => [r.ref_id, r]));
    for (const ref of acked) expect(committed.get(ref), ref).toMatchObject({ n: 2, out: 1, inn: 1 });
    for (const r of perRef.rows) expect(r, r.ref_id).toMatchObject({ n: 2, out: 1, inn: 1 });
    expect(committed.size).toBeGreaterThanOrEqual(acked.size);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
    const total = await sql<{
      s: string;
    }>`SELECT sum(available + frozen)::text AS s FROM accounts WHERE user_id IN (${sql.join(users)}) AND currency_id = ${USDT}`.execute(
      h.db,
    );
    expect(total.rows[0].s).toMatch(/^12000(\.0+)?$/); // not a unit created or lost
  }, 120_000);
});
