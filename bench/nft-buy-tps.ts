/**
 * NFT fixed-price purchases per second on the PostgreSQL server: buyNFT as the API runs it — one
 * element of the purchase's group commit (server/areas/nft/domain/buy-writer.ts, migrations 048, 056, 069, 071) —
 * against the path before it in the same run: buyInTransaction, one transaction per purchase (item
 * locked, parties' balance locks, order, debit, three credits, ownership, each its own round trip).
 * Both from 20 loops on a pool of 10, each loop buying the next unsold item (first sales of 8
 * creators, so a batch holds several sellers); rounds alternate the two (the machine is shared, so
 * load drifts). Blind boxes likewise: buyNFT on a series (the box group commit, box-writer.ts,
 * migrations 057, 065, 069) against buyInTransaction, 20 loops over 8 series of 6,000 boxes. The journal is
 * checked against the balances at the end, every item sold once, every series' boxes 1…sold once.
 * Each run also gives the CPU per purchase of this process and of the pool's PostgreSQL backends
 * (pg-backend-cpu.ts): less bound to this shared machine's load than the rate.
 * `npx tsx bench/nft-buy-tps.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own, dropped after; NFT_BENCH_MS, NFT_BENCH_ROUNDS). Not a part of `npm run bench`.
 */
import { runIfMain, moneyPathRow, type MoneyPathRow } from './money-path-row';
import { sql, type Kysely } from 'kysely';
import type { DbHandle } from '../server/db/connect';
import { checkJournalConsistency } from '../server/db/ledger';
import type { Database } from '../server/db/schema';
// the sale's own module: the area's door also carries the catalogue, compiled against the app's Fastify
import { buyInTransaction, buyNFT } from '../server/areas/nft/domain/sale';
import { newSeed } from '../server/areas/nft/domain/boxes';
import { backendCpu } from './pg-backend-cpu';
import {
  benchMeta,
  benchUser,
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

const BUYERS = 200;
const CREATORS = 8;
const ITEMS = 60_000;
const T0 = Date.UTC(2030, 0, 1, 12);
const WINDOW_MS = Number(process.env.NFT_BENCH_MS ?? 5000);
const ROUNDS = Number(process.env.NFT_BENCH_ROUNDS ?? 2);
/** each creator's series: 6,000 boxes */
const BOX_MANIFEST = [
  { prize: 'SSR', count: 60 },
  { prize: 'R', count: 940 },
  { prize: 'N', count: 5000 },
];

interface Run {
  name: string;
  purchases: number;
  failed: number;
  perS: number;
  /** this process's CPU ms per purchase (the client's side) */
  cpuMsPer: number;
  /** the pool's PostgreSQL backends' CPU µs per purchase (pg-backend-cpu.ts: far less load-bound than the rate) */
  pgUsPer: number;
  latencyMs: { p50: number; p99: number };
}

/** Buyers funded, CREATORS artists, ITEMS fixed-price items (codes N0…) round-robin over them. */
async function seed(db: Kysely<Database>): Promise<number[]> {
  await seedUsdt(db);
  const templates: number[] = [];
  for (let c = 0; c < CREATORS; c++) {
    const creator = await benchUser(db, `creator${c}`);
    const t = await sql<{ id: number; collection_id: number; artist_id: number }>`
      WITH a AS (INSERT INTO nft_artists (user_id, name) VALUES (${creator}, ${'A' + c}) RETURNING id),
        col AS (INSERT INTO nft_collections (artist_id, name) SELECT id, ${'C' + c} FROM a RETURNING id, artist_id)
      INSERT INTO nft_items (code, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at)
      SELECT ${'T' + c}, col.id, col.artist_id, 'B', ${USDT}, 10, 1, ${new Date(T0 - 60_000)}, ${new Date(T0 + 3_600_000)}, ${new Date(T0 + 3_600_000)}
      FROM col RETURNING id, collection_id, artist_id`.execute(db);
    templates.push(t.rows[0].id);
    const { collection_id: collectionId, artist_id: artistId } = t.rows[0];
    // the series' item and its draw's commitment, as createSeries writes them (catalog.ts carries the app's Fastify)
    const seed = newSeed();
    await sql`
      WITH it AS (INSERT INTO nft_items (code, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at)
        VALUES (${'X' + c}, ${collectionId}, ${artistId}, 'Box', ${USDT}, 10, 3, ${new Date(T0 - 60_000)}, ${new Date(T0 + 3_600_000)}, ${new Date(T0 + 3_600_000)})
        RETURNING id)
      INSERT INTO nft_box_series (item_id, manifest, total, commitment, secret_seed)
      SELECT id, ${JSON.stringify(BOX_MANIFEST)}::jsonb, 6000, ${seed.commitment}, ${seed.seed} FROM it`.execute(db);
  }
  await sql`INSERT INTO nft_items (code, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at, royalty_rate)
    SELECT 'N' || g, t.collection_id, t.artist_id, t.title, t.currency_id, t.price, t.pay_type, t.start_at, t.end_at, t.original_end_at, t.royalty_rate
    FROM generate_series(0, ${ITEMS - 1}) AS g JOIN nft_items t ON t.id = (${sql.val(templates)}::int[])[1 + g % ${CREATORS}]`.execute(
    db,
  );
  return fundedUsers(db, { count: BUYERS, tag: 'buyer', type: 2, amount: '100000000' });
}

let next = 0;

const pgUsPer = (pg: { seconds: () => number }, count: number) => Math.round((pg.seconds() * 1e6) / Math.max(1, count));

async function purchases(h: DbHandle, ids: number[], grouped: boolean, name: string): Promise<Run> {
  const pg = await backendCpu(h.db, 10);
  const t = await loopsFor({ loops: 20, windowMs: WINDOW_MS, digits: 2, more: () => next < ITEMS }, () =>
    (grouped ? buyNFT : buyInTransaction)(h.db, ids[Math.floor(Math.random() * ids.length)], `N${next++}`, T0),
  );
  return {
    name,
    purchases: t.count,
    failed: t.failed,
    perS: t.perS,
    cpuMsPer: t.cpuMsPer,
    pgUsPer: pgUsPer(pg, t.count),
    latencyMs: t.latencyMs,
  };
}

let box = 0;

/** Box purchases: each loop buys one box of the next series in turn (8 series, one per creator). */
async function boxPurchases(h: DbHandle, ids: number[], grouped: boolean, name: string): Promise<Run> {
  const pg = await backendCpu(h.db, 10);
  const t = await loopsFor({ loops: 20, windowMs: WINDOW_MS, digits: 2 }, () =>
    (grouped ? buyNFT : buyInTransaction)(
      h.db,
      ids[Math.floor(Math.random() * ids.length)],
      `X${box++ % CREATORS}`,
      T0,
    ),
  );
  const { count, failed, perS, cpuMsPer, latencyMs } = t;
  return { name, purchases: count, failed, perS, cpuMsPer, pgUsPer: pgUsPer(pg, count), latencyMs };
}

interface Sold {
  orders: number;
  items: number;
  /** box orders, boxes, and series whose boxes are not exactly 1…sold */
  boxOrders: number;
  boxes: number;
  badSeries: number;
}

function report(runs: Run[], boxRuns: Run[], sold: Sold, sound: boolean): void {
  const [ours, before] = [best(runs, 'ours'), best(runs, 'before')];
  const [boxOurs, boxBefore] = [best(boxRuns, 'ours'), best(boxRuns, 'before')];
  const meta = benchMeta(WINDOW_MS, ROUNDS);
  const ratio = ratioOf(ours.perS, before.perS);
  const boxRatio = ratioOf(boxOurs.perS, boxBefore.perS);
  const md = resultsMd(
    'NFT fixed-price and blind-box purchases per second (PostgreSQL server)',
    meta,
    runColumns('purchases', (r: Run) => r.purchases, [
      'CPU per purchase: client ms / PostgreSQL µs',
      (r) => `${r.cpuMsPer} / ${r.pgUsPer}`,
    ]),
    [...runs, ...boxRuns],
    `Best round, fixed price: group commit ${ours.perS}/s, one transaction each ${before.perS}/s — ${ratio}×. Blind boxes: group commit ${boxOurs.perS}/s, one transaction each ${boxBefore.perS}/s — ${boxRatio}×. Orders ${sold.orders}, items sold ${sold.items} (each once: ${sold.orders === sold.items ? 'yes' : 'NO'}); box orders ${sold.boxOrders}, boxes ${sold.boxes} (each series 1…sold once: ${sold.badSeries === 0 && sold.boxOrders === sold.boxes ? 'yes' : 'NO'}). Journal equals balances: ${sound ? 'yes' : 'NO'}.`,
  );
  writeResults('nft-buy-tps', { meta, runs, boxRuns, ratio, boxRatio, sold, journalMatchesBalances: sound }, md);
}

/** Every round; writes its results and returns its summary row. */
export function runNftBuyBench(): Promise<MoneyPathRow[]> {
  return withBenchSchema('nft', async (setup, pool) => {
    const ids = await seed(setup.db);
    const db = await pool(10);
    // a process draws a series' boxes once (box-writer.ts): one purchase per series first, untimed
    for (let c = 0; c < CREATORS; c++) await buyNFT(db.db, ids[c], `X${c}`, T0);
    const runs: Run[] = [];
    const boxRuns: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(await purchases(db, ids, false, 'before — buyInTransaction: pool of 10, 20 loops'));
      runs.push(await purchases(db, ids, true, 'ours — buyNFT, group commit: pool of 10, 20 loops'));
      boxRuns.push(await boxPurchases(db, ids, false, 'before — boxes, buyInTransaction: pool of 10, 20 loops'));
      boxRuns.push(await boxPurchases(db, ids, true, 'ours — boxes, buyNFT, group commit: pool of 10, 20 loops'));
    }
    await db.close();
    const c = await sql<Sold>`
      SELECT (SELECT count(*)::int FROM nft_orders WHERE kind <> 'box') AS orders,
        (SELECT count(*)::int FROM nft_items WHERE owner_id IS NOT NULL) AS items,
        (SELECT count(*)::int FROM nft_orders WHERE kind = 'box') AS "boxOrders",
        (SELECT count(*)::int FROM nft_boxes) AS boxes,
        (SELECT count(*)::int FROM nft_box_series s WHERE s.sold <> (SELECT count(DISTINCT b.k) FROM nft_boxes b WHERE b.series_id = s.id)
          OR s.sold <> coalesce((SELECT max(b.k) FROM nft_boxes b WHERE b.series_id = s.id), 0)) AS "badSeries"`.execute(
      setup.db,
    );
    report(runs, boxRuns, c.rows[0], (await checkJournalConsistency(setup.db)).length === 0);
    return [
      moneyPathRow('NFT fixed-price purchases/s at the ledger (group commit, 20 loops) vs one transaction each', runs),
      moneyPathRow('NFT blind-box purchases/s at the ledger (group commit, 20 loops) vs one transaction each', boxRuns),
    ];
  });
}

runIfMain(import.meta.url, runNftBuyBench);
