/**
 * What the ledger-path benches (ledger-tps.ts, seconds-tps.ts, lever-tps.ts, nft-buy-tps.ts) share:
 * a schema of their own on the PostgreSQL server, funded users, the loops' runner with its latency
 * percentiles and failures, and the results' files.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { connectDb, type DbHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { credit } from '../server/db/ledger';
import { inTransaction } from '../server/db/tx';
import type { Database } from '../server/db/schema';
import { writeJson, writeText } from './browser/harness';

export const DB_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const USDT = 4;

/** A fresh migrated schema `bench_<tag>_…` for `fn` (a pool of 4 on it), dropped after with its job queue's. */
export async function withBenchSchema<T>(
  tag: string,
  fn: (setup: DbHandle, pool: (max: number) => Promise<DbHandle>) => Promise<T>,
): Promise<T> {
  const schema = `bench_${tag}_${randomBytes(4).toString('hex')}`;
  const setup = await connectDb({ databaseUrl: DB_URL, schema, poolMax: 4 });
  try {
    await migrateToLatest(setup.db as Kysely<unknown>, { schema });
    return await fn(setup, (max) => connectDb({ databaseUrl: DB_URL, schema, poolMax: max }));
  } finally {
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(setup.db);
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).execute(setup.db);
    await setup.close();
  }
}

/** The USDT coin (the app's start-up seeds the catalogue; a bench schema has only the migrations). */
export async function seedUsdt(db: Kysely<Database>): Promise<void> {
  await sql`INSERT INTO currencies (id, name, market, price_decimals, qty_decimals) VALUES (${USDT}, 'USDT', 'crypto', 4, 8) ON CONFLICT DO NOTHING`.execute(
    db,
  );
}

/** A user `<email>@example.com` (its invite code random when not given); returns its id. */
export async function benchUser(db: Kysely<Database>, email: string, invite?: string): Promise<number> {
  const u = await db
    .insertInto('users')
    .values({
      email: `${email}@example.com`,
      password_hash: 'x',
      invite_code: invite ?? randomBytes(5).toString('hex').toUpperCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return u.id;
}

/** `count` users `<tag><i>`, each granted `amount` USDT on account `type`; returns their ids (consecutive). */
export async function fundedUsers(
  db: Kysely<Database>,
  o: { count: number; tag: string; invite?: string; type: number; amount: string },
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < o.count; i++) {
    const invite = o.invite === undefined ? undefined : `${o.invite}${i}${randomBytes(3).toString('hex')}`;
    ids.push(await benchUser(db, `${o.tag}${i}`, invite));
  }
  for (const id of ids)
    await inTransaction(db, (trx) =>
      credit(trx, { userId: id, currencyId: USDT, type: o.type, amount: o.amount, reason: 'test_grant' }),
    );
  return ids;
}

export interface Tally {
  count: number;
  failed: number;
  perS: number;
  /** this process's CPU ms per step (the client's side) */
  cpuMsPer: number;
  latencyMs: { p50: number; p99: number };
}

const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);

/**
 * Runs `drive`, which calls `timed` on each step: a step's latency is kept when it resolves, a
 * failure counted when it throws. Figures rounded to `digits` decimals.
 */
export async function tally(
  drive: (timed: (step: () => Promise<unknown>) => Promise<void>) => Promise<unknown>,
  digits = 1,
): Promise<Tally> {
  const lat: number[] = [];
  let failed = 0;
  const timed = async (step: () => Promise<unknown>) => {
    const t0 = performance.now();
    try {
      await step();
      lat.push(performance.now() - t0);
    } catch {
      failed++;
    }
  };
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  await drive(timed);
  const cpu = process.cpuUsage(cpu0);
  const s = (Date.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  const k = 10 ** digits;
  const r = (x: number) => Math.round(x * k) / k;
  return {
    count: lat.length,
    failed,
    perS: r(lat.length / s),
    cpuMsPer: r((cpu.user + cpu.system) / 1000 / Math.max(1, lat.length)),
    latencyMs: { p50: r(pct(lat, 50)), p99: r(pct(lat, 99)) },
  };
}

/** `loops` concurrent loops calling `step` (with the loop's index) for `windowMs` (or until `more` says no). */
export function loopsFor(
  o: { loops: number; windowMs: number; digits?: number; more?: () => boolean },
  step: (loop: number) => Promise<unknown>,
): Promise<Tally> {
  const end = Date.now() + o.windowMs;
  const more = o.more ?? (() => true);
  return tally(async (timed) => {
    const loop = async (_: unknown, k: number) => {
      while (Date.now() < end && more()) await timed(() => step(k));
    };
    await Promise.all(Array.from({ length: o.loops }, loop));
  }, o.digits);
}

/** The best round of the runs whose name starts with `prefix`. */
export function best<R extends { name: string; perS: number }>(runs: R[], prefix: string): R {
  return runs.filter((r) => r.name.startsWith(prefix)).sort((a, b) => b.perS - a.perS)[0];
}

/** a / b, two decimals */
export const ratioOf = (a: number, b: number): number => Math.round((a / b) * 100) / 100;

export interface BenchMeta {
  node: string;
  cpus: number;
  loadavg: number[];
  at: string;
  windowMs: number;
  rounds: number;
}

export function benchMeta(windowMs: number, rounds: number): BenchMeta {
  return {
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
    at: new Date().toISOString(),
    windowMs,
    rounds,
  };
}

interface RunRow {
  name: string;
  perS: number;
  failed: number;
  latencyMs: { p50: number; p99: number };
}

/** The runs' table columns: name, `<unit>/s`, `<unit> (failed)`, the client's CPU when given, latency. */
export function runColumns<R extends RunRow>(
  unit: string,
  count: (r: R) => number,
  cpu?: [string, (r: R) => number | string],
): [string, string, (r: R) => unknown][] {
  return [
    ['run', '---', (r) => r.name],
    [`${unit}/s`, '---:', (r) => r.perS],
    [`${unit} (failed)`, '---', (r) => `${count(r)} (${r.failed})`],
    ...(cpu ? [[cpu[0], '---:', cpu[1]] as [string, string, (r: R) => unknown]] : []),
    ['latency p50 / p99 ms', '---', (r) => `${r.latencyMs.p50} / ${r.latencyMs.p99}`],
  ];
}

/** A bench's markdown: its title, meta, one table row per run (columns: header, alignment, cell), a closing line. */
export function resultsMd<R>(
  title: string,
  meta: BenchMeta,
  columns: [string, string, (r: R) => unknown][],
  runs: R[],
  closing: string,
): string {
  return [
    `# Bench: ${title}`,
    '',
    JSON.stringify(meta),
    '',
    `| ${columns.map((c) => c[0]).join(' | ')} |`,
    `|${columns.map((c) => c[1]).join('|')}|`,
    ...runs.map((r) => `| ${columns.map((c) => String(c[2](r))).join(' | ')} |`),
    '',
    closing,
    '',
  ].join('\n');
}

/** Writes `<name>.json` and `<name>.md` to the results' folder and prints the markdown. */
export function writeResults(name: string, json: unknown, md: string): void {
  writeJson(`${name}.json`, json);
  writeText(`${name}.md`, md);
  process.stdout.write(md);
}
