/**
 * Contract limit entries and overnight fees per second at the ledger, on the PostgreSQL server —
 * bench/lever-tps.ts's shape for the contract paths beside the market entry: concurrent loops over
 * a pool (10 connections, 20 loops), random users among 200. Each path twice in the same run,
 * rounds alternating (the machine is shared):
 * - limit entries (resting: margin and fee frozen, the order's row, their journal rows):
 *   `before — inTransaction` the order's insert and lever-moves.ts's openingMoves (two freezes, each
 *   journaled) in one transaction; `ours — group commit` trade's placeLimit, one element of
 *   lever_limit_batch (migration 052);
 * - overnight fees (one day's fee of one position: the charge row, the debit journaled, the
 *   position's total), on 200 open positions, each call a day of its own: `before — inTransaction`
 *   lever-overnight.ts's transaction (claim, status, balance, debit, charge amount, position total);
 *   `ours — group commit` trade's chargeOvernightOf, one element of lever_overnight_batch (053).
 * Fills and forced closes are statements of the same shape (052, 053); not measured apart. A
 * reference in each round: market entries on their group commit (openAtMarket, 047), as
 * bench/lever-tps.ts measures them, to scale the figures on a loaded machine. Beside
 * each run: this process's CPU time per step. The journal is checked against the balances at the end.
 * `npx tsx bench/lever-paths-tps.ts` (DATABASE_URL, LEDGER_BENCH_MS, LEDGER_BENCH_ROUNDS,
 * LEVER_BENCH_LOOPS; a schema of its own, dropped after). `npm run bench -- --only=ledger` runs it
 * after lever-tps.ts.
 */
import { runIfMain, moneyPathRow, type MoneyPathRow } from './money-path-row';
import Decimal from 'decimal.js';
import { type Kysely } from 'kysely';
import { ACCOUNT_TYPES, openingFee, overnightFee, positionMargin } from '../core';
import { seed as seedCatalogue } from '../server/db/seed';
import { checkJournalConsistency } from '../server/db/ledger';
import { inTransaction } from '../server/db/tx';
import {
  chargeOvernightOf,
  leverAvailable,
  Moves,
  openAtMarket,
  openingMoves,
  placeLimit,
  type LeverRow,
} from '../server/areas/trade/domain';
import type { Database } from '../server/db/schema';
import type { DbHandle } from '../server/db/connect';
import {
  benchMeta,
  best,
  fundedUsers,
  loopsFor,
  ratioOf,
  resultsMd,
  runColumns,
  withBenchSchema,
  writeResults,
} from './ledger-kit';

const USERS = 200;
const LEVER = ACCOUNT_TYPES.lever;
const WINDOW_MS = Number(process.env.LEDGER_BENCH_MS ?? 8000);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 2);
const LOOPS = Number(process.env.LEVER_BENCH_LOOPS ?? 20);

// 1 lot of 0.01 ETH resting at 2900, 10×, the pair's 0.05 % fee; the overnight rate 0.05 % a day
const CONTRACT = { side: 'long' as const, lots: '1', lotSize: '0.01', multiple: '10', openPrice: '2900' };
const MARGIN = positionMargin(CONTRACT);
const FEE = openingFee(CONTRACT, '0.0005');
const NIGHT = overnightFee(CONTRACT, '0.0005', 1);

type Path = 'limit' | 'night' | 'market';
type Way = 'group' | 'inTransaction';

interface Run {
  name: string;
  path: Path;
  steps: number;
  failed: number;
  perS: number;
  cpuMsPerStep: number;
  latencyMs: { p50: number; p99: number };
}

const limitEntry = (userId: number) => ({
  userId,
  symbol: 'ETH/USDT',
  side: CONTRACT.side,
  lots: CONTRACT.lots,
  lotSize: CONTRACT.lotSize,
  multiple: Number(CONTRACT.multiple),
  limit: CONTRACT.openPrice,
  open: null,
  watchSeq: 1,
  at: new Date(),
  margin: MARGIN,
  fee: FEE,
  tp: null,
  sl: null,
});

const WALK = { book_epoch: 0, book_seq: 1, levels: [], dp: 2, protection: '0.05' };
const marketEntry = (userId: number) => ({
  ...limitEntry(userId),
  openPrice: CONTRACT.openPrice,
  openSeq: 1,
  walk: WALK,
  openedAt: new Date(),
});

/** One resting limit entry for `u` along the way (lever-open.ts's insertLeverOrder + openingMoves in the transaction). */
async function limitOnce(db: Kysely<Database>, way: Way, u: number): Promise<void> {
  const x = limitEntry(u);
  if (way === 'group') {
    await placeLimit(db, x);
    return;
  }
  await inTransaction(db, async (trx) => {
    const r = await trx
      .insertInto('lever_orders')
      .values({
        user_id: u,
        symbol: x.symbol,
        side: x.side,
        price_type: 'limit',
        status: 'entrusted',
        lots: x.lots,
        lot_size: x.lotSize,
        multiple: x.multiple,
        target_price: x.limit,
        watch_seq: x.watchSeq,
        margin: x.margin,
        fee: x.fee,
        copied: false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await openingMoves(new Moves(trx), r, false);
  });
}

/** The next fresh UTC day (each overnight call charges a (position, day) of its own). */
let dayN = 0;
const nextDay = () => new Date(Date.UTC(2100, 0, 1) + dayN++ * 86_400_000).toISOString().slice(0, 10);

/** One day's fee of `r` along the way (lever-overnight.ts's overnightInTx in the transaction). */
async function nightOnce(db: Kysely<Database>, way: Way, r: LeverRow): Promise<void> {
  const day = nextDay();
  if (way === 'group') {
    const done = await chargeOvernightOf(db, { row: r, day, due: NIGHT });
    if (typeof done !== 'object') throw new Error(`overnight: ${done}`);
    return;
  }
  await inTransaction(db, async (trx) => {
    await trx.insertInto('lever_overnight_charges').values({ order_id: r.id, day, amount: '0', due: NIGHT }).execute();
    await trx.selectFrom('lever_orders').select('status').where('id', '=', r.id).executeTakeFirstOrThrow();
    const bal = await leverAvailable(trx, r.user_id);
    const amount = Decimal.min(NIGHT, bal.available).toFixed();
    await new Moves(trx).debit({
      userId: r.user_id,
      currencyId: 4,
      type: LEVER,
      amount,
      reason: 'lever_overnight_fee',
      ref: { type: 'lever_order', id: r.id },
    });
    await trx
      .updateTable('lever_overnight_charges')
      .set({ amount })
      .where('order_id', '=', r.id)
      .where('day', '=', day)
      .execute();
    await trx
      .updateTable('lever_orders')
      .set((eb) => ({ overnight_fee: eb('overnight_fee', '+', amount) }))
      .where('id', '=', r.id)
      .execute();
  });
}

/** One open position per user (the overnight path's subjects), opened through the market entry's group commit. */
async function positions(db: Kysely<Database>, ids: number[]): Promise<LeverRow[]> {
  const out = await Promise.all(ids.map((userId) => openAtMarket(db, marketEntry(userId))));
  return out.map((o) => o.row);
}

const WHAT: Record<Path, string> = {
  limit: 'limit entries',
  night: 'overnight fees',
  market: 'market entries (reference)',
};

async function measure(h: DbHandle, path: Path, way: Way, subjects: { ids: number[]; rows: LeverRow[] }) {
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const who =
    path === 'market' ? 'reference — group commit' : way === 'group' ? 'ours — group commit' : 'before — inTransaction';
  const name = `${who}: ${WHAT[path]}, pool of 10, ${LOOPS} loops`;
  const step = {
    limit: () => limitOnce(h.db, way, pick(subjects.ids)),
    night: () => nightOnce(h.db, way, pick(subjects.rows)),
    market: () => openAtMarket(h.db, marketEntry(pick(subjects.ids))),
  }[path];
  const t = await loopsFor({ loops: LOOPS, windowMs: WINDOW_MS, digits: 2 }, step);
  const run: Run = {
    name,
    path,
    steps: t.count,
    failed: t.failed,
    perS: t.perS,
    cpuMsPerStep: t.cpuMsPer,
    latencyMs: t.latencyMs,
  };
  return run;
}

function report(runs: Run[], journalOk: boolean) {
  const meta = benchMeta(WINDOW_MS, ROUNDS);
  const line = (path: Path, what: string) => {
    const of = runs.filter((r) => r.path === path);
    const ours = best(of, 'ours');
    const before = best(of, 'before');
    return `${what}: group commit ${ours.perS}/s, inTransaction ${before.perS}/s — ${ratioOf(ours.perS, before.perS)}× (target ≥ 2,000/s: ${ours.perS >= 2000 ? 'met' : 'not met'}).`;
  };
  const md = resultsMd(
    'contract limit entries and overnight fees per second at the ledger (PostgreSQL server)',
    meta,
    runColumns('steps', (r: Run) => r.steps, ['client CPU ms / step', (r) => r.cpuMsPerStep]),
    runs,
    `Best rounds — ${line('limit', 'limit entries')} ${line('night', 'overnight fees')} Reference, market entries on their group commit: ${best(runs, 'reference').perS}/s. Journal equals balances: ${journalOk ? 'yes' : 'NO'}.`,
  );
  writeResults('lever-paths-tps', { meta, runs, journalMatchesBalances: journalOk }, md);
}

/** Every round; writes its results and returns its summary rows. */
export function runLeverPathsBench(): Promise<MoneyPathRow[]> {
  return withBenchSchema('leverpaths', async (setup, pool) => {
    await seedCatalogue(setup.db); // the currencies and pairs (an order's symbol is a pair)
    const ids = await fundedUsers(setup.db, {
      count: USERS,
      tag: 'lpbench',
      invite: 'P',
      type: LEVER,
      amount: '1000000000',
    });
    const pooled = await pool(10);
    const subjects = { ids, rows: await positions(pooled.db, ids) };
    const runs: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      for (const path of ['limit', 'night'] as const)
        for (const way of ['inTransaction', 'group'] as const) runs.push(await measure(pooled, path, way, subjects));
      runs.push(await measure(pooled, 'market', 'group', subjects));
    }
    await pooled.close();
    report(runs, (await checkJournalConsistency(setup.db)).length === 0);
    const of = (p: Path) => runs.filter((r) => r.path === p);
    return [
      moneyPathRow(
        'contract limit entries/s at the ledger (group commit, 20 loops) vs the inTransaction path',
        of('limit'),
      ),
      moneyPathRow(
        'contract overnight fees/s at the ledger (group commit, 20 loops) vs the inTransaction path',
        of('night'),
      ),
    ];
  });
}

runIfMain(import.meta.url, runLeverPathsBench);
