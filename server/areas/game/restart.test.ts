/**
 * A crash in the middle of settling a round pays nobody twice and skips nobody: the settlement is
 * one transaction, so a crash after its first payout (before the commit) leaves no payout, and a
 * crash after the commit leaves nothing to do. The server is rebuilt on the same database and the
 * next pass finishes; every payout is in the journal exactly once.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../../app';
import { testConfig } from '../../config';
import { checkJournalConsistency } from '../../db/ledger';
import { createTestDb } from '../../testing/db';
import { balance } from '../../testing/funds-kit';
import { player, prepareGame, stake, tickAt, T0, USDT, ROUND_MS } from '../../testing/game-kit';
import { dueNow, eventually, jobByKey, jobKeys } from '../../testing/jobs-kit';
import { gameLockKey, gameSettleKey } from './domain/round-queue';
import { restartable } from '../../testing/restart-kit';
import type { TestApp } from '../../testing/app';

class Crash extends Error {}

it('a crash mid-settlement and after a settlement: every round settles exactly once after the restart', async () => {
  const handle = await createTestDb();
  const config = testConfig({
    rateLimits: {
      codesPerIpPerHour: 1000,
      codeIntervalSec: 0,
      loginPerIpPerMinute: 1000,
      globalPerIpPerMinute: 100_000,
    },
  });
  let built: BuiltApp = await buildApp(config, { db: handle });
  const clock = { now: T0 };
  const t = () => ({ ...built, handle, config }) as TestApp;
  await prepareGame(t(), clock);
  const restart = async () => {
    await built.close();
    built = await buildApp(config, { db: handle }); // its start-up pass runs on the real clock (before T0): nothing due
    await t().app.game.stop();
    t().app.game.now = () => clock.now;
  };

  // two rounds with stakes: R1 opens at T0; R2 opens at R1's lock
  await t().app.game.runOnce();
  const r1 = await t()
    .app.db.selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const [a, b, c] = [await player(t()), await player(t()), await player(t())];
  for (const [u, side, amt] of [
    [a, 'up', '10'],
    [b, 'up', '30'],
    [c, 'down', '60'],
  ] as const)
    expect((await stake(t(), u, r1.id, side, amt)).type).toBe('ok');
  tickAt(t(), '200', Number(r1.lock_at) - 500);
  clock.now = Number(r1.lock_at);
  await t().app.game.runOnce();
  const r2 = await t()
    .app.db.selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  for (const [u, side, amt] of [
    [a, 'down', '20'],
    [c, 'up', '20'],
  ] as const)
    expect((await stake(t(), u, r2.id, side, amt)).type).toBe('ok');
  tickAt(t(), '210', Number(r1.close_at) - 500); // R1 closes up; R2 locks at 210
  await t().app.market.flush();

  // crash in R1's settlement after its first payout, before the commit: nothing of it stays
  clock.now = Number(r1.close_at);
  await expect(
    t().app.game.runOnce((kind) => {
      if (kind === 'game_settle_mid') throw new Crash(kind);
    }),
  ).rejects.toBeInstanceOf(Crash);
  expect(await balance(t(), a.id, USDT)).toEqual({ available: '970', frozen: '0' });
  await restart();

  // R1 settles now; then a crash right after its commit (before R2's turn comes)
  tickAt(t(), '205', Number(r2.close_at) - 500); // R2 closes down
  await t().app.market.flush();
  await t().app.game.runOnce();
  const s1 = await t()
    .app.db.selectFrom('game_rounds')
    .select(['status', 'outcome', 'fee'])
    .where('id', '=', r1.id)
    .executeTakeFirstOrThrow();
  expect(s1).toMatchObject({ status: 'settled', outcome: 'up' });
  clock.now = Number(r2.close_at);
  await expect(
    t().app.game.runOnce((kind) => {
      if (kind === 'game_settle') throw new Crash(kind);
    }),
  ).rejects.toBeInstanceOf(Crash);
  await restart();
  await t().app.game.runOnce();
  await t().app.game.runOnce();

  // R1: pool 100, 97 shared 10:30 → a 24.25, b 72.75; R2: pool 40, a (down) gets 38.8: 1000 − 10 + 24.25 − 20 + 38.8
  expect(await balance(t(), a.id, USDT)).toEqual({ available: '1033.05', frozen: '0' });
  expect(await balance(t(), b.id, USDT)).toEqual({ available: '1042.75', frozen: '0' });
  expect(await balance(t(), c.id, USDT)).toEqual({ available: '920', frozen: '0' });
  const journal = await sql<{
    reason: string;
    n: number;
  }>`SELECT reason, count(*)::int AS n FROM journal WHERE reason LIKE 'game_%' GROUP BY reason ORDER BY reason`.execute(
    t().app.db,
  );
  expect(journal.rows).toEqual([
    { reason: 'game_payout', n: 3 },
    { reason: 'game_stake', n: 5 },
  ]);
  expect(await checkJournalConsistency(t().app.db)).toEqual([]);
  await built.close();
  await handle.close();
}, 120_000);

it("a round's lock and close are durable jobs from its opening: after a restart they lock it, open the next and settle it once", async () => {
  const server = await restartable();
  const app = server.app;
  const t = server.t;
  const clock = { now: T0 };
  // the game's clock is the test's, its jobs stay on (prepareGame would stop them)
  app().game.now = () => clock.now;
  await app().game.runOnce(); // after the start-up sweep on the real clock
  await app().db.deleteFrom('game_rounds').execute();
  await app()
    .db.insertInto('settings')
    .values({ key: 'game_round_seconds', value: String(ROUND_MS / 1000) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(ROUND_MS / 1000) }))
    .execute();

  await app().game.runOnce(); // R1 opens at T0
  const r1 = await app()
    .db.selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  expect([
    ...(await jobKeys(app().db, gameLockKey(r1.id))),
    ...(await jobKeys(app().db, gameSettleKey(r1.id))),
  ]).toEqual([gameLockKey(r1.id), gameSettleKey(r1.id)]);
  expect((await jobByKey(app().db, gameLockKey(r1.id)))!.run_at.getTime() - Date.now()).toBeGreaterThan(ROUND_MS / 2); // at its lock
  const [a, b] = [await player(t()), await player(t())];
  expect((await stake(t(), a, r1.id, 'up', '10')).type).toBe('ok');
  expect((await stake(t(), b, r1.id, 'down', '30')).type).toBe('ok');
  tickAt(t(), '200', Number(r1.lock_at) - 500);

  await server.restart(); // before its lock; its start-up sweep runs on the real clock, before T0: nothing due
  await app().game.runOnce();
  app().game.now = () => clock.now;

  clock.now = Number(r1.lock_at);
  await dueNow(app().db, gameLockKey(r1.id));
  const r2 = await eventually(async () =>
    app()
      .db.selectFrom('game_rounds')
      .selectAll()
      .where('status', '=', 'open')
      .where('id', '!=', r1.id)
      .executeTakeFirst(),
  );
  expect(Number(r2.open_at)).toBe(Number(r1.lock_at)); // the next round opened at the lock, with its own jobs
  expect(await jobKeys(app().db, `game.lock:${r2.id}`)).toEqual([gameLockKey(r2.id)]);
  const locked = await app().db.selectFrom('game_rounds').selectAll().where('id', '=', r1.id).executeTakeFirstOrThrow();
  expect({ status: locked.status, price: Number(locked.lock_price) }).toEqual({ status: 'locked', price: 200 });

  tickAt(t(), '210', Number(r1.close_at) - 500); // up wins
  clock.now = Number(r1.close_at);
  await dueNow(app().db, gameSettleKey(r1.id));
  await eventually(
    async () =>
      (await app().db.selectFrom('game_rounds').select('status').where('id', '=', r1.id).executeTakeFirstOrThrow())
        .status === 'settled',
  );
  await eventually(async () => !(await jobByKey(app().db, gameSettleKey(r1.id))));
  // pool 40, fee 3 %: a takes 38.8, once
  expect(await balance(t(), a.id, USDT)).toEqual({ available: '1028.8', frozen: '0' });
  expect(await balance(t(), b.id, USDT)).toEqual({ available: '970', frozen: '0' });
  expect((await app().game.runOnce()).settled).toBe(0);
  const payouts = await sql<{ n: number }>`SELECT count(*)::int AS n FROM journal WHERE reason = 'game_payout'`.execute(
    app().db,
  );
  expect(payouts.rows[0].n).toBe(1);
  expect(await checkJournalConsistency(app().db)).toEqual([]);
  await server.close();
}, 120_000);
