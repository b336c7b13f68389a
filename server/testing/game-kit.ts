/** Test helpers for the up/down game: a clock-controlled app with short rounds, funded players, ticks at chosen instants. */
import { createTestApp, type TestApp } from './app';
import { call, user, type TestUser } from './funds-kit';
import { credit } from '../db/ledger';
import { inTransaction } from '../db/tx';
import { ScriptedFeed } from '../market/feed/scripted';

export const USDT = 4;
export const T0 = Date.UTC(2030, 0, 1, 12);
export const ROUND_MS = 60_000;
export const SYMBOL = 'BTC/USDT';

export interface GameKit {
  t: TestApp;
  clock: { now: number };
  close(): Promise<void>;
}

/** Stops the app's own game timer (the clock is the test's), drops the round its start-up pass opened, sets 60 s rounds. */
export async function prepareGame(t: TestApp, clock: { now: number }): Promise<void> {
  await t.app.game.stop();
  t.app.game.now = () => clock.now;
  await t.app.db.deleteFrom('game_rounds').execute();
  await t.app.db
    .insertInto('settings')
    .values({ key: 'game_round_seconds', value: String(ROUND_MS / 1000) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(ROUND_MS / 1000) }))
    .execute();
}

export async function gameKit(): Promise<GameKit> {
  const t = await createTestApp();
  const clock = { now: T0 };
  await prepareGame(t, clock);
  return { t, clock, close: () => t.close() };
}

export async function player(t: TestApp, amount = '1000', opts: { level?: number } = {}): Promise<TestUser> {
  const u = await user(t, opts);
  if (amount !== '0')
    await inTransaction(t.app.db, (trx) =>
      credit(trx, { userId: u.id, currencyId: USDT, type: 2, amount, reason: 'test_grant' }),
    );
  return u;
}

/** A feed tick of the game's pair at an exact instant. */
export function tickAt(t: TestApp, price: string, ts: number): void {
  const feed = t.app.market.feed;
  if (!(feed instanceof ScriptedFeed)) throw new Error('expected the scripted feed');
  feed.push(SYMBOL, price, '1', ts);
}

export const stake = (t: TestApp, u: TestUser, roundId: number, side: 'up' | 'down', amount: string) =>
  call(t, 'POST', '/api/game/stake', u.token, { round_id: roundId, side, amount });

/** Plays a round from open to settled: stakes, a lock tick just before the lock, a close tick just before the close. */
export async function playRound(
  k: GameKit,
  stakes: [TestUser, 'up' | 'down', string][],
  lockPrice: string,
  closePrice: string,
): Promise<number> {
  await k.t.app.game.runOnce();
  const round = await k.t.app.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const lockAt = Number(round.lock_at);
  for (const [u, side, amount] of stakes) {
    const r = await stake(k.t, u, round.id, side, amount);
    if (r.type !== 'ok') throw new Error(`stake refused: ${JSON.stringify(r)}`);
  }
  tickAt(k.t, lockPrice, lockAt - 1000);
  k.clock.now = lockAt;
  await k.t.app.game.runOnce();
  tickAt(k.t, closePrice, Number(round.close_at) - 1000);
  k.clock.now = Number(round.close_at);
  await k.t.app.game.runOnce();
  return round.id;
}
