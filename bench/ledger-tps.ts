/**
 * Ledger transactions per second on the PostgreSQL server: the real money path, run by
 * concurrent loops over a pool (ours: DB_POOL_MAX's default 10 connections, 20 loops), against the
 * single-process baseline in the same run: the same transfers one at a time on one connection, as
 * one writer process with one session would. Two paths, each pooled and as its baseline:
 * - `transfer` (server/db/ledger-transfer.ts): the ledger's transfer as one server-side call
 *   (migration 041), concurrent transfers sharing one statement and one commit (ledger-writer.ts);
 * - `inTransaction`: one transaction per transfer through the app's runner (its users' advisory
 *   locks in id order, retry on deadlock), a conditional debit and a credit, each journaled — the
 *   path every other money step still takes (5 round trips), kept as the figure before.
 * Rounds alternate the runs (this machine is shared, so load drifts), and the journal is checked
 * against the balances at the end.
 * `npx tsx bench/ledger-tps.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own, dropped after). `npm run bench -- --only=ledger` runs it as a part (runLedgerBench).
 */
import { type Kysely } from 'kysely';
import type { DbHandle } from '../server/db/connect';
import { checkJournalConsistency, credit, debit } from '../server/db/ledger';
import { inTransaction } from '../server/db/tx';
import { transfer } from '../server/db/ledger-transfer';
import type { Database } from '../server/db/schema';
import {
  benchMeta,
  best,
  fundedUsers,
  loopsFor,
  ratioOf,
  resultsMd,
  runColumns,
  seedUsdt,
  USDT,
  withBenchSchema,
  writeResults,
} from './ledger-kit';
import { runIfMain } from './money-path-row';

const USERS = 200;
const CHANGE = 2;
const WINDOW_MS = Number(process.env.LEDGER_BENCH_MS ?? 8000);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 2);

export interface LedgerRun {
  name: string;
  pool: number;
  loops: number;
  transfers: number;
  failed: number;
  perS: number;
  latencyMs: { p50: number; p99: number };
}

async function seed(db: Kysely<Database>): Promise<number[]> {
  await seedUsdt(db);
  return fundedUsers(db, { count: USERS, tag: 'bench', invite: 'B', type: CHANGE, amount: '1000000000' });
}

type Path = 'transfer' | 'inTransaction';

/** One transfer of 0.01 USDT from a to b along the way; throws when refused. */
async function once(handle: DbHandle, way: Path, a: number, b: number): Promise<void> {
  const ref = { type: 'bench', id: `${a}-${b}` };
  if (way === 'transfer') {
    await transfer(handle.db, {
      from: { userId: a, currencyId: USDT, type: CHANGE, reason: 'transfer_out' },
      to: { userId: b, currencyId: USDT, type: CHANGE, reason: 'transfer_in' },
      amount: '0.01',
      ref,
    });
    return;
  }
  await inTransaction(
    handle.db,
    async (trx) => {
      await debit(trx, { userId: a, currencyId: USDT, type: CHANGE, amount: '0.01', reason: 'transfer_out', ref });
      await credit(trx, { userId: b, currencyId: USDT, type: CHANGE, amount: '0.01', reason: 'transfer_in', ref });
    },
    { users: [a, b] },
  );
}

async function transfers(
  handle: DbHandle,
  ids: number[],
  way: Path,
  name: string,
  pool: number,
  loops: number,
): Promise<LedgerRun> {
  const t = await loopsFor({ loops, windowMs: WINDOW_MS }, () => {
    const a = ids[Math.floor(Math.random() * ids.length)];
    let b = ids[Math.floor(Math.random() * ids.length)];
    if (b === a) b = ids[(ids.indexOf(a) + 1) % ids.length];
    return once(handle, way, a, b);
  });
  return { name, pool, loops, transfers: t.count, failed: t.failed, perS: t.perS, latencyMs: t.latencyMs };
}

/** Runs every round, writes ledger-tps.{json,md} and returns what it wrote to ledger-tps.json. */
export function runLedgerBench(): Promise<Record<string, unknown>> {
  return withBenchSchema('ledger', async (setup, pool) => {
    const ids = await seed(setup.db);
    const baselineDb = await pool(1);
    const oursDb = await pool(10);
    const runs: LedgerRun[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(
        await transfers(
          baselineDb,
          ids,
          'inTransaction',
          'before — inTransaction, debit + credit: baseline, one connection, one at a time',
          1,
          1,
        ),
      );
      runs.push(
        await transfers(
          oursDb,
          ids,
          'inTransaction',
          'before — inTransaction, debit + credit: pool of 10, 20 loops',
          10,
          20,
        ),
      );
      runs.push(
        await transfers(baselineDb, ids, 'transfer', 'baseline — transfer: one connection, one at a time', 1, 1),
      );
      runs.push(await transfers(oursDb, ids, 'transfer', 'ours — transfer: pool of 10, 20 loops', 10, 20));
    }
    await baselineDb.close();
    await oursDb.close();
    const mismatches = await checkJournalConsistency(setup.db);
    const base = best(runs, 'baseline');
    const ours = best(runs, 'ours');
    const before = best(runs, 'before — inTransaction, debit + credit: pool');
    const meta = benchMeta(WINDOW_MS, ROUNDS);
    const ratio = ratioOf(ours.perS, base.perS);
    const vsBefore = ratioOf(ours.perS, before.perS);
    const out = { meta, runs, ratio, vsBefore, journalMatchesBalances: mismatches.length === 0 };
    const md = resultsMd(
      'ledger transactions per second (PostgreSQL server)',
      meta,
      runColumns('transfers', (r: LedgerRun) => r.transfers),
      runs,
      `Best round: ours ${ours.perS}/s, baseline ${base.perS}/s — ${ratio}×; the inTransaction path pooled ${before.perS}/s (ours ${vsBefore}×) (target ≥ 2,000/s: ${ours.perS >= 2000 ? 'met' : 'not met'}). Journal equals balances: ${mismatches.length === 0 ? 'yes' : `NO (${mismatches.length})`}.`,
    );
    writeResults('ledger-tps', out, md);
    return out;
  });
}

runIfMain(import.meta.url, runLedgerBench);
