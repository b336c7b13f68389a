/**
 * P2P (OTC) order openings per second at the ledger, on the PostgreSQL server: an opening's writes
 * on the group commit (otc domain/order-writer.ts, otc_open_batch of migration 072: each opening one
 * element of a statement shared with the others in flight — the seller's conditional freeze into
 * escrow in its loop; the orders, journal rows, events, notices and deadlines' jobs one insert each,
 * the ads' remaining one update, at its end) against the path they took
 * before, in the same run: one inTransaction per opening with the same writes as the transaction
 * path (opening.ts openInTx: the parties' balance locks, the ad locked, the taker's open orders
 * counted, the order, the freeze (ledger.ts), the remaining, the job, the event, the notice). The
 * request's reads and pricing (the same on both paths) are left out: both start from the element
 * the request builds. Beside them, as a gauge of the shared machine, a ledger transfer on its group
 * commit (bench/ledger-tps.ts's `ours`), same loops, same round. 8 merchants' buy ads
 * (OTC_BENCH_MERCHANTS); each opening sells 1 USDT from the next of many takers
 * (a taker holds at most 3 unfinished orders); 20 loops on a pool of 10 for OTC_BENCH_MS, rounds
 * alternating (the machine is shared, so load drifts: compare the CPU per order, the client's and
 * the pool's PostgreSQL backends', beside the rates). The journal is checked against the balances
 * and every ad's remaining against its orders at the end.
 * `npx tsx bench/otc-tps.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own, dropped after; OTC_BENCH_MS, OTC_BENCH_ROUNDS). Run by `npm run bench`'s ledger part.
 */
import { runIfMain, moneyPathRow, type MoneyPathRow } from './money-path-row';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import type { DbHandle } from '../server/db/connect';
import { checkJournalConsistency, freeze } from '../server/db/ledger';
import { transfer } from '../server/db/ledger-transfer';
import { inTransaction } from '../server/db/tx';
import { enqueueInTx } from '../server/db/jobs';
import { addNotice } from '../server/db/notices';
import { installJobQueue } from '../server/plugins/job-queue';
import { backendCpu } from './pg-backend-cpu';
// the writer's own module: the area's door carries only its checker
import { otcWritersFor, type OpenElement } from '../server/areas/otc/domain/order-writer';
import {
  benchMeta,
  best,
  loopsFor,
  ratioOf,
  resultsMd,
  runColumns,
  seedUsdt,
  USDT,
  withBenchSchema,
  writeResults,
} from './ledger-kit';

const MERCHANTS = Number(process.env.OTC_BENCH_MERCHANTS ?? 8);
const TAKERS = 15_000;
const T0 = Date.UTC(2030, 0, 1, 12);
const WINDOW_MS = Number(process.env.OTC_BENCH_MS ?? 5000);
const ROUNDS = Number(process.env.OTC_BENCH_ROUNDS ?? 2);

interface Run {
  name: string;
  orders: number;
  failed: number;
  perS: number;
  cpuMsPer: number;
  /** the pool's PostgreSQL backends' CPU µs per order (pg-backend-cpu.ts) */
  pgUsPer: number;
  latencyMs: { p50: number; p99: number };
}

interface World {
  ads: { id: number; merchant: number }[];
  takers: number[];
}

/** The merchants (approved) with a buy ad each, and the takers: level 1, a bank method, 100 USDT each (journaled). */
async function seed(db: Kysely<Database>): Promise<World> {
  await seedUsdt(db);
  const users = (tag: string, n: number) =>
    sql<{ id: number }>`INSERT INTO users (email, password_hash, invite_code, level)
      SELECT ${tag} || g || '@example.com', 'x', upper(substr(md5(${tag} || g), 1, 12)), 1 FROM generate_series(1, ${n}) g
      RETURNING id`
      .execute(db)
      .then((r) => r.rows.map((x) => x.id));
  const merchants = await users('otcm', MERCHANTS);
  await db
    .insertInto('otc_merchants')
    .values(merchants.map((u) => ({ user_id: u, name: `M${u}`, status: 'approved' })))
    .execute();
  const ads = await sql<{ id: number; merchant: number }>`
    INSERT INTO otc_ads (merchant_id, side, coin_id, fiat, price_type, fixed_price, total, remaining, min_fiat, max_fiat, pay_kinds, window_min)
    SELECT m, 'buy', ${USDT}, 'CNY', 'fixed', 7, 1000000, 1000000, 1, 100000, '["bank"]', 15 FROM unnest(${sql.val(merchants)}::int[]) m
    RETURNING id, merchant_id AS merchant`.execute(db);
  const takers = await users('otct', TAKERS);
  await sql`WITH a AS (
      INSERT INTO accounts (user_id, currency_id, type, available, frozen)
      SELECT u, ${USDT}, 2, 100, 0 FROM unnest(${sql.val(takers)}::int[]) u RETURNING id, user_id)
    INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason)
    SELECT user_id, id, ${USDT}, 2, 100, 0, 100, 0, 'test_grant' FROM a`.execute(db);
  await sql`INSERT INTO otc_pay_methods (user_id, kind, name, account, bank)
    SELECT u, 'bank', 'T', '6222', 'B' FROM unnest(${sql.val(takers)}::int[]) u`.execute(db);
  return { ads: ads.rows, takers };
}

let next = 0;

/** The next opening: 1 USDT from the next taker (each at most 3 times) to the next merchant's ad. */
function nextElement(w: World): OpenElement {
  const n = next++;
  const ad = w.ads[n % w.ads.length];
  const seller = w.takers[n % w.takers.length];
  const methods = [{ id: 0, kind: 'bank', name: 'T', account: '6222', bank: 'B' }];
  const note = { id: '0', coin: 'USDT', coin_amount: '1', fiat_amount: '7', fiat: 'CNY' };
  return {
    a: ad.id,
    t: seller,
    m: ad.merchant,
    b: ad.merchant,
    s: seller,
    c: USDT,
    q: '1',
    f: '7',
    p: '7',
    r: '7.2',
    fi: 'CNY',
    dl: new Date(T0 + 15 * 60_000).toISOString(),
    at: new Date(T0).toISOString(),
    un: 'coin',
    tl: 'en',
    ml: 'en',
    pm: methods,
    mx: 3,
    ea: 'seller',
    en: '1 USDT / 7 CNY',
    no: [
      {
        u: ad.merchant,
        kind: 'otc_order_opened',
        title: 'otc_order_opened_title',
        body: 'otc_order_opened_body',
        params: note,
      },
    ],
    jt: 'otc.expire',
    jk: 'otc.expire:',
    ra: new Date(Date.now() + 3_600_000).toISOString(),
  };
}

/** The same writes in one transaction each, as the transaction path makes them (opening.ts openInTx). */
async function openBefore(db: Kysely<Database>, e: OpenElement): Promise<void> {
  await inTransaction(
    db,
    async (trx) => {
      const ad = await trx
        .selectFrom('otc_ads')
        .selectAll()
        .where('id', '=', e.a)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (ad.status !== 'online') throw new Error('ad offline');
      const open = await trx
        .selectFrom('otc_orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('taker_id', '=', e.t)
        .where('status', 'in', ['unpaid', 'paid', 'appeal'])
        .executeTakeFirstOrThrow();
      if (open.n >= e.mx) throw new Error('too many');
      const o = await trx
        .insertInto('otc_orders')
        .values({
          ad_id: e.a,
          merchant_id: e.m,
          taker_id: e.t,
          buyer_id: e.b,
          seller_id: e.s,
          coin_id: e.c,
          fiat: e.fi,
          fiat_rate: e.r,
          price: e.p,
          coin_amount: e.q,
          fiat_amount: e.f,
          deadline: new Date(e.dl),
          pay_methods: JSON.stringify(e.pm),
          opened_at: new Date(e.at),
          unit: e.un,
          taker_lang: e.tl,
          merchant_lang: e.ml,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await freeze(trx, {
        userId: e.s,
        currencyId: e.c,
        type: 2,
        amount: e.q,
        reason: 'otc_escrow',
        ref: { type: 'otc_order', id: o.id },
      });
      const left = await trx
        .updateTable('otc_ads')
        .set({ remaining: sql`remaining - ${e.q}::numeric`, updated_at: new Date() })
        .where('id', '=', e.a)
        .where('remaining', '>=', e.q)
        .executeTakeFirst();
      if (left.numUpdatedRows !== 1n) throw new Error('ad sold out');
      await enqueueInTx(trx, e.jt, { id: o.id }, { jobKey: `${e.jk}${o.id}`, runAt: new Date(e.ra) });
      await trx
        .insertInto('otc_order_events')
        .values({ order_id: o.id, kind: 'opened', actor: e.ea, actor_id: e.t, note: e.en, created_at: new Date(e.at) })
        .execute();
      for (const n of e.no)
        await addNotice(trx, {
          userId: n.u,
          kind: n.kind,
          title: 'otc_order_opened_title',
          body: 'otc_order_opened_body',
          params: { ...n.params, id: String(o.id) },
        });
    },
    { users: [e.b, e.s] },
  );
}

let refs = 0;

/** The reference: a ledger transfer on its group commit (bench/ledger-tps.ts's `ours`) of 0.01 USDT between two random takers. */
function transferRef(db: Kysely<Database>, w: World): Promise<unknown> {
  const pick = () => w.takers[Math.floor(Math.random() * w.takers.length)];
  const from = pick();
  let to = pick();
  if (to === from) to = w.takers[(w.takers.indexOf(to) + 1) % w.takers.length];
  return transfer(db, {
    from: { userId: from, currencyId: USDT, type: 2, reason: 'transfer_out' },
    to: { userId: to, currencyId: USDT, type: 2, reason: 'transfer_in' },
    amount: '0.01',
    ref: { type: 'bench', id: `r${refs++}` },
  });
}

async function openings(h: DbHandle, w: World, way: 'before' | 'ours' | 'reference', name: string): Promise<Run> {
  const pg = await backendCpu(h.db, 10);
  const t = await loopsFor({ loops: 20, windowMs: WINDOW_MS, digits: 2, more: () => next < 3 * TAKERS }, async () => {
    if (way === 'reference') return transferRef(h.db, w);
    const e = nextElement(w);
    if (way === 'before') return openBefore(h.db, e);
    const row = await otcWritersFor(h.db).open.submit(e);
    if (row.order_id === null) throw new Error(`refused: ${row.refused}`);
  });
  const pgUsPer = Math.round((pg.seconds() * 1e6) / Math.max(1, t.count));
  return {
    name,
    orders: t.count,
    failed: t.failed,
    perS: t.perS,
    cpuMsPer: t.cpuMsPer,
    pgUsPer,
    latencyMs: t.latencyMs,
  };
}

function report(runs: Run[], check: { orders: number; adsMatch: boolean; sound: boolean }): void {
  const ours = best(runs, 'ours');
  const before = best(runs, 'before');
  const meta = benchMeta(WINDOW_MS, ROUNDS);
  const ratio = ratioOf(ours.perS, before.perS);
  const ref = best(runs, 'reference');
  const toRef = ratioOf(ours.perS, ref.perS);
  const md = resultsMd(
    'P2P order openings per second at the ledger (PostgreSQL server)',
    meta,
    runColumns('orders', (r: Run) => r.orders, [
      'CPU per order: client ms / PostgreSQL µs',
      (r) => `${r.cpuMsPer} / ${r.pgUsPer}`,
    ]),
    runs,
    `Best round: group commit ${ours.perS}/s, one transaction each ${before.perS}/s — ${ratio}×; a ledger transfer on its group commit ${ref.perS}/s (ours ${toRef}× it: the machine's state in this run). Orders ${check.orders}; every ad's remaining equals its total less its orders: ${check.adsMatch ? 'yes' : 'NO'}. Journal equals balances: ${check.sound ? 'yes' : 'NO'}.`,
  );
  writeResults('otc-tps', { meta, runs, ratio, toReference: toRef, ...check }, md);
}

/** Every round; writes its results and returns its summary row. */
export function runOtcBench(): Promise<MoneyPathRow[]> {
  return withBenchSchema('otc', async (setup, pool) => {
    await installJobQueue(setup);
    const w = await seed(setup.db);
    const db = await pool(10);
    const runs: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(await openings(db, w, 'before', 'before — one inTransaction per opening: pool of 10, 20 loops'));
      runs.push(await openings(db, w, 'ours', 'ours — the OTC writer, group commit: pool of 10, 20 loops'));
      runs.push(
        await openings(db, w, 'reference', 'reference — a ledger transfer on its group commit: pool of 10, 20 loops'),
      );
    }
    await db.close();
    const c = await sql<{ orders: number; ads_match: boolean }>`
      SELECT (SELECT count(*)::int FROM otc_orders) AS orders,
        (SELECT bool_and(a.remaining = a.total - coalesce((SELECT sum(o.coin_amount) FROM otc_orders o WHERE o.ad_id = a.id), 0)) FROM otc_ads a) AS ads_match`.execute(
      setup.db,
    );
    report(runs, {
      orders: c.rows[0].orders,
      adsMatch: c.rows[0].ads_match,
      sound: (await checkJournalConsistency(setup.db)).length === 0,
    });
    return [moneyPathRow('P2P order openings/s at the ledger (group commit, 20 loops) vs one transaction each', runs)];
  });
}

runIfMain(import.meta.url, runOtcBench);
