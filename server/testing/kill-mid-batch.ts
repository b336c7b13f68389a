/**
 * The group commits' kill -9 tests' common part (server/db/ledger-writer.crash.test.ts, the coin
 * exchange's server/areas/funds/domain/exchange.crash.test.ts, the seconds options'
 * server/areas/trade/domain/seconds.crash.test.ts, the contracts'
 * server/areas/trade/domain/lever-open.crash.test.ts and lever-limit.crash.test.ts, the spot orders' spot.crash.test.ts, the NFT purchase's
 * server/areas/nft/buy.crash.test.ts and won auctions' payments' pay.crash.test.ts, the P2P orders' server/areas/otc/otc.crash.test.ts): a child process runs money through the pool's
 * writer (group commits), printing `ack <ref>` once each promise settled — after its
 * commit. Once enough are acknowledged the test holds one user's balance lock, so the batch that
 * needs that user surely waits on the server in flight (the child's sessions check for a vanished
 * client every 50 ms, so the server rolls it back once the child is dead) and the transfers queued
 * behind it were never sent; then SIGKILL. A writer that answered before the commit would have
 * acknowledged some of them.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { ACCOUNT_TYPES } from '../../core';
import type { DbHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { seed } from '../db/seed';
import { credit } from '../db/ledger';
import { inTransaction } from '../db/tx';
import { createTestDb } from './db';
import { ledgerUser, TEST_USDT } from './ledger-kit';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The file's test database, seeded (then `more`), opened before its tests and closed after: `t.h`. */
export function crashTestDb(more?: (h: DbHandle) => Promise<void>): { h: DbHandle } {
  const t = {} as { h: DbHandle };
  beforeAll(async () => {
    t.h = await createTestDb();
    await seed(t.h.db);
    await more?.(t.h);
  });
  afterAll(async () => {
    await t.h?.close();
  });
  return t;
}

interface Grant {
  amount: string;
  /** default USDT */
  currencyId?: number;
  /** default the change account */
  type?: number;
}

/** `n` users, each given every grant (journaled like any credit). */
export async function crashUsers(db: Kysely<Database>, n: number, ...grants: Grant[]): Promise<number[]> {
  const users: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = await ledgerUser(db);
    for (const g of grants)
      await inTransaction(db, (trx) =>
        credit(trx, {
          userId: u,
          currencyId: g.currencyId ?? TEST_USDT,
          type: g.type ?? ACCOUNT_TYPES.change,
          amount: g.amount,
          reason: 'test_grant',
        }),
      );
    users.push(u);
  }
  return users;
}

/** Every acknowledged ref is among the committed ones. */
export function expectAckedCommitted(acked: Set<string>, committed: Set<string>, what: string): void {
  for (const a of acked) expect(committed.has(a), `acknowledged ${what} ${a}`).toBe(true);
}

/** How many journal rows of `refType` (of `users`, when given) have no row in `table` with their ref id: moves without their record. */
export async function orphanMoves(
  db: Kysely<Database>,
  refType: string,
  table: 'exchanges' | 'seconds_orders' | 'lever_orders' | 'nft_orders' | 'spot_orders' | 'spot_fills' | 'otc_orders',
  users?: number[],
): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM journal j WHERE j.ref_type = ${refType}
      ${users ? sql`AND j.user_id IN (${sql.join(users)})` : sql``}
      AND NOT EXISTS (SELECT 1 FROM ${sql.table(table)} x WHERE x.id::text = j.ref_id)`.execute(db);
  return r.rows[0].n;
}

/** The child's session: the test database's connection string and options (its search_path). */
function connectionOf(h: DbHandle): { connectionString: string; options?: string } {
  return (h.pool as unknown as { options: { connectionString: string; options?: string } }).options;
}

/**
 * Runs `script` (LW_URL, LW_OPTIONS, LW_USERS and `env` set) until `acks` acks, then kills it
 * mid-batch; `statement`: the batch function the child calls (default the transfers' ledger_transfer_batch).
 */
export async function killMidBatch(
  h: DbHandle,
  o: {
    script: string;
    users: number[];
    env?: Record<string, string>;
    acks: number;
    /** the user whose balance lock the test holds (default the first of `users`) */
    lockUser?: number;
    /** the batch function the child calls (default ledger_transfer_batch): the kill waits until none runs */
    statement?: string;
  },
): Promise<Set<string>> {
  const opts = connectionOf(h);
  const child = spawn(process.execPath, ['--import', 'tsx', o.script], {
    env: {
      ...process.env,
      ...o.env,
      LW_USERS: o.users.join(','),
      LW_URL: opts.connectionString,
      LW_OPTIONS: `${opts.options ?? ''} -c client_connection_check_interval=50`.trim(),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const acked = new Set<string>();
  let buf = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${acked.size} acks in 60 s`)), 60_000);
    child.stdout!.on('data', (b: Buffer) => {
      buf += b.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const l of lines) if (l.startsWith('ack ')) acked.add(l.slice(4));
      if (acked.size >= o.acks) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  // the user's balance lock (class 14, user-locks.ts) held by the test: the next batch with that user waits
  const holder = new pg.Client({
    connectionString: opts.connectionString,
    ...(opts.options ? { options: opts.options } : {}),
  });
  await holder.connect();
  await holder.query('BEGIN');
  const lockUser = o.lockUser ?? o.users[0];
  await holder.query('SELECT pg_advisory_xact_lock(14, $1)', [lockUser]);
  let waiting = 0;
  for (let i = 0; i < 100 && waiting === 0; i++) {
    await sleep(50);
    const w = await holder.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 14 AND objid = $1`,
      [lockUser],
    );
    waiting = w.rows[0].n;
  }
  expect(waiting, 'a batch waits on the held lock').toBeGreaterThan(0);
  child.kill('SIGKILL');
  await exited;
  await sleep(300); // the server notices the dead client (50 ms checks) and rolls back
  await holder.query('ROLLBACK');
  await holder.end();
  await batchesGone(h, o.statement ?? 'ledger_transfer_batch');
  return new Set([...acked]); // a copy: the dead child's stream adds nothing more
}

/** Waits until no session still runs a batch the dead client sent. */
async function batchesGone(h: DbHandle, statement: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const busy = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE ${'%' + statement + '%'} AND pid <> pg_backend_pid()`.execute(
      h.db,
    );
    if (busy.rows[0].n === 0) return;
    await sleep(100);
  }
}
