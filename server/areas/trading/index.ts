/**
 * Trading: spot, lever (contracts) and seconds. The area seeds the per-pair settings, creates the
 * trading context (the service the routes and jobs act through) once the seeds are in, starts
 * the jobs, and decorates app.trading.
 */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { createTradingContext, seedTrading } from '../../domain/trading';
import { startTradingJobs } from '../../jobs';
import { tradingRoutes } from '../../http/routes/trading';
import { setContractTerms } from '../../market';
import { spotFillRoutes } from './fill-routes';

export const tradingArea = defineArea('trading', async (app) => {
  app.startup.seed('trading', 'pair settings, seconds configurations, liquidation line', () => seedTrading(app.db));
  app.startup.start('trading', async () => {
    const ctx = await createTradingContext(app.db, app.market);
    setContractTerms(app.market, (symbol) => ctx.settings.get(symbol));
    app.decorate('trading', await startTradingJobs(app, ctx));
  });
  await app.register(tradingRoutes, { prefix: API_PREFIX });
  await app.register(spotFillRoutes, { prefix: API_PREFIX });
});
