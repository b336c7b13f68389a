/**
 * Copy-trading jobs, started by the copy-trading area (server/areas/copytrade) after the trading jobs:
 * - mirroring: the lever engine's position hook (onPositionChange) queues, right after the
 *   trader's transaction commits, the opening or closing of every follower's copy (well within a
 *   second); each follower in their own transaction;
 * - sweep (every 5 s and at start): the backstop for events lost to a crash (see reconcile);
 * - trader figures: recomputed at start and every hour (spec §9);
 * - the local demo's traders (seeded by the area's demo step): a driver opens and closes their
 *   positions every 30 s or so.
 * The area decorates app.copytrade with what this returns, for the routes and tests.
 */
import type { FastifyInstance } from 'fastify';
import { onPositionChange } from '../trade/domain';
import {
  demoDriver,
  followerPositionClosed,
  mirrorClosed,
  mirrorOpened,
  reconcile,
  recomputeTraderStats,
} from './domain';
import { WorkQueue } from '../../plugins/work-queue';
import { leading } from '../../plugins/serial-job';

export interface CopytradeJobs {
  /** recomputes every trader's figures now (the hourly job) */
  recomputeStats(): Promise<number>;
  /** runs the backstop sweep now */
  sweep(): Promise<void>;
  /** resolves when every mirror queued so far (and the trades it caused) has finished */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    copytrade: CopytradeJobs;
  }
}

const HOUR_MS = 3_600_000;

/** demoTraderIds: the seeded demo traders to drive (none when demo data are off) */
export async function startCopytradeJobs(app: FastifyInstance, demoTraderIds: number[]): Promise<CopytradeJobs> {
  const ctx = app.trade.ctx;
  const queue = new WorkQueue(app.log);
  const timers: NodeJS.Timeout[] = [];

  const unsubscribe = onPositionChange(ctx, ({ kind, row }) => {
    if (kind === 'opened') {
      if (!row.copied) queue.add(`copy-open:${row.id}`, () => mirrorOpened(ctx, row));
    } else {
      queue.add(`copy-close:${row.id}`, async () => {
        await mirrorClosed(ctx, row.id);
        await followerPositionClosed(ctx, row.id);
      });
    }
  });
  const recomputeStats = () => recomputeTraderStats(app.db, new Date(ctx.now()));
  const sweep = () => reconcile(ctx);

  // cluster mode: the timers' work is the engine leader's (the hook above fires only there)
  const add = (key: string, fn: () => Promise<unknown>) => {
    if (leading(app)) queue.add(key, fn);
  };
  if (demoTraderIds.length) {
    const step = demoDriver(ctx, demoTraderIds);
    timers.push(setInterval(() => add('copy-demo', step), 30_000));
  }
  const catchUp = () => {
    add('copy-stats', recomputeStats);
    add('copy-sweep', sweep);
  };
  catchUp();
  app.leadership.onGain(catchUp);
  timers.push(setInterval(() => add('copy-stats', recomputeStats), HOUR_MS));
  timers.push(setInterval(() => add('copy-sweep', sweep), 5_000));
  for (const t of timers) t.unref();

  let stopped = false;
  const jobs: CopytradeJobs = {
    recomputeStats,
    sweep,
    async idle() {
      // a trade can queue a mirror, whose trades queue more hook calls: wait until all are quiet
      for (let i = 0; i < 4; i++) {
        await queue.idle();
        await app.trade.idle();
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      for (const t of timers) clearInterval(t);
      await queue.idle();
    },
  };
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
