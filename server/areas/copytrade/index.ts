/** Copy trading: traders, follows, mirroring (jobs), the trader-application queue in the back office, the demo traders. */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { seedDemoTraders } from './domain';
import { startCopytradeJobs } from './jobs';
import { copytradeRoutes } from './routes';
import { copytradeAdminRoutes } from './admin';
import { followById } from './domain/follows';
import { registerReplay } from '../../http/idempotency-replay';

export const copytradeArea = defineArea('copytrade', async (app) => {
  let demoTraders: number[] = [];
  // the demo traders trade on the live simulator only, never on the scripted test feed
  if (app.config.marketFeed !== 'scripted') {
    app.startup.seed(
      'copytrade',
      'demo traders',
      async () =>
        void (demoTraders = await seedDemoTraders(app.db, app.log, Date.now(), {
          history: app.config.demoCopyHistory,
        })),
      { demo: true },
    );
  }
  app.startup.start('copytrade', async () => {
    app.decorate('copytrade', await startCopytradeJobs(app, demoTraders));
  });
  // a follow cut off by a crash after its commit answers the follow it wrote (http/idempotency-replay)
  registerReplay('follow/follow', (app, userId, ref) => followById(app.db, userId, Number(ref.id)));
  await app.register(copytradeRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, copytradeAdminRoutes, '/traders');
});
