/**
 * Trading: spot, lever (contracts) and seconds. The area seeds the per-pair settings, creates the
 * trading context (the service the routes and jobs act through) once the seeds are in, starts
 * the jobs, and decorates app.trade.
 */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { createTradeContext, seedTrade, SECONDS_SETTLE, settleSecondsJob } from './domain';
import { startTradeJobs } from './jobs';
import { tradeRoutes } from './routes';
import { setContractTerms } from '../../market';
import { spotFillRoutes } from './fill-routes';
import { registerTradeReplays } from './replays';
import { leaderTradeJobs } from './jobs/leader';

export const tradeArea = defineArea('trade', async (app) => {
  app.startup.seed('trade', 'pair settings, seconds configurations, liquidation line', () => seedTrade(app.db));
  app.startup.start('trade', async () => {
    const ctx = await createTradeContext(app.db, app.market);
    setContractTerms(app.market, (symbol) => ctx.settings.get(symbol));
    // the durable backstop of every option's expiry (domain/seconds-queue.ts); on the jobs role in a cluster
    app.jobQueue.task<{ id: number }>(SECONDS_SETTLE, async ({ id }) => void (await settleSecondsJob(ctx, id)));
    // cluster mode: only the engine leader runs them, on books rebuilt when it takes the lease
    app.decorate('trade', app.leadership.enabled ? leaderTradeJobs(app, ctx) : await startTradeJobs(app, ctx));
  });
  registerTradeReplays();
  await app.register(tradeRoutes, { prefix: API_PREFIX });
  await app.register(spotFillRoutes, { prefix: API_PREFIX });
});
