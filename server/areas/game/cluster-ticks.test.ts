/**
 * A game round in a cluster: the feed process writes the durable tick log, the jobs
 * process settles rounds from it. A settle job running at the close instant, while the feed still
 * holds its last ticks before the close in memory, must not settle on an older durable tick: it
 * waits until the feed's mark says the log is complete through the instant, then reads the tick at
 * the instant exactly as a restart would. A feed that never gets there (down) leaves the round to
 * the restart rule once TICK_WAIT_MS has passed. Here the two processes are two markets on one
 * database: the feed's (scripted ticks, its log written when the test flushes it) and a relaying
 * one (read-only, as every non-feed process of a cluster).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMarket, ScriptedFeed, type MarketService } from '../../market';
import { balance } from '../../testing/funds-kit';
import { gameKit, player, stake, SYMBOL, USDT, type GameKit } from '../../testing/game-kit';
import { lockRoundJob, settleRoundJob, type RoundJobCtx } from './domain/round-jobs';
import { DEFAULT_ROUND_SECONDS, gameRules } from './domain/rules';
import { TICK_WAIT_MS } from './domain/tick-ready';

let k: GameKit;
let feedMarket: MarketService;
let relayMarket: MarketService;
let feed: ScriptedFeed;
let ctx: RoundJobCtx;

beforeAll(async () => {
  k = await gameKit();
  const db = k.t.app.db;
  const now = () => k.clock.now;
  const config = { feed: 'scripted' as const, tickRate: 0, seed: 1, backfill: false, tickLogMs: 3_600_000 };
  feed = new ScriptedFeed({ now });
  // the feed process: its tick log is written only when the test flushes it (a beat of the feed)
  feedMarket = await createMarket({ db, config: { ...config, tickLogMark: true }, feed, now });
  feedMarket.keepTicks(() => true);
  relayMarket = await createMarket({ db, config, feed: new ScriptedFeed({ now }), now, readOnly: true });
  ctx = {
    db,
    now,
    rules: () => gameRules(db, DEFAULT_ROUND_SECONDS),
    durableThrough: (instant) => relayMarket.durableThrough(instant),
  };
});
afterAll(async () => {
  await relayMarket?.close();
  await feedMarket?.close();
  await k?.close();
});

const round = (id: number) =>
  k.t.app.db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Opens a round with an up and a down stake, locked at `lockPrice` (the feed wrote it, marked past the lock). */
async function lockedRound(lockPrice: string) {
  await k.t.app.game.runOnce();
  const r = await k.t.app.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const [up, down] = [await player(k.t), await player(k.t)];
  expect((await stake(k.t, up, r.id, 'up', '10')).type).toBe('ok');
  expect((await stake(k.t, down, r.id, 'down', '10')).type).toBe('ok');
  feed.push(SYMBOL, lockPrice, '1', Number(r.lock_at) - 1000);
  k.clock.now = Number(r.lock_at) + 10;
  await feedMarket.flush();
  expect(await lockRoundJob(ctx, r.id)).toBe('done');
  expect((await round(r.id)).lock_price).toBe(lockPrice);
  return { r, up, down };
}

it('a settle job at the close waits for the feed to write the ticks before the close, then settles on the tick at the instant', async () => {
  const { r, up, down } = await lockedRound('100');
  const closeAt = Number(r.close_at);
  // the feed's log is on record through 1.5 s before the close (price 99: down)…
  feed.push(SYMBOL, '99', '1', closeAt - 2000);
  k.clock.now = closeAt - 1500;
  await feedMarket.flush();
  // …and its tick 100 ms before the close (101: up) is still in its memory when the job runs
  feed.push(SYMBOL, '101', '1', closeAt - 100);
  k.clock.now = closeAt;
  expect(await settleRoundJob(ctx, r.id)).toBe('early');
  expect((await round(r.id)).status).toBe('locked');

  // the feed's next beat: the log is complete through the close
  k.clock.now = closeAt + 50;
  await feedMarket.flush();
  expect(await settleRoundJob(ctx, r.id)).toBe('done');
  const settled = await round(r.id);
  expect({
    status: settled.status,
    outcome: settled.outcome,
    close: settled.close_price,
    ts: Number(settled.close_ts),
  }).toEqual({ status: 'settled', outcome: 'up', close: '101', ts: closeAt - 100 });
  // pool 20, fee 3 %: the up stake takes 19.4
  expect(await balance(k.t, up.id, USDT)).toEqual({ available: '1009.4', frozen: '0' });
  expect(await balance(k.t, down.id, USDT)).toEqual({ available: '990', frozen: '0' });
});

it('a feed that never writes past the close: after TICK_WAIT_MS the round settles on the durable tick, as a restart would', async () => {
  const { r } = await lockedRound('100');
  const closeAt = Number(r.close_at);
  feed.push(SYMBOL, '98', '1', closeAt - 3000);
  k.clock.now = closeAt - 2000;
  await feedMarket.flush();
  // the feed dies with this tick in memory: it never happened as far as outcomes go
  feed.push(SYMBOL, '103', '1', closeAt - 100);
  k.clock.now = closeAt + TICK_WAIT_MS - 1;
  expect(await settleRoundJob(ctx, r.id)).toBe('early');
  k.clock.now = closeAt + TICK_WAIT_MS;
  expect(await settleRoundJob(ctx, r.id)).toBe('done');
  const settled = await round(r.id);
  expect({ outcome: settled.outcome, close: settled.close_price }).toEqual({ outcome: 'down', close: '98' });
});
