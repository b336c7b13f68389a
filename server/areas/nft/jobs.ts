/**
 * The NFT timers. An auction's end and a won order's payment deadline are durable jobs:
 * enqueued in the transaction that opens, extends or wins the auction (settle.ts
 * scheduleAuctionEnd / the pay deadline), keyed per item and per order, retried with backoff; each
 * settles its unit exactly once by the row's state under lock (settle.ts), and a job that comes
 * early (an extended end) moves itself. One sweep at start covers rows from before the queue
 * existed (they have no job); tests drive it with runOnce. Seed reveals of ended box series stay a
 * serial pass every RUN_EVERY_MS. app.nft carries the clock every NFT rule reads (`now`,
 * replaceable in tests) and the after-commit delivery of the auction notices (notices.ts) that
 * the bids and the settlements use.
 */
import type { FastifyInstance } from 'fastify';
import { serialJob } from '../../plugins/serial-job';
import {
  expireOrder,
  NFT_AUCTION_END,
  NFT_PAY_DEADLINE,
  settleAuction,
  settleDue,
  type AfterCommit,
} from './domain/settle';
import { revealEndedSeries } from './domain/boxes';
import { nftDeliverer, type NftNotify } from './notices';

const RUN_EVERY_MS = 2000;

export interface NftJobs {
  now: () => number;
  /** after commit: each auction notice live on the reader's socket and by email */
  notify: NftNotify;
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
  const notify = nftDeliverer(app);
  const sweep = async (afterCommit?: AfterCommit) => {
    const now = jobs.now();
    const r = await settleDue(app.db, now, notify, afterCommit);
    return { ...r, revealed: await revealEndedSeries(app.db, now) };
  };
  app.jobQueue.task<{ id: number }>(
    NFT_AUCTION_END,
    async ({ id }) => void (await settleAuction(app.db, id, jobs.now(), notify)),
  );
  app.jobQueue.task<{ id: number }>(
    NFT_PAY_DEADLINE,
    async ({ id }) => void (await expireOrder(app.db, id, jobs.now())),
  );
  const atStart = serialJob(app, 'nft sweep', null, sweep);
  const reveals = serialJob(app, 'nft reveals', RUN_EVERY_MS, () => revealEndedSeries(app.db, jobs.now()));
  const jobs: NftJobs = {
    now: Date.now,
    notify,
    runOnce: atStart.run,
    pauseTimer: () => reveals.pauseTimer(),
    stop: async () => {
      await reveals.stop();
      await atStart.stop();
    },
  };
  atStart.start();
  reveals.start();
  return jobs;
}
