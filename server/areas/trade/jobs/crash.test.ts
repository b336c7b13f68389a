/**
 * Crash test: the real server as a child process under a steady load of money
 * operations and seconds options, kill -9, and a restart on the same data once every order has
 * expired. Then: every acknowledged operation is present exactly once, every retry with the same
 * Idempotency-Key answers the original result (or runs once when the first attempt never
 * committed), every seconds option is settled by the last durable tick at or before its expiry,
 * and the journal equals the balances. Runs on the embedded PostgreSQL in the data dir, or on
 * PostgreSQL (a fresh database) when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { canonical, checkJournalConsistency } from '../../../db/ledger';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../accounts/domain';
import type { DbHandle } from '../../../db/connect';
import { openDatabase } from '../../../db/open';
import { startServer, type ServerProc } from '../../../testing/crash-kit';
import { freshDatabase } from '../../../testing/pg-template';

const PORT = Number(process.env.CRASH_TEST_PORT ?? 8713);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database on the PostgreSQL server when DATABASE_URL is set (else the embedded one). */
async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  return admin ? freshDatabase(admin, 'crash') : { url: undefined, drop: async () => {} };
}

/** The server's own database, opened the way server/app.ts opens it (after the server stopped). */
function openServerDb(url: string | undefined): Promise<DbHandle> {
  return openDatabase({ databaseUrl: url, dataDir, poolMax: 2, role: 'tool' });
}

interface Op {
  route: string;
  key: string;
  body: Record<string, unknown>;
  /** the answer the client got before the crash (undefined: none, the request was cut off) */
  acked?: { type: string; message: unknown };
  /** the answer to the same request sent again after the restart */
  retry?: { type: string; message: unknown };
}

async function api(
  route: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ type: string; message: unknown }> {
  const r = await fetch(`${base}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { type: string; message: unknown };
}

let server: ServerProc | undefined;
let db: { url: string | undefined; drop(): Promise<void> } | undefined;
afterAll(async () => {
  await server?.stop();
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('survives kill -9 under load: acknowledged once, retries answered, seconds settled from durable ticks, journal = balances', async () => {
  db = await freshDatabaseUrl();
  const env = {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: db.url ?? '',
    MARKET_FEED: 'simulator',
    MARKET_BACKFILL: 'off',
    TICK_RATE: '200',
    DEMO_USER: 'on',
    LOG_LEVEL: 'warn',
  };
  server = await startServer(base, env);
  const token = (await api('user/login', { user_string: DEMO_EMAIL, password: DEMO_PASSWORD })).message as string;
  expect(typeof token).toBe('string');

  // Steady load: three client loops, each operation with its own key and a unique amount.
  const ops: Op[] = [];
  let running = true;
  const loop = async (make: (i: number) => Omit<Op, 'key'>) => {
    for (let i = 1; running; i++) {
      const op: Op = { ...make(i), key: `k-${randomBytes(6).toString('hex')}` };
      ops.push(op);
      try {
        op.acked = await api(op.route, op.body, { authorization: token, 'idempotency-key': op.key });
      } catch {
        return; // the server died under this request
      }
      // steady, not flat out: every request here and every retry after the restart comes from one
      // IP, and the global limit (600 a minute per IP) must not be what answers them
      await sleep(40);
    }
  };
  const unique = (i: number, lane: number) => `${10 + i}.${lane}`;
  const loops = [
    loop((i) => ({
      route: 'wallet/change',
      body: { currency_id: 4, number: unique(i, 1), from_field: 'change', to_field: 'lever' },
    })),
    loop((i) => ({ route: 'user/Transfer', body: { number: unique(i, 2), from_currency_id: 4, to_currency_id: 1 } })),
    loop((i) => ({
      route: 'microtrade/submit',
      body: { match_id: 1, currency_id: 4, type: i % 2 ? 'up' : 'down', seconds: 30, number: String(10 + i) },
    })),
  ];
  await sleep(5_000);
  server.kill9();
  running = false;
  await Promise.all(loops);
  const acked = ops.filter((o) => o.acked?.type === 'ok');
  const seconds = acked
    .filter((o) => o.route === 'microtrade/submit')
    .map((o) => o.acked!.message as { id: number; expires_at: number });
  expect(acked.length).toBeGreaterThan(6);
  expect(seconds.length).toBeGreaterThan(1);

  // Stay down until every order has expired: they settle at the next start.
  await sleep(Math.max(0, Math.max(...seconds.map((s) => s.expires_at)) + 500 - Date.now()));
  const restartAt = Date.now();
  server = await startServer(base, env);

  // Every operation retried with its key: the acknowledged ones answer exactly as before.
  for (const op of ops) {
    op.retry = await api(op.route, op.body, { authorization: token, 'idempotency-key': op.key });
    if (op.acked?.type === 'ok') expect(op.retry, `${op.route} ${op.key}`).toEqual(op.acked);
    else expect(op.retry, `${op.route} ${op.key} (cut off by the kill)`).toMatchObject({ type: 'ok' });
  }
  // A cut-off order the retry placed anew expires later: only the ones placed before the kill count here.
  const placedAnew = ops.filter((o) => o.route === 'microtrade/submit' && o.acked?.type !== 'ok').length;
  for (let i = 0; i < 100; i++) {
    const pending = (await fetch(`${base}/api/microtrade/lists?status=pending&limit=100`, {
      headers: { authorization: token },
    }).then((r) => r.json())) as { message: { total: number } };
    if (pending.message.total <= placedAnew) break;
    await sleep(200);
  }
  await server.stop();
  server = undefined;

  const h = await openServerDb(db.url);
  try {
    // Each transfer / exchange once: one row per unique amount sent.
    for (const op of ops.filter((o) => o.route !== 'microtrade/submit')) {
      const table = op.route === 'wallet/change' ? 'fund_transfers' : 'exchanges';
      const n = (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE amount = ${String(op.body.number)}::numeric`.execute(
          h.db,
        )
      ).rows[0].n;
      expect(n, `${op.route} ${String(op.body.number)}`).toBe(1);
    }
    const orders = await h.db.selectFrom('seconds_orders').selectAll().execute();
    expect(orders.length).toBe(ops.filter((o) => o.route === 'microtrade/submit').length);
    let movedPastBuy = 0;
    for (const o of orders) {
      if (Number(o.expires_at) > restartAt) continue; // placed by a retry after the restart
      expect(o.status, `order ${o.id}`).toBe('settled');
      const last = await h.db
        .selectFrom('market_ticks')
        .select(['seq', 'price'])
        .where('symbol', '=', o.symbol)
        .where('seq', '>=', Number(o.buy_seq))
        .where('ts', '<=', Number(o.expires_at))
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow();
      expect({ id: o.id, seq: Number(o.end_seq), price: canonical(o.end_price ?? '') }).toEqual({
        id: o.id,
        seq: Number(last.seq),
        price: canonical(last.price),
      });
      if (Number(o.end_seq) > Number(o.buy_seq)) movedPastBuy++;
    }
    expect(movedPastBuy).toBeGreaterThan(0); // ticks received before the kill decided them
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  } finally {
    await h.close();
  }
}, 180_000);
