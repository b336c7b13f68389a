/**
 * NFT fixed-price purchases per second on the PostgreSQL server: buyNFT as the API runs it — one
 * element of the purchase's group commit (server/areas/nft/domain/buy-writer.ts, migrations 048, 056) —
 * against the path before it in the same run: buyInTransaction, one transaction per purchase (item
 * locked, parties' balance locks, order, debit, three credits, ownership, each its own round trip).
 * Both from 20 loops on a pool of 10, each loop buying the next unsold item (first sales of 8
 * creators, so a batch holds several sellers); rounds alternate the two (the machine is shared, so
 * load drifts). The journal is checked against the balances at the end, and every item sold once.
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

interface Run {
  name: string;
  purchases: number;
  failed: number;
  perS: number;
  /** this process's CPU ms per purchase (the client's side) */
  cpuMsPer: number;
  latencyMs: { p50: number; p99: number };
}

/** Buyers funded, CREATORS artists, ITEMS fixed-price items (codes N0…) round-robin over them. */
async function seed(db: Kysely<Database>): Promise<number[]> {
  await seedUsdt(db);
  const templates: number[] = [];
  for (let c = 0; c < CREATORS; c++) {
    const creator = await benchUser(db, `creator${c}`);
    const t = await sql<{ id: number }>`
      WITH a AS (INSERT INTO nft_artists (user_id, name) VALUES (${creator}, ${'A' + c}) RETURNING id),
        col AS (INSERT INTO nft_collections (artist_id, name) SELECT id, ${'C' + c} FROM a RETURNING id, artist_id)
      INSERT INTO nft_items (code, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at)
      SELECT ${'T' + c}, col.id, col.artist_id, 'B', ${USDT}, 10, 1, ${new Date(T0 - 60_000)}, ${new Date(T0 + 3_600_000)}, ${new Date(T0 + 3_600_000)}
      FROM col RETURNING id`.execute(db);
    templates.push(t.rows[0].id);
  }
  await sql`INSERT INTO nft_items (code, collection_id, artist_id, title, currency_id, price, pay_type, start_at, end_at, original_end_at, royalty_rate)
    SELECT 'N' || g, t.collection_id, t.artist_id, t.title, t.currency_id, t.price, t.pay_type, t.start_at, t.end_at, t.original_end_at, t.royalty_rate
    FROM generate_series(0, ${ITEMS - 1}) AS g JOIN nft_items t ON t.id = (${sql.val(templates)}::int[])[1 + g % ${CREATORS}]`.execute(
    db,
  );
  return fundedUsers(db, { count: BUYERS, tag: 'buyer', type: 2, amount: '100000000' });
}

let next = 0;

async function purchases(h: DbHandle, ids: number[], grouped: boolean, name: string): Promise<Run> {
  const t = await loopsFor({ loops: 20, windowMs: WINDOW_MS, digits: 2, more: () => next < ITEMS }, () =>
    (grouped ? buyNFT : buyInTransaction)(h.db, ids[Math.floor(Math.random() * ids.length)], `N${next++}`, T0),
  );
  return {
    name,
    purchases: t.count,
    failed: t.failed,
    perS: t.perS,
    cpuMsPer: t.cpuMsPer,
    latencyMs: t.latencyMs,
  };
}

function report(runs: Run[], sold: { orders: number; items: number }, sound: boolean): void {
  const ours = best(runs, 'ours');
  const before = best(runs, 'before');
  const meta = benchMeta(WINDOW_MS, ROUNDS);
  const ratio = ratioOf(ours.perS, before.perS);
  const md = resultsMd(
    'NFT fixed-price purchases per second (PostgreSQL server)',
    meta,
    runColumns('purchases', (r: Run) => r.purchases, ['client CPU ms / purchase', (r) => r.cpuMsPer]),
    runs,
    `Best round: group commit ${ours.perS}/s, one transaction each ${before.perS}/s — ${ratio}×. Orders ${sold.orders}, items sold ${sold.items} (each once: ${sold.orders === sold.items ? 'yes' : 'NO'}). Journal equals balances: ${sound ? 'yes' : 'NO'}.`,
  );
  writeResults('nft-buy-tps', { meta, runs, ratio, sold, journalMatchesBalances: sound }, md);
}

/** Every round; writes its results and returns its summary row. */
export function runNftBuyBench(): Promise<MoneyPathRow[]> {
  return withBenchSchema('nft', async (setup, pool) => {
    const ids = await seed(setup.db);
    const db = await pool(10);
    const runs: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      runs.push(await purchases(db, ids, false, 'before — buyInTransaction: pool of 10, 20 loops'));
      runs.push(await purchases(db, ids, true, 'ours — buyNFT, group commit: pool of 10, 20 loops'));
    }
    await db.close();
    const c = await sql<{ orders: number; items: number }>`
      SELECT (SELECT count(*)::int FROM nft_orders) AS orders, (SELECT count(*)::int FROM nft_items WHERE owner_id IS NOT NULL) AS items`.execute(
      setup.db,
    );
    report(runs, c.rows[0], (await checkJournalConsistency(setup.db)).length === 0);
    return [
      moneyPathRow('NFT fixed-price purchases/s at the ledger (group commit, 20 loops) vs one transaction each', runs),
    ];
  });
}

runIfMain(import.meta.url, runNftBuyBench);
