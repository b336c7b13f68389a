/**
 * kill -9 with money waiting on every new area's timers. A child process (server/testing/timers-child.ts)
 * runs the whole app on this file's database and leaves: an NFT auction whose end is pending and a won
 * auction whose one-day payment deadline is pending; an OTC order in its payment window (and a paid
 * one); loan hours accruing, a loan marked for liquidation at 1,650 (ETH) and a margin call sent, its pass
 * cut off mid-way; a game round locked with its settlement pending and the next round's lock pending.
 * Then SIGKILL. The server is built again on the same database with every rule clock past every
 * deadline, its durable jobs made due and its sweeps run alongside them (the two paths racing), and
 * each unit settles exactly once — from the recorded price where a price decides it: the liquidation
 * at its mark though the price has recovered, the rounds from the ticks recorded before the kill.
 */
import { spawn } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { buildApp, type BuiltApp } from '../app';
import { testConfig } from '../config';
import { checkJournalConsistency } from '../db/ledger';
import type { Database } from '../db/schema';
import { createTestDb } from '../testing/db';
import type { DbHandle } from '../db/connect';
import type { TestApp } from '../testing/app';
import { balance, prices } from '../testing/funds-kit';
import { tickAt } from '../testing/game-kit';
import { dueNow, eventually, jobKeys } from '../testing/jobs-kit';
import { HOUR, T0 } from '../testing/loans-kit';
import { NFT_RULES } from '../../core';

const USDT = 4;
const ETH = 2;
const MIN = 60_000;

interface ChildState {
  nft: { a: { id: number; code: string }; b: { id: number; code: string }; users: number[] };
  otc: { merchant: number; ad: number; unpaid: number; paid: number; takers: number[] };
  game: { r1: number; r2: number; players: number[] };
  loans: { ids: number[]; users: number[] };
}

let handle: DbHandle | undefined;
let built: BuiltApp | undefined;
afterAll(async () => {
  await built?.close();
  await handle?.close();
});

/** Runs the child until it spins inside its loan pass; returns what it set up, after the SIGKILL. */
async function runAndKill(h: DbHandle): Promise<ChildState> {
  const opts = (h.pool as unknown as { options: { connectionString: string; options?: string } }).options;
  const schema = /search_path=(\S+)/.exec(opts.options ?? '')?.[1] ?? '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/timers-child.ts'], {
    env: { ...process.env, TC_URL: opts.connectionString, TC_SCHEMA: schema, TC_KIND: h.kind },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let state: ChildState | undefined;
  let buf = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child did not reach its loan pass in 90 s: ${buf}`)), 90_000);
    child.stdout!.on('data', (b: Buffer) => {
      buf += b.toString();
      for (const line of buf.split('\n')) {
        if (line.startsWith('state ')) state = JSON.parse(line.slice(6)) as ChildState;
        if (line.startsWith('failed') || line.startsWith('pass finished')) {
          clearTimeout(timer);
          reject(new Error(line));
        }
        if (line === 'spinning') {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before the kill: ${buf}`)));
  });
  child.kill('SIGKILL');
  await exited;
  if (!state) throw new Error('no state from the child');
  return state;
}

const count = async (db: Kysely<Database>, q: RawBuilder<{ n: number }>) => (await q.execute(db)).rows[0].n;

it('kill -9 with NFT, OTC, loan and game timers pending: after the restart each settles exactly once, from the recorded price', async () => {
  handle = await createTestDb();
  const s = await runAndKill(handle);
  // a moment for the killed child's sessions to end (on a shared server others' sessions stay: 3 s at most)
  for (let i = 0; i < 30; i++) {
    const r = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`.execute(
      handle.db,
    );
    if (r.rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const lstat = async () =>
    (
      await handle!.db
        .selectFrom('loans')
        .select(['id', 'status'])
        .where('id', 'in', s.loans.ids)
        .orderBy('id')
        .execute()
    ).map((r) => r.status);
  expect(await lstat()).toEqual(['open', 'liquidating', 'open']); // the kill came between the mark and the sale

  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  built = await buildApp(config, { db: handle }); // its start-up sweeps run on the real clock, before T0: nothing due
  const app = built.app;
  const t = { ...built, handle, config } as TestApp;
  const r2 = await app.db.selectFrom('game_rounds').selectAll().where('id', '=', s.game.r2).executeTakeFirstOrThrow();
  // every deadline has passed: A's end and its winner's day, B's day, the OTC window, 26 loan hours, R2's close
  const clocks = {
    nft: T0 + 2 * HOUR + NFT_RULES.payWindowMs + MIN,
    otc: T0 + 16 * MIN,
    loans: T0 + 26 * HOUR + MIN,
    game: Number(r2.close_at),
  };
  app.nft.pauseTimer();
  app.nft.now = () => clocks.nft;
  app.otc.pauseTimer();
  app.otc.now = () => clocks.otc;
  app.loans.pauseTimer();
  app.loans.now = () => clocks.loans;
  app.game.now = () => clocks.game;
  // the price has recovered: the marked loan is still sold at its mark; R2 closes below its lock (down wins);
  // a later tick (after every close) decides nothing
  prices(t, { ETH: '2500' });
  tickAt(t, '205', Number(r2.close_at) - 500);
  tickAt(t, '999', Number(r2.close_at) + 5_000);
  await app.market.flush();

  // the durable jobs and the sweeps, at once
  const keys = [
    ...(await jobKeys(app.db, 'nft.')),
    ...(await jobKeys(app.db, 'otc.')),
    ...(await jobKeys(app.db, 'loan.')),
    ...(await jobKeys(app.db, 'game.')),
  ];
  expect(keys.length).toBeGreaterThanOrEqual(5);
  for (const key of keys) await dueNow(app.db, key);
  const passes = () => Promise.all([app.nft.runOnce(), app.otc.runOnce(), app.loans.runOnce(), app.game.runOnce()]);
  await Promise.all([passes(), passes()]);
  await passes(); // an NFT auction settled in this pass leaves its (due) deadline for the next
  await eventually(
    async () => (await jobKeys(app.db, 'nft.')).length === 0 && (await jobKeys(app.db, 'otc.')).length === 0,
  );

  // NFT: A settled once, then its winner's deadline forfeited once; B's forfeited once; every loser refunded once
  const orders = await app.db
    .selectFrom('nft_orders')
    .select(['item_id', 'buyer_id', 'status'])
    .where('item_id', 'in', [s.nft.a.id, s.nft.b.id])
    .orderBy('item_id')
    .execute();
  expect(orders).toEqual(
    [
      { item_id: s.nft.a.id, buyer_id: s.nft.users[1], status: 'expired' },
      { item_id: s.nft.b.id, buyer_id: s.nft.users[3], status: 'expired' },
    ].sort((x, y) => x.item_id - y.item_id),
  );
  for (const [i, uid] of s.nft.users.entries()) {
    const won = i % 2 === 1;
    const j = await sql<{
      reason: string;
      n: number;
    }>`SELECT reason, count(*)::int AS n FROM journal WHERE user_id = ${uid} AND reason LIKE 'nft_margin%' GROUP BY reason ORDER BY reason`.execute(
      app.db,
    );
    expect(Object.fromEntries(j.rows.map((r) => [r.reason, r.n])), `nft user ${i}`).toEqual(
      won ? { nft_margin: 1, nft_margin_forfeit: 1 } : { nft_margin: 1, nft_margin_refund: 1 },
    );
    expect(await balance(t, uid, USDT)).toEqual({ available: won ? '9990' : '10000', frozen: '0' });
  }

  // OTC: the unpaid order cancelled once at its window, its coin back on the ad; the paid one untouched
  const ostat = await app.db
    .selectFrom('otc_orders')
    .select(['id', 'status'])
    .where('id', 'in', [s.otc.unpaid, s.otc.paid])
    .orderBy('id')
    .execute();
  expect(ostat.map((o) => o.status)).toEqual(['cancelled', 'paid']);
  expect(
    await count(
      app.db,
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM otc_order_events WHERE order_id = ${s.otc.unpaid} AND kind = 'timeout'`,
    ),
  ).toBe(1);
  expect(await balance(t, s.otc.merchant, USDT)).toEqual({ available: '0', frozen: '200' });

  // loans: L2 liquidated once at its 1,650 mark; L3's margin call sent once; L1 and L3 charged each of their hours once
  await eventually(async () => (await lstat()).join() === 'open,liquidated,open');
  const liq = await sql<{
    n: number;
    price: string;
  }>`SELECT count(*)::int AS n, max(price)::text AS price FROM loan_events WHERE kind = 'liquidation' AND loan_id = ${s.loans.ids[1]}`.execute(
    app.db,
  );
  expect({ n: liq.rows[0].n, price: Number(liq.rows[0].price) }).toEqual({ n: 1, price: 1650 });
  expect(
    await count(
      app.db,
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM journal WHERE reason = 'loan_liquidation' AND ref_id = ${String(s.loans.ids[1])}`,
    ),
  ).toBe(1);
  expect(
    await count(
      app.db,
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM notices WHERE user_id = ${s.loans.users[2]} AND kind = 'loan_margin_call'`,
    ),
  ).toBe(1);
  const hours = await sql<{
    loan_id: number;
    n: number;
    d: number;
  }>`SELECT loan_id, count(*)::int AS n, count(DISTINCT hour)::int AS d FROM loan_events WHERE hour IS NOT NULL AND loan_id IN (${s.loans.ids[0]}, ${s.loans.ids[2]}) GROUP BY loan_id ORDER BY loan_id`.execute(
    app.db,
  );
  expect(hours.rows).toEqual([
    { loan_id: s.loans.ids[0], n: 26, d: 26 },
    { loan_id: s.loans.ids[2], n: 26, d: 26 },
  ]);
  // debt 3,000 + 2 % penalty: 3,060 / 1,650 = 1.85454545 ETH sold of the 2, the rest back (3 granted)
  expect(await balance(t, s.loans.users[1], ETH)).toEqual({ available: '1.14545455', frozen: '0' });

  // game: R1 settled once from its recorded ticks (200 → 210, up); R2 locked at the recorded 210, closed at 205 (down)
  await eventually(async () =>
    (await app.db.selectFrom('game_rounds').select('status').where('id', 'in', [s.game.r1, s.game.r2]).execute()).every(
      (r) => r.status === 'settled',
    ),
  );
  const rounds = await app.db
    .selectFrom('game_rounds')
    .select(['id', 'outcome', 'lock_price'])
    .where('id', 'in', [s.game.r1, s.game.r2])
    .orderBy('id')
    .execute();
  expect(rounds.map((r) => [r.outcome, Number(r.lock_price)])).toEqual([
    ['up', 200],
    ['down', 210],
  ]);
  const [ga, gb, gc] = s.game.players;
  expect(await balance(t, ga, USDT)).toEqual({ available: '1033.05', frozen: '0' });
  expect(await balance(t, gb, USDT)).toEqual({ available: '1042.75', frozen: '0' });
  expect(await balance(t, gc, USDT)).toEqual({ available: '920', frozen: '0' });
  expect(
    await count(
      app.db,
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM journal WHERE reason = 'game_payout' AND user_id IN (${ga}, ${gb}, ${gc})`,
    ),
  ).toBe(3);

  // nothing is left to do, and running again changes nothing
  const again = await passes();
  expect(again[0]).toMatchObject({ auctions: 0, expired: 0 });
  expect(again[1]).toBe(0);
  expect(again[2]).toMatchObject({ hours: 0, liquidated: 0 });
  expect(await checkJournalConsistency(app.db)).toEqual([]);
}, 180_000);
