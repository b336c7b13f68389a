/**
 * The NFT job: one serial pass every RUN_EVERY_MS and once at start (timers that came due while
 * the server was down): auction ends, payment deadlines, seed reveals of ended box series. Every
 * unit is exactly-once by its row's state (settle.ts), so a restart anywhere just resumes.
 * app.nft carries the clock every NFT rule reads (`now`, replaceable in tests).
 */
import type { FastifyInstance } from 'fastify';
import { settleDue, type AfterCommit } from './settle';
import { revealEndedSeries } from './boxes';

export const RUN_EVERY_MS = 2000;

export interface NftJobs {
  now: () => number;
  runOnce(afterCommit?: AfterCommit): Promise<{ auctions: number; expired: number; revealed: number }>;
  pauseTimer(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    nft: NftJobs;
  }
}

export function startNftJobs(app: FastifyInstance): NftJobs {
  let chain: Promise<unknown> = Promise.resolve();
  const pass = async (afterCommit?: AfterCommit) => {
    const now = jobs.now();
    const r = await settleDue(app.db, now, afterCommit);
    return { ...r, revealed: await revealEndedSeries(app.db, now) };
  };
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const tick = () => void serial(() => pass()).catch((err: unknown) => app.log.error({ err }, 'nft jobs pass failed'));
  const timer = setInterval(tick, RUN_EVERY_MS);
  timer.unref();
  const jobs: NftJobs = {
    now: Date.now,
    runOnce: (afterCommit) => serial(() => pass(afterCommit)),
    pauseTimer: () => clearInterval(timer),
    async stop() {
      clearInterval(timer);
      await chain;
    },
  };
  tick();
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
