/**
 * Spot limit orders per second at the ledger, on the PostgreSQL server: trade's placeSpotOrder —
 * the matching engine's steps on the group commit (matching/step.ts, migration 054: the orders a
 * symbol's queue took together planned in order, written as one element of a statement shared with
 * the other symbols' steps) — against the path every order took before, in the same run:
 * `before — inTransaction`: the symbol's queue running one order at a time, each in a transaction
 * of its own (matching/engine.ts matchSpot: the taker's row, the makers' rows read FOR UPDATE and
 * updated, the fills, each move through ledger.ts, journaled). Each path twice: on ONE symbol
 * (LTC/USDT, the engine's hardest case: its queue is one step at a time, so its rate is a step's
 * orders over its statement's time), and on N symbols (SPOT_BENCH_SYMBOLS, default 8: loop k trades
 * symbol k mod N, as an exchange runs many books at once and their steps share a statement). 20
 * loops on a pool of 10, random users among 200, buys and sells of 0.01 at 99.5 / 100 / 100.5 so
 * about half the orders cross resting ones (several makers' balances per order) and the rest rest;
 * the venue's book sits far away. Rounds alternate (the machine is shared); a ledger transfer on its
 * group commit (bench/ledger-tps.ts's `ours`, same loops) runs beside them as the machine's
 * reference. Beside each run: this process's CPU time per order. The journal is checked against the
 * balances, and the books in memory against the resting rows, at the end. SPOT_BENCH_RESTING=n first
 * rests n buys at 99.5 and n sells at 100.5 per symbol, as deep as a long run leaves its books.
 * `npx tsx bench/spot-tps.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own, dropped after). A part of `npm run bench`'s ledger part: its summary row is
 * the N-symbol figure, the one-symbol figure a second row.
 */
import { runIfMain, moneyPathRow, type MoneyPathRow } from './money-path-row';
import { type Kysely } from 'kysely';
import { ACCOUNT_TYPES, ExactDecimal } from '../core';
import type { DbHandle } from '../server/db/connect';
import { seed as seedCatalogue } from '../server/db/seed';
import { checkJournalConsistency, credit } from '../server/db/ledger';
import { inTransaction } from '../server/db/tx';
import { BookService } from '../server/market/books/service';
import {
  createTradeContext,
  matchSpot,
  onSymbol,
  pairBySymbol,
  placeSpotOrder,
  seedTrade,
  type TradeContext,
} from '../server/areas/trade/domain';
import type { Database } from '../server/db/schema';
import { pairs } from '../server/catalog/instruments';
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
import { transfer } from '../server/db/ledger-transfer';
import { backendCpu } from './pg-backend-cpu';

const USERS = 200;
/** crypto pairs whose quantity step takes 0.01 and whose price step takes 99.5 (LTC/USDT first: the one-symbol runs) */
const ALL_SYMBOLS = [
  'LTC',
  'ETH',
  'BNB',
  'SOL',
  'BCH',
  'DOT',
  'AVAX',
  'UNI',
  'ATOM',
  'ETC',
  'FIL',
  'NEAR',
  'APT',
  'TON',
];
const SYMBOLS_N = Math.max(1, Math.min(ALL_SYMBOLS.length, Number(process.env.SPOT_BENCH_SYMBOLS ?? 8)));
const SYMBOLS = ALL_SYMBOLS.slice(0, SYMBOLS_N).map((b) => `${b}/USDT`);
const PRICES = ['99.5', '100', '100.5'];
const WINDOW_MS = Number(process.env.LEDGER_BENCH_MS ?? 8000);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 2);
const LOOPS = Number(process.env.SPOT_BENCH_LOOPS ?? 20);
/** orders per side and symbol placed before the runs, resting where the runs leave theirs (bids 99.5, asks 100.5) */
const RESTING = Number(process.env.SPOT_BENCH_RESTING ?? 0);

interface Run {
  name: string;
  symbols: number;
  orders: number;
  failed: number;
  perS: number;
  cpuMsPerOrder: number;
  /** CPU ms per order of the pool's PostgreSQL backends (NaN off Linux) */
  pgMsPerOrder: number;
  latencyMs: { p50: number; p99: number };
}

async function seed(db: Kysely<Database>): Promise<number[]> {
  await seedCatalogue(db);
  await seedTrade(db);
  const ids = await fundedUsers(db, {
    count: USERS,
    tag: 'spot',
    invite: 'P',
    type: ACCOUNT_TYPES.change,
    amount: '1000000000',
  });
  const bases = pairs()
    .filter((p) => SYMBOLS.includes(p.symbol))
    .map((p) => p.base.id);
  for (const userId of ids)
    await inTransaction(db, async (trx) => {
      for (const currencyId of bases)
        await credit(trx, { userId, currencyId, type: ACCOUNT_TYPES.change, amount: '1000000', reason: 'test_grant' });
    });
  return ids;
}

/** The engine's context as the app builds it, with a fixed price and a venue book far from the users' prices. */
function context(db: Kysely<Database>): Promise<TradeContext> {
  const venue = (symbol: string) => ({
    symbol,
    version: 1,
    bids: [{ price: '1', qty: '1' }],
    asks: [{ price: '1000', qty: '1' }],
  });
  const ours = (s: string) => SYMBOLS.includes(s);
  const books = new BookService({ feed: { book: (s) => (ours(s) ? venue(s) : undefined) }, now: Date.now });
  const market = {
    lastPrice: (s: string) => (ours(s) ? { price: '100', seq: 1, ts: Date.now() } : undefined),
    emitToUser: () => undefined,
    books,
  } as unknown as TradeContext['market'];
  return createTradeContext(db, market);
}

/** the seeded users' first and last ids (consecutive): the reference transfer's ring */
let FIRST = 0;
let LAST = 0;

type Path = 'group' | 'inTransaction' | 'transfer';

let n = 0;
async function once(ctx: TradeContext, way: Path, userId: number, symbol: string): Promise<void> {
  const i = ++n;
  const req = { side: i % 2 ? ('sell' as const) : ('buy' as const), amount: '0.01', targetPrice: PRICES[i % 3] };
  if (way === 'group') await placeSpotOrder(ctx, userId, { symbol, ...req });
  else if (way === 'transfer') {
    // another user, as ledger-tps picks them (a fixed one would be in every batch)
    const to = userId === LAST ? FIRST : userId + 1;
    await transfer(ctx.db, {
      from: { userId, currencyId: USDT, type: ACCOUNT_TYPES.change, reason: 'transfer_out' },
      to: { userId: to, currencyId: USDT, type: ACCOUNT_TYPES.change, reason: 'transfer_in' },
      amount: '0.01',
      ref: { type: 'bench', id: i },
    });
  } else {
    const pair = pairBySymbol(ctx, symbol);
    await onSymbol(ctx, symbol, () => matchSpot(ctx, userId, pair, { symbol, ...req }));
  }
}

/** `symbols` books: loop k places its orders on the k-th symbol mod `symbols`. */
async function orders(ctx: TradeContext, ids: number[], way: Path, symbols: number, name: string): Promise<Run> {
  const pg = await backendCpu(ctx.db, 10);
  const t = await loopsFor({ loops: LOOPS, windowMs: WINDOW_MS, digits: 2 }, (k) =>
    once(ctx, way, ids[Math.floor(Math.random() * ids.length)], SYMBOLS[k % symbols]),
  );
  const { count, failed, perS, cpuMsPer, latencyMs } = t;
  const pgMsPerOrder = Math.round((pg.seconds() * 1000 * 100) / Math.max(1, count)) / 100;
  return { name, symbols, orders: count, failed, perS, cpuMsPerOrder: cpuMsPer, pgMsPerOrder, latencyMs };
}

/** A book as deep as a long run leaves it: RESTING buys at 99.5 and sells at 100.5 per symbol, which the runs rarely reach. */
async function deepen(ctx: TradeContext, ids: number[]): Promise<void> {
  const at = (side: 'buy' | 'sell', symbol: string, u: number) =>
    placeSpotOrder(ctx, ids[u % ids.length], {
      symbol,
      side,
      amount: '0.01',
      targetPrice: side === 'buy' ? '99.5' : '100.5',
    });
  for (let i = 0; i < RESTING; i++)
    await Promise.all(SYMBOLS.flatMap((s, k) => [at('buy', s, 2 * i + k), at('sell', s, 2 * i + k + 1)]));
}

/** Every symbol's book in memory equals the database's resting orders. */
async function bookMatches(h: DbHandle, ctx: TradeContext): Promise<boolean> {
  const rows = await h.db
    .selectFrom('spot_orders')
    .select(['id', 'amount', 'filled'])
    .where('symbol', 'in', SYMBOLS)
    .where('status', 'in', ['open', 'partially_filled'])
    .execute();
  const books = SYMBOLS.map((s) => ctx.market.books.book(s));
  const mem = books
    .flatMap((book) => [...book.resting('bid'), ...book.resting('ask')])
    .map((o) => `${o.id}:${o.remaining}`)
    .sort();
  const db = rows.map((r) => `${r.id}:${new ExactDecimal(r.amount).minus(r.filled).toFixed()}`).sort();
  return JSON.stringify(mem) === JSON.stringify(db);
}

const on = (symbols: number) => (r: Run) => r.symbols === symbols;
const where = (symbols: number) => (symbols === 1 ? 'one symbol' : `${symbols} symbols`);

/** One sentence per symbol count: its best rounds, ratio and share of the reference transfer. */
function closing(runs: Run[], symbols: number, ref: Run): string {
  const mine = runs.filter(on(symbols));
  const ours = best(mine, 'ours');
  const before = best(mine, 'before');
  const met = ours.perS >= 2000 ? 'met' : 'not met';
  return `${where(symbols)}: engine steps on the group commit ${ours.perS}/s, inTransaction ${before.perS}/s — ${ratioOf(ours.perS, before.perS)}× (target ≥ 2,000/s: ${met}; ${ratioOf(ours.perS, ref.perS)}× the reference)`;
}

function report(runs: Run[], journalOk: boolean, bookOk: boolean, fills: number) {
  const meta = benchMeta(WINDOW_MS, ROUNDS);
  const ref = best(runs, 'reference');
  const many = runs.filter(on(SYMBOLS_N));
  const ratio = ratioOf(best(many, 'ours').perS, best(many, 'before').perS);
  const counts = [...new Set([SYMBOLS_N, 1])];
  const md = resultsMd(
    `spot limit orders per second at the ledger, ${where(SYMBOLS_N)} and one symbol (PostgreSQL server)`,
    meta,
    runColumns('orders', (r: Run) => r.orders, [
      'CPU ms / order: client / PostgreSQL backends',
      (r) => `${r.cpuMsPerOrder} / ${r.pgMsPerOrder}`,
    ]),
    runs,
    `Best rounds — ${counts.map((k) => closing(runs, k, ref)).join('; ')}. A ledger transfer on its group commit, same loops: ${ref.perS}/s. Fills written: ${fills}. Journal equals balances: ${journalOk ? 'yes' : 'NO'}; books in memory equal the resting rows: ${bookOk ? 'yes' : 'NO'}.`,
  );
  writeResults('spot-tps', { meta, runs, ratio, fills, journalMatchesBalances: journalOk, bookMatches: bookOk }, md);
}

/** Each round: both paths on N symbols, then on one, then the reference transfer. */
async function rounds(ctx: TradeContext, ids: number[]): Promise<Run[]> {
  const runs: Run[] = [];
  const pool = `pool of 10, ${LOOPS} loops`;
  for (let i = 0; i < ROUNDS; i++) {
    for (const k of [...new Set([SYMBOLS_N, 1])]) {
      runs.push(await orders(ctx, ids, 'inTransaction', k, `before — inTransaction, ${where(k)}: ${pool}`));
      runs.push(await orders(ctx, ids, 'group', k, `ours — engine steps on the group commit, ${where(k)}: ${pool}`));
    }
    runs.push(await orders(ctx, ids, 'transfer', 1, `reference — ledger transfer, group commit: ${pool}`));
  }
  return runs;
}

/** Every round; writes its results and returns its summary rows: N symbols, then one symbol. */
export function runSpotBench(): Promise<MoneyPathRow[]> {
  return withBenchSchema('spot', async (setup, pool) => {
    const ids = await seed(setup.db);
    [FIRST, LAST] = [ids[0], ids[ids.length - 1]];
    const pooled = await pool(10);
    const ctx = await context(pooled.db);
    await deepen(ctx, ids);
    const runs = await rounds(ctx, ids);
    await ctx.locks.idle();
    const bookOk = await bookMatches(pooled, ctx);
    const fills = await setup.db
      .selectFrom('spot_fills')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await pooled.close();
    report(runs, (await checkJournalConsistency(setup.db)).length === 0, bookOk, Number(fills.n));
    const row = (k: number) =>
      moneyPathRow(
        `spot limit orders placed/s at the ledger, ${where(k)}${k > 1 ? ` (loop i on symbol i mod ${k})` : ''}, about half crossing (engine steps on the group commit, ${LOOPS} loops) vs the inTransaction path`,
        runs.filter(on(k)),
      );
    return SYMBOLS_N > 1 ? [row(SYMBOLS_N), row(1)] : [row(1)];
  });
}

runIfMain(import.meta.url, runSpotBench);
