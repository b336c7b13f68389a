/**
 * Kill -9 a process in the middle of its group commits (ledger-writer.ts): every transfer it was
 * told had committed is there, whole; every other transfer is either whole too (its batch committed
 * as the process died, before the answer reached it) or absent — never a debit without its credit,
 * never a balance without its journal — and no money was created or lost. To have a batch surely in
 * flight at the kill, the test holds one user's balance lock just before it: the batch that needs
 * that user waits on the server (the child's sessions check for a vanished client every 50 ms, so
 * the server rolls it back once the child is dead), and the transfers queued behind it were never
 * sent. A writer that answered before the commit would have acknowledged some of them.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/db';
import { ledgerUser, TEST_USDT as USDT } from '../testing/ledger-kit';
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
    const opts = (h.pool as unknown as { options: { connectionString: string; options?: string } }).options;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/ledger-writer-child.ts'], {
      env: {
        ...process.env,
        LW_URL: opts.connectionString,
        LW_OPTIONS: `${opts.options ?? ''} -c client_connection_check_interval=50`.trim(),
        LW_USERS: users.join(','),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const acked = new Set<string>();
    let buf = '';
    let holding = false;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${acked.size} acks in 60 s`)), 60_000);
      child.stdout!.on('data', (b: Buffer) => {
        buf += b.toString();
        const lines = buf.split('\n');
        buf = lines.pop()!;
        for (const l of lines) if (l.startsWith('ack ')) acked.add(l.slice(4));
        if (acked.size >= 400 && !holding) {
          clearTimeout(timer);
          holding = true;
          resolve();
        }
      });
    });
    // one user's balance lock (class 14, user-locks.ts) held by the test: the next batch with that user waits
    const holder = new pg.Client({
      connectionString: opts.connectionString,
      ...(opts.options ? { options: opts.options } : {}),
    });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(14, $1)', [users[0]]);
    let waiting = 0;
    for (let i = 0; i < 100 && waiting === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const w = await holder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 14 AND objid = $1`,
        [users[0]],
      );
      waiting = w.rows[0].n;
    }
    expect(waiting, 'a batch waits on the held lock').toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    await new Promise((r) => setTimeout(r, 300)); // the server notices the dead client (50 ms checks) and rolls back
    await holder.query('ROLLBACK');
    await holder.end();
    // the server may still be finishing the batch the dead client sent: wait until no session of it is left
    for (let i = 0; i < 100; i++) {
      const busy = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%ledger_transfer_batch%' AND pid <> pg_backend_pid()`.execute(
        h.db,
      );
      if (busy.rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
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
