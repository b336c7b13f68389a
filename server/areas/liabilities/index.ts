/**
 * Proof of liabilities: every day (and when an operator asks) a snapshot of every user's balance
 * in every coin at one journal position is published as a Merkle-sum tree (core/liabilities):
 * the root carries the total owed per coin, each user can check their own leaf is in it, and
 * `npm run verify` checks every snapshot against the ledger replayed to its position.
 */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { liabilityRoutes } from './routes';
import { liabilityAdminRoutes } from './admin';
import { scheduleNextDaily, startLiabilityJobs } from './jobs';
import { takeSnapshot } from './domain';

export const liabilitiesArea = defineArea('liabilities', async (app) => {
  // the demo's first start publishes one at once, so the page has a snapshot to show
  app.startup.seed(
    'liabilities',
    'first snapshot',
    async () => void (await takeSnapshot(app.db, { kind: 'start', reason: 'first start' })),
    { demo: true },
  );
  app.startup.start('liabilities', async () => {
    startLiabilityJobs(app);
    await scheduleNextDaily(app.db, Date.now());
  });
  await app.register(liabilityRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, liabilityAdminRoutes, '/liabilities');
});
