/** Copy trading: traders, follows, mirroring (jobs), the trader-application queue in the back office, the demo traders. */
import { defineArea, API_PREFIX, ADMIN_PREFIX } from '../../plugins/area';
import { seedDemoTraders } from '../../domain/copytrade';
import { startCopytradeJobs } from '../../jobs/copytrade';
import { copytradeRoutes } from '../../http/routes/copytrade';
import { copytradeAdminRoutes } from '../../http/routes/copytrade-admin';

export const copytradeArea = defineArea('copytrade', async (app) => {
  let demoTraders: number[] = [];
  // the demo traders trade on the live simulator only, never on the scripted test feed
  if (app.config.marketFeed !== 'scripted') {
    app.startup.seed('copytrade', 'demo traders', async () => void (demoTraders = await seedDemoTraders(app.db)), { demo: true });
  }
  app.startup.start('copytrade', async () => {
    app.decorate('copytrade', await startCopytradeJobs(app, demoTraders));
  });
  await app.register(copytradeRoutes, { prefix: API_PREFIX });
  await app.register(copytradeAdminRoutes, { prefix: `${ADMIN_PREFIX}/traders` });
});
