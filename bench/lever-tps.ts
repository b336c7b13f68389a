/**
 * Contract opens per second at the ledger, on the PostgreSQL server — bench/ledger-tps.ts's shape
 * for the lever account's money step: a market entry's margin frozen, its fee charged, its
 * position row and their journal rows, by concurrent loops over a pool (10 connections, 20 loops),
 * random users among 200. Two paths in the same run, rounds alternating (the machine is shared):
 * - `before — inTransaction`: the position's insert and lever-moves.ts's openingMoves (freeze + debit,
 *   each journaled) in one transaction through the app's runner — the path every entry took;
 * - `ours — group commit`: trade's openAtMarket, one element of lever_open_batch (migration 047),
 *   concurrent opens sharing one statement and one commit.
 * The figures come from core (positionMargin, openingFee) once, as the route computes them. Beside
 * each run: this process's CPU time per open (the client's share). The journal is checked against
 * the balances at the end.
 * `npx tsx bench/lever-tps.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own, dropped after). Not a part of `npm run bench`.
 */
import { runIfMain, moneyPathRow, type MoneyPathRow } from './money-path-row';
import { type Kysely } from 'kysely';
import { ACCOUNT_TYPES, openingFee, positionMargin, type LeverEntryWalk } from '../core';
import type { DbHandle } from '../server/db/connect';
import { seed as seedCatalogue } from '../server/db/seed';
import { checkJournalConsistency } from '../server/db/ledger';
import { transfer } from '../server/db/ledger-transfer';
import { inTransaction } from '../server/db/tx';
import { Moves, openAtMarket, openingMoves } from '../server/areas/trade/domain';
import type { Database } from '../server/db/schema';
import {
  benchMeta,
  best,
  fundedUsers,
  loopsFor,
  ratioOf,
  resultsMd,
  runColumns,
  USDT,
  withBenchSchema,
  writeResults,
} from './ledger-kit';

const USERS = 200;
const LEVER = ACCOUNT_TYPES.lever;
const WINDOW_MS = Number(process.env.LEDGER_BENCH_MS ?? 8000);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 2);
const LOOPS = Number(process.env.LEVER_BENCH_LOOPS ?? 20);

// 1 lot of 0.01 ETH at 3000, 10×, the pair's 0.05 % fee
const CONTRACT = { side: 'long' as const, lots: '1', lotSize: '0.01', multiple: '10', openPrice: '3000' };
const MARGIN = positionMargin(CONTRACT);
const FEE = openingFee(CONTRACT, '0.0005');
const WALK: LeverEntryWalk = {
  book_epoch: 0,
  book_seq: 1,
  levels: [{ price: '3000', qty: '0.01', avail: null }],
  dp: 2,
  protection: '0.05',
};

interface Run {
  name: string;
  opens: number;
  failed: number;
  perS: number;
  cpuMsPerOpen: number;
  latencyMs: { p50: number; p99: number };
}

async function seed(db: Kysely<Database>): Promise<number[]> {
  await seedCatalogue(db); // the currencies and pairs (a position's symbol is a pair)
  return fundedUsers(db, { count: USERS, tag: 'lbench', invite: 'L', type: LEVER, amount: '1000000000' });
}

/** the seeded users' first and last ids (consecutive): the reference transfer's ring */
let FIRST = 0;
let LAST = 0;

type Path = 'group' | 'inTransaction' | 'transfer';

const position = (userId: number) => ({
  userId,
  symbol: 'ETH/USDT',
  side: CONTRACT.side,
  lots: CONTRACT.lots,
  lotSize: CONTRACT.lotSize,
  multiple: Number(CONTRACT.multiple),
  openPrice: CONTRACT.openPrice,
  openSeq: 1,
  walk: WALK,
  watchSeq: 1,
  openedAt: new Date(),
  margin: MARGIN,
  fee: FEE,
  tp: null,
  sl: null,
});

/** One market entry for `u` along the way; throws when refused. */
async function once(db: Kysely<Database>, way: Path, u: number): Promise<void> {
  const p = position(u);
  if (way === 'group') {
    await openAtMarket(db, p);
    return;
  }
  if (way === 'transfer') {
    // the reference: a ledger transfer of the fee's size to the next user, on its group commit
    const v = u === LAST ? FIRST : u + 1;
    await transfer(db, {
      from: { userId: u, currencyId: USDT, type: LEVER, reason: 'transfer_out' },
      to: { userId: v, currencyId: USDT, type: LEVER, reason: 'transfer_in' },
      amount: FEE,
      ref: { type: 'bench', id: u },
    });
    return;
  }
  // lever-open.ts's insertLeverOrder for a market entry, then its openingMoves
  await inTransaction(db, async (trx) => {
    const r = await trx
      .insertInto('lever_orders')
      .values({
        user_id: u,
        symbol: p.symbol,
        side: p.side,
        price_type: 'market',
        status: 'position',
        lots: p.lots,
        lot_size: p.lotSize,
        multiple: p.multiple,
        target_price: null,
        open_price: p.openPrice,
        open_seq: p.openSeq,
        open_walk: JSON.stringify(p.walk),
        watch_seq: p.watchSeq,
        opened_at: p.openedAt,
        margin: p.margin,
        fee: p.fee,
        target_profit_price: null,
        stop_loss_price: null,
        copied: false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await openingMoves(new Moves(trx), r, true);
  });
}

async function opens(handle: DbHandle, ids: number[], way: Path, name: string, loops: number): Promise<Run> {
  const t = await loopsFor({ loops, windowMs: WINDOW_MS, digits: 2 }, () =>
    once(handle.db, way, ids[Math.floor(Math.random() * ids.length)]),
  );
  return {
    name,
    opens: t.count,
    failed: t.failed,
    perS: t.perS,
    cpuMsPerOpen: t.cpuMsPer,
    latencyMs: t.latencyMs,
  };
}

function report(runs: Run[], journalOk: boolean) {
  const before = best(runs, 'before');
  const ours = best(runs, 'ours');
  const meta = benchMeta(WINDOW_MS, ROUNDS);
  const ratio = ratioOf(ours.perS, before.perS);
  const md = resultsMd(
    'contract opens per second at the ledger (PostgreSQL server)',
    meta,
    runColumns('opens', (r: Run) => r.opens, ['client CPU ms / open', (r) => r.cpuMsPerOpen]),
    runs,
    `Best round: group commit ${ours.perS}/s, inTransaction ${before.perS}/s — ${ratio}× (target ≥ 2,000/s: ${ours.perS >= 2000 ? 'met' : 'not met'}). Journal equals balances: ${journalOk ? 'yes' : 'NO'}.`,
  );
  writeResults('lever-tps', { meta, runs, ratio, journalMatchesBalances: journalOk }, md);
}

/** Every round; writes its results and returns its summary row. */
export function runLeverBench(): Promise<MoneyPathRow[]> {
  return withBenchSchema('lever', async (setup, pool) => {
    const ids = await seed(setup.db);
    [FIRST, LAST] = [ids[0], ids[ids.length - 1]];
    const pooled = await pool(10);
    const runs: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(await opens(pooled, ids, 'inTransaction', `before — inTransaction: pool of 10, ${LOOPS} loops`, LOOPS));
      runs.push(await opens(pooled, ids, 'group', `ours — group commit: pool of 10, ${LOOPS} loops`, LOOPS));
      runs.push(
        await opens(
          pooled,
          ids,
          'transfer',
          `reference — ledger transfer, group commit: pool of 10, ${LOOPS} loops`,
          LOOPS,
        ),
      );
    }
    await pooled.close();
    report(runs, (await checkJournalConsistency(setup.db)).length === 0);
    return [
      moneyPathRow('contract market opens/s at the ledger (group commit, 20 loops) vs the inTransaction path', runs),
    ];
  });
}

runIfMain(import.meta.url, runLeverBench);
