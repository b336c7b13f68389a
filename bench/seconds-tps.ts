/**
 * Seconds options per second at the ledger, on the PostgreSQL server: the orders' writes on the
 * group commit (trade's seconds-commit.ts, migration 046: each order one element of a statement
 * shared with the others in flight) against the path they took before, in the same run:
 * - submit: the stake's freeze, the order, its buy tick, the journal row, the backstop job and the
 *   request's Idempotency-Key with its answer. Before: the key's reservation, then one
 *   inTransaction with the order's insert, the tick, the freeze (ledger.ts), the job's enqueue and
 *   the answer's update — as submitSeconds did. Ours: the seconds writer, the key claimed in the
 *   statement. Both from 20 loops on a pool of 10, for LEDGER_BENCH_MS, rounds alternating.
 * - settle: 2,000 orders expiring at once (the engine settles them all together). Before: one
 *   inTransaction each (the row read, its update, the tick, settleFrozen, the payout's credit), all
 *   launched at once on a pool of 10. Ours: the settle writer, all submitted at once.
 * - reference: a ledger transfer on its group commit (bench/ledger-tps.ts's `ours`), same loops, same
 *   run: the machine is shared, so the submit's figure is also read as a ratio to it.
 * The journal is checked against the balances at the end.
 * `npx tsx bench/seconds-tps.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own, dropped after). Not a part of `npm run bench`.
 */
import { runIfMain, moneyPathRow, type MoneyPathRow } from './money-path-row';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { secondsPayout } from '../core';
import type { DbHandle } from '../server/db/connect';
import { seed as seedCatalogue } from '../server/db/seed';
import { checkJournalConsistency, credit, freeze, settleFrozen } from '../server/db/ledger';
import { enqueueInTx, runAtFor } from '../server/db/jobs';
import { inTransaction } from '../server/db/tx';
import { transfer } from '../server/db/ledger-transfer';
import { installJobQueue } from '../server/plugins/job-queue';
import { canon } from '../server/kernel/decimal';
import {
  SECONDS_SETTLE,
  secondsSettleJob,
  secondsWritersFor,
  seedTrade,
  type SubmitElement,
} from '../server/areas/trade/domain';
import type { Database } from '../server/db/schema';
import {
  benchMeta,
  best,
  fundedUsers,
  loopsFor,
  ratioOf,
  resultsMd,
  runColumns,
  tally,
  USDT,
  withBenchSchema,
  writeResults,
  type Tally,
} from './ledger-kit';

const USERS = 200;
const MICRO = 4;
const SYMBOL = 'BTC/USDT';
const WINDOW_MS = Number(process.env.LEDGER_BENCH_MS ?? 8000);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 2);
const SETTLE_N = 2000;
const ROUTE = 'microtrade/submit';

interface Run {
  name: string;
  orders: number;
  failed: number;
  perS: number;
  latencyMs: { p50: number; p99: number };
}

const asRun = (name: string, t: Tally): Run => ({
  name,
  orders: t.count,
  failed: t.failed,
  perS: t.perS,
  latencyMs: t.latencyMs,
});

async function seedUsers(db: Kysely<Database>): Promise<number[]> {
  await seedCatalogue(db);
  await seedTrade(db);
  return fundedUsers(db, { count: USERS, tag: 'sec', invite: 'S', type: MICRO, amount: '1000000000' });
}

let seq = 0;
/** One order's data, as submitSeconds builds it (a 30 s option of 10 USDT at a fixed tick). */
function order(userId: number) {
  const now = Date.now();
  const n = ++seq;
  const tick = { price: '50000', seq: 1 + (n % 50), ts: now };
  return { userId, now, tick, key: `k${n}x${randomBytes(3).toString('hex')}`, expiresAt: now + 30_000 };
}

type Order = ReturnType<typeof order>;

/** The answer stored with the key (a stand-in of the order's shape and size). */
const answerOf = (o: Order) => ({
  id: 0,
  symbol_name: SYMBOL,
  currency_id: USDT,
  type: 'up',
  seconds: 30,
  number: '10',
  open_price: o.tick.price,
  buy_seq: o.tick.seq,
  expires_at: o.expiresAt,
  status: 1,
});

async function submitBefore(db: Kysely<Database>, o: Order): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({ user_id: o.userId, key: o.key, route: ROUTE, response: null, owner: 'bench' })
    .execute();
  await inTransaction(db, async (trx) => {
    const r = await trx
      .insertInto('seconds_orders')
      .values({
        user_id: o.userId,
        symbol: SYMBOL,
        currency_id: USDT,
        type: 'up',
        seconds: 30,
        number: '10',
        profit_ratio: '0.15',
        status: 'pending',
        buy_price: o.tick.price,
        buy_seq: o.tick.seq,
        buy_ts: o.tick.ts,
        expires_at: o.expiresAt,
        created_at: new Date(o.now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('market_ticks')
      .values({ symbol: SYMBOL, ...o.tick })
      .onConflict((oc) => oc.columns(['symbol', 'seq']).doNothing())
      .execute();
    const ref = { type: 'seconds_order', id: r.id };
    await freeze(trx, { userId: o.userId, currencyId: USDT, type: MICRO, amount: '10', reason: 'seconds_stake', ref });
    await enqueueInTx(
      trx,
      SECONDS_SETTLE,
      { id: r.id },
      { jobKey: `${SECONDS_SETTLE}:${r.id}`, runAt: runAtFor(o.expiresAt + 3000, o.now) },
    );
    await trx
      .updateTable('idempotency_keys')
      .set({
        response: JSON.stringify({ ...answerOf(o), id: r.id }),
        committed_at: sql`now()`,
        committed_ref: JSON.stringify(ref),
      })
      .where('user_id', '=', o.userId)
      .where('key', '=', o.key)
      .execute();
  });
}

async function submitOurs(db: Kysely<Database>, o: Order): Promise<void> {
  const e: SubmitElement = {
    u: o.userId,
    c: USDT,
    s: SYMBOL,
    ty: 'up',
    sec: 30,
    a: '10',
    pr: '0.15',
    bp: o.tick.price,
    bq: o.tick.seq,
    bt: o.tick.ts,
    x: o.expiresAt,
    ca: new Date(o.now).toISOString(),
    ...secondsSettleJob(o.expiresAt, o.now),
    k: o.key,
    kc: ROUTE,
    kw: 'bench',
    ans: answerOf(o),
  };
  const done = await secondsWritersFor(db).submit.submit(e);
  if (!done || done.dup) throw new Error('refused');
}

/** The reference: a ledger transfer on its group commit (bench/ledger-tps.ts's `ours`), between two users' micro accounts. */
async function transferRef(db: Kysely<Database>, o: Order): Promise<void> {
  // another random user, as ledger-tps picks them (a fixed one would be in every batch)
  let to = refUsers[Math.floor(Math.random() * refUsers.length)];
  if (to === o.userId) to = refUsers[(refUsers.indexOf(to) + 1) % refUsers.length];
  await transfer(db, {
    from: { userId: o.userId, currencyId: USDT, type: MICRO, reason: 'transfer_out' },
    to: { userId: to, currencyId: USDT, type: MICRO, reason: 'transfer_in' },
    amount: '0.01',
    ref: { type: 'bench', id: o.key },
  });
}
let refUsers: number[] = [];

async function submits(h: DbHandle, ids: number[], name: string, way: typeof submitOurs): Promise<Run> {
  const t = await loopsFor({ loops: 20, windowMs: WINDOW_MS }, () =>
    way(h.db, order(ids[Math.floor(Math.random() * ids.length)])),
  );
  return asRun(name, t);
}

const END = { price: '50400', seq: 100, ts: Date.now() };

async function settleBefore(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const cur = await trx
      .selectFrom('seconds_orders')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!cur) return;
    const o = secondsPayout({
      direction: cur.type,
      stake: canon(cur.number),
      profitRatio: canon(cur.profit_ratio),
      openPrice: canon(cur.buy_price),
      closePrice: END.price,
    });
    await trx
      .updateTable('seconds_orders')
      .set({
        status: 'settled',
        end_price: END.price,
        end_seq: END.seq,
        end_ts: END.ts,
        result: o.result,
        payout: o.payout,
        profit: o.profit,
        settled_at: new Date(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    await trx
      .insertInto('market_ticks')
      .values({ symbol: SYMBOL, ...END })
      .onConflict((oc) => oc.columns(['symbol', 'seq']).doNothing())
      .execute();
    const ref = { type: 'seconds_order', id };
    await settleFrozen(trx, {
      userId,
      currencyId: USDT,
      type: MICRO,
      amount: canon(cur.number),
      reason: 'seconds_stake_settle',
      ref,
    });
    if (o.payout !== '0')
      await credit(trx, { userId, currencyId: USDT, type: MICRO, amount: o.payout, reason: 'seconds_payout', ref });
  });
}

async function settleOurs(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  if (!(await secondsWritersFor(db).settle.submit({ id, userId, end: END, at: Date.now() })))
    throw new Error('not settled');
}

/** SETTLE_N pending orders (placed first, untimed) expiring at once, all launched together. */
async function settles(h: DbHandle, ids: number[], name: string, way: typeof settleOurs): Promise<Run> {
  await Promise.all(Array.from({ length: SETTLE_N }, (_, i) => submitOurs(h.db, order(ids[i % ids.length]))));
  const rows = await h.db
    .selectFrom('seconds_orders')
    .select(['id', 'user_id'])
    .where('status', '=', 'pending')
    .limit(SETTLE_N)
    .execute();
  const t = await tally((timed) => Promise.all(rows.map((r) => timed(() => way(h.db, r.id, r.user_id)))));
  return asRun(name, t);
}

/** Every round; writes its results and returns its summary row. */
export function runSecondsBench(): Promise<MoneyPathRow[]> {
  return withBenchSchema('seconds', async (setup, pool) => {
    await installJobQueue(setup);
    const ids = await seedUsers(setup.db);
    refUsers = ids;
    const pooled = await pool(10);
    const runs: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(await submits(pooled, ids, 'submit before — inTransaction: pool of 10, 20 loops', submitBefore));
      runs.push(await submits(pooled, ids, 'submit ours — group commit: pool of 10, 20 loops', submitOurs));
      runs.push(
        await submits(
          pooled,
          ids,
          'reference — a ledger transfer on its group commit: pool of 10, 20 loops',
          transferRef,
        ),
      );
    }
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(
        await settles(pooled, ids, `settle before — inTransaction: ${SETTLE_N} at once, pool of 10`, settleBefore),
      );
      runs.push(await settles(pooled, ids, `settle ours — group commit: ${SETTLE_N} at once, pool of 10`, settleOurs));
    }
    await pooled.close();
    writeReport(runs, (await checkJournalConsistency(setup.db)).length);
    return [
      moneyPathRow(
        'seconds orders placed/s at the ledger (group commit, 20 loops) vs the inTransaction path',
        runs.map((r) => ({ ...r, name: r.name.replace(/^submit /, '') })),
      ),
      moneyPathRow(
        'seconds orders settled/s, 2,000 expiring at once, vs the inTransaction path',
        runs.filter((r) => r.name.startsWith('settle')).map((r) => ({ ...r, name: r.name.replace(/^settle /, '') })),
        '–',
      ),
    ];
  });
}

/** seconds-tps.{json,md} */
function writeReport(runs: Run[], mismatches: number): void {
  const ratio = (a: Run, b: Run) => ratioOf(a.perS, b.perS);
  const [sb, so, xb, xo, tr] = ['submit before', 'submit ours', 'settle before', 'settle ours', 'reference'].map((p) =>
    best(runs, p),
  );
  const meta = benchMeta(WINDOW_MS, ROUNDS);
  const out = {
    meta,
    runs,
    submitRatio: ratio(so, sb),
    settleRatio: ratio(xo, xb),
    submitVsTransfer: ratio(so, tr),
    journalMatchesBalances: mismatches === 0,
  };
  const md = resultsMd(
    'seconds options per second at the ledger (PostgreSQL server)',
    meta,
    runColumns('orders', (r: Run) => r.orders),
    runs,
    `Best rounds: submit ours ${so.perS}/s, before ${sb.perS}/s — ${out.submitRatio}× (target ≥ 2,000/s: ${so.perS >= 2000 ? 'met' : 'not met'}); settle ours ${xo.perS}/s, before ${xb.perS}/s — ${out.settleRatio}×; submit ours vs a transfer on its group commit (${tr.perS}/s) ${out.submitVsTransfer}×. Journal equals balances: ${mismatches === 0 ? 'yes' : `NO (${mismatches})`}.`,
  );
  writeResults('seconds-tps', out, md);
}

runIfMain(import.meta.url, runSecondsBench);
