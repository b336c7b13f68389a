/**
 * Crash and deploy tests: the real server as a child process under a load of money operations
 * (their group commits: transfers, exchanges, seconds options, contract opens).
 *  - kill -9 under a steady load, and a restart on the same data once every order has expired.
 *    Then: every acknowledged operation is present exactly once, every retry with the same
 *    Idempotency-Key answers the original result (or runs once when the first attempt never
 *    committed), every seconds option is settled by the last durable tick at or before its expiry,
 *    and the journal equals the balances.
 *  - a deploy: SIGTERM while requests are queued and in batches. Every request gets an answer or a
 *    connection refused (never a hang), the server exits 0 (its own clean stop, not the hard stop),
 *    nothing it committed went unanswered, and after the restart each retry answers as before.
 * Runs on the embedded PostgreSQL in the data dir, or on PostgreSQL (a fresh database) when
 * DATABASE_URL is set.
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
function openServerDb(url: string | undefined, dir = dataDir): Promise<DbHandle> {
  return openDatabase({ databaseUrl: url, dataDir: dir, poolMax: 2, role: 'tool' });
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

// ───── a deploy (SIGTERM) with batches in flight ─────

/** how a request sent across the deploy ended */
type Ended =
  | { kind: 'answer'; status: number; body: { type?: string; message?: unknown } }
  /** refused or reset before the server read it: the request never reached the app */
  | { kind: 'unreached'; code: string };

interface DeployOp {
  route: string;
  key: string;
  body: Record<string, unknown>;
  ended?: Ended;
  retry?: { type: string; message: unknown };
}

/** A request that must end: an answer, or a connection the server refused; a hang fails the test. */
async function send(op: DeployOp, token: string): Promise<Ended> {
  try {
    const r = await fetch(`${base}/api/${op.route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': op.key },
      body: JSON.stringify(op.body),
      signal: AbortSignal.timeout(30_000),
    });
    return { kind: 'answer', status: r.status, body: (await r.json()) as { type?: string; message?: unknown } };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    if ((err as Error).name === 'TimeoutError')
      throw new Error(`${op.route} ${op.key}: no answer in 30 s (a hang)`, { cause: err });
    return { kind: 'unreached', code: cause?.code ?? (err as Error).message };
  }
}

const isOk = (e: Ended | undefined) => e?.kind === 'answer' && e.body.type === 'ok';

/**
 * What a retry must answer: the stored answer; for a contract open, the same position (its replay
 * shows the position as it is now: profit and risk follow the price)
 */
function stored(op: DeployOp): unknown {
  const body = (op.ended as { body: { message?: unknown } }).body;
  if (op.route !== 'lever/submit') return body;
  const p = body.message as { id: number; price: string; share: string };
  return { ...body, message: expect.objectContaining({ id: p.id, price: p.price, share: p.share }) };
}

/** the money operations of the load: each a unique amount, so its rows can be counted */
const deployRoutes: ((i: number, k: number) => Omit<DeployOp, 'key'>)[] = [
  (i, k) => ({
    route: 'wallet/change',
    body: { currency_id: 4, number: `${1 + i}.${k}1`, from_field: 'change', to_field: 'lever' },
  }),
  (i, k) => ({ route: 'user/Transfer', body: { number: `${1 + i}.${k}2`, from_currency_id: 4, to_currency_id: 1 } }),
  (i, k) => ({
    route: 'microtrade/submit',
    body: { match_id: 1, currency_id: 4, type: i % 2 ? 'up' : 'down', seconds: 60, number: `${20 + i}.${k}3` },
  }),
  () => ({ route: 'lever/submit', body: { currency_id: 1, legal_id: 4, type: 'long', share: '1', multiple: 10 } }),
];

/** Loops of back-to-back requests on every route until the server is gone; SIGTERM after `loadMs`. */
async function loadAcrossDeploy(proc: ServerProc, token: string, loadMs: number) {
  const ops: DeployOp[] = [];
  let gone = false;
  const loop = async (make: (i: number, k: number) => Omit<DeployOp, 'key'>, k: number) => {
    for (let i = 0; !gone; i++) {
      const op: DeployOp = { ...make(i, k), key: `d-${randomBytes(6).toString('hex')}` };
      ops.push(op);
      op.ended = await send(op, token);
      if (op.ended.kind === 'unreached') gone = true;
    }
  };
  const loops = deployRoutes.flatMap((make) => [0, 1, 2, 3, 4].map((k) => loop(make, k)));
  await sleep(loadMs);
  const inFlight = ops.filter((o) => !o.ended).length;
  const exitCode = await proc.terminate();
  gone = true;
  await Promise.all(loops);
  return { ops, inFlight, exitCode };
}

it('a deploy (SIGTERM) with batches in flight: every request answered or refused, none half-written, retries answer as before', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-test-'));
  const fresh = await freshDatabaseUrl();
  const env = {
    PORT: String(PORT),
    DATA_DIR: dir,
    DATABASE_URL: fresh.url ?? '',
    MARKET_FEED: 'simulator',
    MARKET_BACKFILL: 'off',
    TICK_RATE: '50',
    DEMO_USER: 'on',
    DEMO_COPY_HISTORY: 'off',
    LOG_LEVEL: 'warn',
    // 20 loops from one IP, flat out: the per-IP limit must not be what answers them
    RATE_LIMIT_PER_MINUTE: '1000000',
  };
  let proc: ServerProc | undefined = await startServer(base, env);
  try {
    const token = (await api('user/login', { user_string: DEMO_EMAIL, password: DEMO_PASSWORD })).message as string;
    const { ops, inFlight, exitCode } = await loadAcrossDeploy(proc, token, 3_000);
    proc = undefined;
    // its own clean stop (the hard stop after 10 s exits 1), with requests in flight when signalled
    expect(exitCode).toBe(0);
    expect(inFlight).toBeGreaterThan(0);
    for (const route of ['wallet/change', 'user/Transfer', 'microtrade/submit', 'lever/submit'])
      expect(ops.filter((o) => o.route === route && isOk(o.ended)).length, route).toBeGreaterThan(0);
    // an answer is the app's (ok or a refusal) or the closing server's 503: never a 500 of a closed pool
    for (const o of ops)
      if (o.ended?.kind === 'answer')
        expect([200, 503], `${o.route} ${JSON.stringify(o.ended.body)}`).toContain(o.ended.status);
    await checkDeployRows(ops, fresh.url, dir, 'before');
    proc = await startServer(base, env);
    for (const op of ops) {
      op.retry = await api(op.route, op.body, { authorization: token, 'idempotency-key': op.key });
      if (isOk(op.ended)) expect(op.retry, `${op.route} ${op.key}`).toEqual(stored(op));
    }
    await proc.stop();
    proc = undefined;
    await checkDeployRows(ops, fresh.url, dir, 'after');
  } finally {
    await proc?.stop();
    await fresh.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

/**
 * The rows the load left: before the restart exactly the operations answered ok (the drain lost no
 * answer to a commit, and wrote nothing it did not answer); after the retries every operation whose
 * final answer is ok, once. The journal equals the balances each time.
 */
async function checkDeployRows(ops: DeployOp[], url: string | undefined, dir: string, when: 'before' | 'after') {
  const done = (o: DeployOp) => (when === 'before' ? isOk(o.ended) : o.retry?.type === 'ok');
  const h = await openServerDb(url, dir);
  try {
    const tables = { 'wallet/change': 'fund_transfers', 'user/Transfer': 'exchanges' } as const;
    for (const o of ops.filter((x) => x.route in tables)) {
      const table = tables[o.route as keyof typeof tables];
      const { n } = (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}
          WHERE amount = ${String(o.body.number)}::numeric`.execute(h.db)
      ).rows[0];
      expect(n, `${when}: ${o.route} ${String(o.body.number)}`).toBe(done(o) ? 1 : 0);
    }
    const count = async (table: 'seconds_orders' | 'lever_orders') =>
      Number(
        (
          await h.db
            .selectFrom(table)
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('seconds_orders'), when).toBe(
      ops.filter((o) => o.route === 'microtrade/submit' && done(o)).length,
    );
    expect(await count('lever_orders'), when).toBe(ops.filter((o) => o.route === 'lever/submit' && done(o)).length);
    expect(await checkJournalConsistency(h.db)).toEqual([]);
  } finally {
    await h.close();
  }
}
