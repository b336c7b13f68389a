/**
 * NFT fixed-price purchases per second on the PostgreSQL server: buyNFT as the API runs it — one
 * element of the purchase's group commit (server/areas/nft/domain/buy-writer.ts, migration 048) —
 * against the path before it in the same run: buyInTransaction, one transaction per purchase (item
 * locked, parties' balance locks, order, debit, three credits, ownership, each its own round trip).
 * Both from 20 loops on a pool of 10, each loop buying the next unsold item (first sales of 8
 * creators, so a batch holds several sellers); rounds alternate the two (the machine is shared, so
 * load drifts). The journal is checked against the balances at the end, and every item sold once.
 * `npx tsx bench/nft-buy-tps.ts` (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * schema of its own, dropped after; NFT_BENCH_MS, NFT_BENCH_ROUNDS). Not a part of `npm run bench`.
 */
import { isMain, moneyPathRow, type MoneyPathRow } from './money-path-row';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { connectDb, type DbHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { checkJournalConsistency, credit } from '../server/db/ledger';
import { inTransaction } from '../server/db/tx';
import type { Database } from '../server/db/schema';
// the sale's own module: the area's door also carries the catalogue, compiled against the app's Fastify
import { buyInTransaction, buyNFT } from '../server/areas/nft/domain/sale';
import { writeJson, writeText } from './browser/harness';

const URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUYERS = 200;
const CREATORS = 8;
const ITEMS = 60_000;
const USDT = 4;
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

const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);

async function newUser(db: Kysely<Database>, tag: string): Promise<number> {
  const u = await db
    .insertInto('users')
    .values({
      email: `${tag}@example.com`,
      password_hash: 'x',
      invite_code: randomBytes(5).toString('hex').toUpperCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return u.id;
}

/** Buyers funded, CREATORS artists, ITEMS fixed-price items (codes N0…) round-robin over them. */
async function seed(db: Kysely<Database>): Promise<number[]> {
  await sql`INSERT INTO currencies (id, name, market, price_decimals, qty_decimals) VALUES (${USDT}, 'USDT', 'crypto', 4, 8) ON CONFLICT DO NOTHING`.execute(
    db,
  );
  const templates: number[] = [];
  for (let c = 0; c < CREATORS; c++) {
    const creator = await newUser(db, `creator${c}`);
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
  const ids: number[] = [];
  for (let i = 0; i < BUYERS; i++) ids.push(await newUser(db, `buyer${i}`));
  for (const id of ids)
    await inTransaction(db, (trx) =>
      credit(trx, { userId: id, currencyId: USDT, type: 2, amount: '100000000', reason: 'test_grant' }),
    );
  return ids;
}

let next = 0;

async function purchases(h: DbHandle, ids: number[], grouped: boolean, name: string): Promise<Run> {
  const lat: number[] = [];
  let failed = 0;
  const end = Date.now() + WINDOW_MS;
  const loop = async () => {
    while (Date.now() < end && next < ITEMS) {
      const buyer = ids[Math.floor(Math.random() * ids.length)];
      const code = `N${next++}`;
      const t0 = performance.now();
      try {
        await (grouped ? buyNFT : buyInTransaction)(h.db, buyer, code, T0);
        lat.push(performance.now() - t0);
      } catch {
        failed++;
      }
    }
  };
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: 20 }, loop));
  const cpu = process.cpuUsage(cpu0);
  const s = (Date.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    name,
    purchases: lat.length,
    failed,
    perS: r(lat.length / s),
    cpuMsPer: r((cpu.user + cpu.system) / 1000 / Math.max(1, lat.length)),
    latencyMs: { p50: r(pct(lat, 50)), p99: r(pct(lat, 99)) },
  };
}

function report(runs: Run[], sold: { orders: number; items: number }, sound: boolean): string {
  const best = (prefix: string) => runs.filter((r) => r.name.startsWith(prefix)).sort((a, b) => b.perS - a.perS)[0];
  const ours = best('ours');
  const before = best('before');
  const meta = {
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
    at: new Date().toISOString(),
    windowMs: WINDOW_MS,
    rounds: ROUNDS,
  };
  const ratio = Math.round((ours.perS / before.perS) * 100) / 100;
  writeJson('nft-buy-tps.json', { meta, runs, ratio, sold, journalMatchesBalances: sound });
  return [
    '# Bench: NFT fixed-price purchases per second (PostgreSQL server)',
    '',
    JSON.stringify(meta),
    '',
    '| run | purchases/s | purchases (failed) | client CPU ms / purchase | latency p50 / p99 ms |',
    '|---|---:|---|---:|---|',
    ...runs.map(
      (r) =>
        `| ${r.name} | ${r.perS} | ${r.purchases} (${r.failed}) | ${r.cpuMsPer} | ${r.latencyMs.p50} / ${r.latencyMs.p99} |`,
    ),
    '',
    `Best round: group commit ${ours.perS}/s, one transaction each ${before.perS}/s — ${ratio}×. Orders ${sold.orders}, items sold ${sold.items} (each once: ${sold.orders === sold.items ? 'yes' : 'NO'}). Journal equals balances: ${sound ? 'yes' : 'NO'}.`,
    '',
  ].join('\n');
}

/** Every round; writes its results and returns its summary row. */
export async function runNftBuyBench(): Promise<MoneyPathRow[]> {
  const schema = `bench_nft_${randomBytes(4).toString('hex')}`;
  const setup = await connectDb({ databaseUrl: URL, schema, poolMax: 4 });
  try {
    await migrateToLatest(setup.db as Kysely<unknown>, { schema });
    const ids = await seed(setup.db);
    const db = await connectDb({ databaseUrl: URL, schema, poolMax: 10 });
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
    const md = report(runs, c.rows[0], (await checkJournalConsistency(setup.db)).length === 0);
    writeText('nft-buy-tps.md', md);
    process.stdout.write(md);
    return [
      moneyPathRow('NFT fixed-price purchases/s at the ledger (group commit, 20 loops) vs one transaction each', runs),
    ];
  } finally {
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(setup.db);
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).execute(setup.db);
    await setup.close();
  }
}

if (isMain(import.meta.url))
  void runNftBuyBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
