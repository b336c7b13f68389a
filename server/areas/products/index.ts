/**
 * Financial products: dual investment, lock-up mining and IEO. They share one clock and one serial
 * job runner (jobs/), so they are one area with three route modules.
 */
import { defineArea, API_PREFIX, ADMIN_PREFIX } from '../../plugins/area';
import { seedLockConfigs } from './domain/lockming/seed';
import { seedIeoProjects } from './domain/ieo/seed';
import { ensureDualProducts } from './domain/dual/seed';
import { startProductJobs } from './jobs';
import { dualRoutes } from './routes/dual';
import { lockRoutes } from './routes/lockming';
import { ieoRoutes } from './routes/ieo';
import { adminIeoRoutes } from './admin-ieo';
import { registerProductReplays } from './replays';

export const productsArea = defineArea('products', async (app) => {
  app.startup.seed('products', 'lock-up configurations', () => seedLockConfigs(app.db));
  app.startup.seed('products', 'IEO projects', () => seedIeoProjects(app.db, Date.now()));
  app.startup.seed(
    'products',
    'dual products',
    async () => void (await ensureDualProducts(app.db, app.market, Date.now(), app.config.demoDualSeconds)),
  );
  app.startup.start('products', async () => {
    app.decorate('products', await startProductJobs(app));
  });
  // an order cut off by a crash after its commit answers the order it wrote
  registerProductReplays();
  await app.register(dualRoutes, { prefix: API_PREFIX });
  await app.register(lockRoutes, { prefix: API_PREFIX });
  await app.register(ieoRoutes, { prefix: API_PREFIX });
  await app.register(adminIeoRoutes, { prefix: `${ADMIN_PREFIX}/ieo` });
});
