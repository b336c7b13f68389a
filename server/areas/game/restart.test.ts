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
import { player, prepareGame, stake, tickAt, T0, USDT } from '../../testing/game-kit';
import type { TestApp } from '../../testing/app';

class Crash extends Error {}

it('a crash mid-settlement and after a settlement: every round settles exactly once after the restart', async () => {
  const handle = await createTestDb();
  const config = testConfig({ rateLimits: { codesPerIpPerHour: 1000, codeIntervalSec: 0, loginPerIpPerMinute: 1000, globalPerIpPerMinute: 100_000 } });
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
  const r1 = await t().app.db.selectFrom('game_rounds').selectAll().where('status', '=', 'open').executeTakeFirstOrThrow();
  const [a, b, c] = [await player(t()), await player(t()), await player(t())];
  for (const [u, side, amt] of [[a, 'up', '10'], [b, 'up', '30'], [c, 'down', '60']] as const) expect((await stake(t(), u, r1.id, side, amt)).type).toBe('ok');
  tickAt(t(), '200', Number(r1.lock_at) - 500);
  clock.now = Number(r1.lock_at);
  await t().app.game.runOnce();
  const r2 = await t().app.db.selectFrom('game_rounds').selectAll().where('status', '=', 'open').executeTakeFirstOrThrow();
  for (const [u, side, amt] of [[a, 'down', '20'], [c, 'up', '20']] as const) expect((await stake(t(), u, r2.id, side, amt)).type).toBe('ok');
  tickAt(t(), '210', Number(r1.close_at) - 500); // R1 closes up; R2 locks at 210
  await t().app.market.flush();

  // crash in R1's settlement after its first payout, before the commit: nothing of it stays
  clock.now = Number(r1.close_at);
  await expect(t().app.game.runOnce((kind) => { if (kind === 'game_settle_mid') throw new Crash(kind); })).rejects.toBeInstanceOf(Crash);
  expect(await balance(t(), a.id, USDT)).toEqual({ available: '970', frozen: '0' });
  await restart();

  // R1 settles now; then a crash right after its commit (before R2's turn comes)
  tickAt(t(), '205', Number(r2.close_at) - 500); // R2 closes down
  await t().app.market.flush();
  await t().app.game.runOnce();
  const s1 = await t().app.db.selectFrom('game_rounds').select(['status', 'outcome', 'fee']).where('id', '=', r1.id).executeTakeFirstOrThrow();
  expect(s1).toMatchObject({ status: 'settled', outcome: 'up' });
  clock.now = Number(r2.close_at);
  await expect(t().app.game.runOnce((kind) => { if (kind === 'game_settle') throw new Crash(kind); })).rejects.toBeInstanceOf(Crash);
  await restart();
  await t().app.game.runOnce();
  await t().app.game.runOnce();

  // R1: pool 100, 97 shared 10:30 → a 24.25, b 72.75; R2: pool 40, a (down) gets 38.8: 1000 − 10 + 24.25 − 20 + 38.8
  expect(await balance(t(), a.id, USDT)).toEqual({ available: '1033.05', frozen: '0' });
  expect(await balance(t(), b.id, USDT)).toEqual({ available: '1042.75', frozen: '0' });
  expect(await balance(t(), c.id, USDT)).toEqual({ available: '920', frozen: '0' });
  const journal = await sql<{ reason: string; n: number }>`SELECT reason, count(*)::int AS n FROM journal WHERE reason LIKE 'game_%' GROUP BY reason ORDER BY reason`.execute(t().app.db);
  expect(journal.rows).toEqual([
    { reason: 'game_payout', n: 3 },
    { reason: 'game_stake', n: 5 },
  ]);
  expect(await checkJournalConsistency(t().app.db)).toEqual([]);
  await built.close();
  await handle.close();
}, 120_000);
