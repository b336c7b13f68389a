/**
 * The OTC timer: one serial pass every RUN_EVERY_MS and once at start (deadlines that passed while
 * the server was down) cancels each unpaid order past its payment deadline and returns its escrow,
 * exactly once (domain/orders.ts expireDue: the order row locked, its status checked, one final
 * event per order). app.otc carries the clock every OTC rule reads (`now`, replaceable in tests),
 * the context the routes use, and the after-commit delivery to both parties' socket rooms.
 */
import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENTS, type OtcSocketEvent } from '../../../core';
import { serialJob } from '../../plugins/serial-job';
import { expireDue, type AfterCommit } from './domain/orders';
import type { OtcCtx } from './domain/shared';

export const RUN_EVERY_MS = 1000;

export interface OtcJobs {
  now: () => number;
  ctx: OtcCtx;
  runOnce(afterCommit?: AfterCommit): Promise<number>;
  pauseTimer(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    otc: OtcJobs;
  }
}

export function startOtcJobs(app: FastifyInstance): OtcJobs {
  const ctx: OtcCtx = {
    db: app.db,
    prices: app.market,
    now: () => jobs.now(),
    push: (p) => {
      const e: OtcSocketEvent = { order_id: p.orderId, what: p.what };
      for (const u of new Set(p.userIds)) app.market.emitToUser(u, SOCKET_EVENTS.otc, e);
    },
  };
  const job = serialJob(app, 'otc jobs', RUN_EVERY_MS, (afterCommit?: AfterCommit) => expireDue(ctx, afterCommit));
  const jobs: OtcJobs = { now: Date.now, ctx, runOnce: job.run, pauseTimer: job.pauseTimer, stop: job.stop };
  job.start();
  return jobs;
}
