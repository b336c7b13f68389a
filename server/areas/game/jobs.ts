/**
 * The game job: one serial pass every RUN_EVERY_MS and once at start (rounds that came due while
 * the server was down). Before a pass that locks or settles, the tick log is flushed so every tick
 * up to now is durable (a round reads its ticks from market_ticks). Every tick of the game's pair
 * is kept (keepTicks), not only the newest of each batch. app.game carries the clock the game
 * reads (`now`, replaceable in tests).
 */
import type { FastifyInstance } from 'fastify';
import { serialJob } from '../../plugins/serial-job';
import { anyDue, runRounds, type GameHook } from './rounds';
import { gameRules, type GameRules } from './rules';

export const RUN_EVERY_MS = 500;

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
  app.market.keepTicks((s) => s === symbol);
  const pass = async (hook?: GameHook) => {
    const rules = await gameRules(app.db);
    symbol = rules.symbol;
    const now = jobs.now();
    if (await anyDue(app.db, now)) await app.market.flush();
    return runRounds(app.db, rules, now, hook);
  };
  const job = serialJob(app, 'game jobs', RUN_EVERY_MS, pass);
  const jobs: GameJobs = { now: Date.now, rules: () => gameRules(app.db), runOnce: job.run, pauseTimer: job.pauseTimer, stop: job.stop };
  job.start();
  return jobs;
}
