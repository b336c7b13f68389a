/**
 * The game jobs. A round's lock and close are durable jobs enqueued with the round
 * (round-queue.ts, handlers in round-jobs.ts); after a lock the next round opens. One serial pass
 * at start (and on gaining the engine lease) settles what came due while the server was down,
 * opens a round when none takes stakes and gives every unfinished round its jobs; tests drive that
 * pass with runOnce. A round locks or settles only once the durable tick log is complete through
 * its instant (tick-ready.ts: flushed here in one process, the feed's mark in a cluster). Every tick of the game's pair is
 * kept (keepTicks), not only the newest of each batch. app.game carries the clock the game reads
 * (`now`, replaceable in tests). Once stopped, this process's handlers leave each round to a later
 * run (they move their job one round on) instead of acting.
 */
import type { FastifyInstance } from 'fastify';
import { serialJob } from '../../plugins/serial-job';
import { runRounds, type GameHook } from './domain/rounds';
import { gameRules, type GameRules } from './domain/rules';
import { lockRoundJob, scheduleOpenRounds, settleRoundJob, type RoundJobCtx } from './domain/round-jobs';
import { enqueueRoundJob, GAME_LOCK, GAME_SETTLE } from './domain/round-queue';
import { instantRecorded } from './domain/tick-ready';

export interface GameJobs {
  now: () => number;
  rules(): Promise<GameRules>;
  runOnce(hook?: GameHook): Promise<{ locked: number; settled: number; opened: boolean }>;
  pauseTimer(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    game: GameJobs;
  }
}

export function startGameJobs(app: FastifyInstance): GameJobs {
  let symbol = 'BTC/USDT';
  let stopped = false;
  app.market.keepTicks((s) => s === symbol);
  const currentRules = () => gameRules(app.db, app.config.gameRoundSeconds);
  const pass = async (hook?: GameHook) => {
    const rules = await currentRules();
    symbol = rules.symbol;
    const now = jobs.now();
    // asked only for a round that is due (one process: that flushes the tick log once per round)
    return runRounds(app.db, rules, now, hook, (instant) => instantRecorded(durableThrough, instant, now));
  };
  const durableThrough = (instantMs: number) => app.market.durableThrough(instantMs);
  const ctx: RoundJobCtx = { db: app.db, now: () => jobs.now(), rules: currentRules, durableThrough };
  const handler = (
    task: typeof GAME_LOCK | typeof GAME_SETTLE,
    run: (ctx: RoundJobCtx, id: number) => Promise<unknown>,
  ) =>
    app.jobQueue.task<{ id: number }>(task, async ({ id }) => {
      if (!stopped) return void (await run(ctx, id));
      const rules = await currentRules();
      await enqueueRoundJob(app.db, task, id, Date.now() + rules.roundMs, Date.now());
    });
  handler(GAME_LOCK, lockRoundJob);
  handler(GAME_SETTLE, settleRoundJob);
  const atStart = serialJob(app, 'game sweep', null, async (hook?: GameHook) => {
    const r = await pass(hook);
    await scheduleOpenRounds(app.db, jobs.now());
    return r;
  });
  const jobs: GameJobs = {
    now: Date.now,
    rules: currentRules,
    runOnce: atStart.run,
    pauseTimer: atStart.pauseTimer,
    stop: async () => {
      stopped = true;
      await atStart.stop();
    },
  };
  atStart.start();
  return jobs;
}
