/**
 * Trading: spot, lever (contracts) and seconds. The area seeds the per-pair settings, creates the
 * trading context (the service the routes and jobs act through) once the seeds are in, starts
 * the jobs, and decorates app.trading.
 */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { createTradingContext, seedTrading, SECONDS_SETTLE, settleSecondsJob } from './domain';
import { startTradingJobs } from './jobs';
import { tradingRoutes } from './routes';
import { setContractTerms } from '../../market';
import { spotFillRoutes } from './fill-routes';
import { registerTradingReplays } from './replays';
import { leaderTradingJobs } from './jobs/leader';

export const tradingArea = defineArea('trading', async (app) => {
  app.startup.seed('trading', 'pair settings, seconds configurations, liquidation line', () => seedTrading(app.db));
  app.startup.start('trading', async () => {
    const ctx = await createTradingContext(app.db, app.market);
    setContractTerms(app.market, (symbol) => ctx.settings.get(symbol));
    // the durable backstop of every option's expiry (domain/seconds-queue.ts); on the jobs role in a cluster
    app.jobQueue.task<{ id: number }>(SECONDS_SETTLE, async ({ id }) => void (await settleSecondsJob(ctx, id)));
    // cluster mode: only the engine leader runs them, on books rebuilt when it takes the lease
    app.decorate('trading', app.leadership.enabled ? leaderTradingJobs(app, ctx) : await startTradingJobs(app, ctx));
  });
  registerTradingReplays();
  await app.register(tradingRoutes, { prefix: API_PREFIX });
  await app.register(spotFillRoutes, { prefix: API_PREFIX });
});
