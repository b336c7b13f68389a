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
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { connectDb, type DbHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { checkJournalConsistency, credit, debit } from '../server/db/ledger';
import { inTransaction } from '../server/db/tx';
import { transfer } from '../server/db/ledger-transfer';
import type { Database } from '../server/db/schema';
import { writeJson, writeText } from './browser/harness';

const URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 200;
const USDT = 4;
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

const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);

async function seed(db: Kysely<Database>): Promise<number[]> {
  // the coin (the app's start-up seeds the catalogue; this schema has only the migrations)
  await sql`INSERT INTO currencies (id, name, market, price_decimals, qty_decimals) VALUES (${USDT}, 'USDT', 'crypto', 4, 8) ON CONFLICT DO NOTHING`.execute(
    db,
  );
  const ids: number[] = [];
  for (let i = 0; i < USERS; i++) {
    const u = await db
      .insertInto('users')
      .values({
        email: `bench${i}@example.com`,
        password_hash: 'x',
        invite_code: `B${i}${randomBytes(3).toString('hex')}`,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(u.id);
  }
  for (const id of ids)
    await inTransaction(db, (trx) =>
      credit(trx, { userId: id, currencyId: USDT, type: CHANGE, amount: '1000000000', reason: 'test_grant' }),
    );
  return ids;
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
  const lat: number[] = [];
  let failed = 0;
  const end = Date.now() + WINDOW_MS;
  const loop = async () => {
    while (Date.now() < end) {
      const a = ids[Math.floor(Math.random() * ids.length)];
      let b = ids[Math.floor(Math.random() * ids.length)];
      if (b === a) b = ids[(ids.indexOf(a) + 1) % ids.length];
      const t0 = performance.now();
      try {
        await once(handle, way, a, b);
        lat.push(performance.now() - t0);
      } catch {
        failed++;
      }
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: loops }, loop));
  const s = (Date.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    name,
    pool,
    loops,
    transfers: lat.length,
    failed,
    perS: r(lat.length / s),
    latencyMs: { p50: r(pct(lat, 50)), p99: r(pct(lat, 99)) },
  };
}

/** Runs every round, writes ledger-tps.{json,md} and returns what it wrote to ledger-tps.json. */
export async function runLedgerBench(): Promise<Record<string, unknown>> {
  const schema = `bench_ledger_${randomBytes(4).toString('hex')}`;
  const setup = await connectDb({ databaseUrl: URL, schema, poolMax: 4 });
  try {
    await migrateToLatest(setup.db as Kysely<unknown>, { schema });
    const ids = await seed(setup.db);
    const baselineDb = await connectDb({ databaseUrl: URL, schema, poolMax: 1 });
    const oursDb = await connectDb({ databaseUrl: URL, schema, poolMax: 10 });
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
    const best = (prefix: string) => runs.filter((r) => r.name.startsWith(prefix)).sort((a, b) => b.perS - a.perS)[0];
    const base = best('baseline');
    const ours = best('ours');
    const before = best('before — inTransaction, debit + credit: pool');
    const meta = {
      node: process.version,
      cpus: os.cpus().length,
      loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
      at: new Date().toISOString(),
      windowMs: WINDOW_MS,
      rounds: ROUNDS,
    };
    const ratio = Math.round((ours.perS / base.perS) * 100) / 100;
    const vsBefore = Math.round((ours.perS / before.perS) * 100) / 100;
    const out = { meta, runs, ratio, vsBefore, journalMatchesBalances: mismatches.length === 0 };
    writeJson('ledger-tps.json', out);
    const md = [
      '# Bench: ledger transactions per second (PostgreSQL server)',
      '',
      JSON.stringify(meta),
      '',
      '| run | transfers/s | transfers (failed) | latency p50 / p99 ms |',
      '|---|---:|---|---|',
      ...runs.map(
        (r) => `| ${r.name} | ${r.perS} | ${r.transfers} (${r.failed}) | ${r.latencyMs.p50} / ${r.latencyMs.p99} |`,
      ),
      '',
      `Best round: ours ${ours.perS}/s, baseline ${base.perS}/s — ${ratio}×; the inTransaction path pooled ${before.perS}/s (ours ${vsBefore}×) (target ≥ 2,000/s: ${ours.perS >= 2000 ? 'met' : 'not met'}). Journal equals balances: ${mismatches.length === 0 ? 'yes' : `NO (${mismatches.length})`}.`,
      '',
    ].join('\n');
    writeText('ledger-tps.md', md);
    process.stdout.write(md);
    return out;
  } finally {
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(setup.db);
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).execute(setup.db);
    await setup.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  void runLedgerBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
