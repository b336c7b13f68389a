/**
 * The trading jobs as the engine leader's duty (cluster mode): app.trade is a stable object the
 * routes and other areas hold; while this node leads, it delegates to jobs started on a context
 * rebuilt from the database (books, resting orders, positions, pending seconds orders); on losing
 * the lease the jobs stop and wait for their work in flight, which the fence then refuses.
 */
import type { FastifyInstance } from 'fastify';
import { reloadTradeContext, type TradeContext } from '../domain';
import { startTradeJobs, type TradeJobs } from './index';

export function leaderTradeJobs(app: FastifyInstance, ctx: TradeContext): TradeJobs {
  let current: TradeJobs | undefined;
  app.leadership.duty({
    name: 'trade',
    async start() {
      await reloadTradeContext(ctx);
      current = await startTradeJobs(app, ctx, { closeHook: false });
    },
    async stop() {
      const jobs = current;
      current = undefined;
      await jobs?.stop();
      await ctx.locks.idle();
      // the new leader's orders reach this node's books as its mirror (server/scale/resting-mirror.ts)
      ctx.market.books.clearOrders();
    },
  });
  return {
    ctx,
    settleDueSeconds: () => current?.settleDueSeconds(),
    refreshBalances: async () => current?.refreshBalances(),
    chargeOvernight: async (nowMs) => (current ? current.chargeOvernight(nowMs) : 0),
    idle: async () => {
      await current?.idle();
      await ctx.locks.idle();
    },
    stop: async () => {
      await current?.stop();
    },
  };
}
