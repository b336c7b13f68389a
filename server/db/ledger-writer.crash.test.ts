/**
 * Kill -9 a process in the middle of its group commits (ledger-writer.ts): every transfer it was
 * told had committed is there, whole; every other transfer is either whole too (its batch committed
 * as the process died, before the answer reached it) or absent — never a debit without its credit,
 * never a balance without its journal — and no money was created or lost. How a batch is surely in
 * flight at the kill: testing/kill-mid-batch.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_USDT as USDT } from '../testing/ledger-kit';
import { crashTestDb, crashUsers, killMidBatch } from '../testing/kill-mid-batch';
import { checkJournalConsistency } from './ledger';

const t = crashTestDb();

describe('ledger writer under kill -9', () => {
  it('leaves each transfer fully committed or absent, and every acknowledged one committed', async () => {
    const h = t.h;
    const users = await crashUsers(h.db, 12, { amount: '1000' });
    const acked = await killMidBatch(h, { script: 'server/testing/ledger-writer-child.ts', users, acks: 400 });
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
