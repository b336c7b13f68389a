/**
 * The NFT job: one serial pass every RUN_EVERY_MS and once at start (timers that came due while
 * the server was down): auction ends, payment deadlines, seed reveals of ended box series. Every
 * unit is exactly-once by its row's state (settle.ts), so a restart anywhere just resumes.
 * app.nft carries the clock every NFT rule reads (`now`, replaceable in tests).
 */
import type { FastifyInstance } from 'fastify';
import { serialJob } from '../../plugins/serial-job';
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
  const pass = async (afterCommit?: AfterCommit) => {
    const now = jobs.now();
    const r = await settleDue(app.db, now, afterCommit);
    return { ...r, revealed: await revealEndedSeries(app.db, now) };
  };
  const job = serialJob(app, 'nft jobs', RUN_EVERY_MS, pass);
  const jobs: NftJobs = { now: Date.now, runOnce: job.run, pauseTimer: job.pauseTimer, stop: job.stop };
  job.start();
  return jobs;
}
