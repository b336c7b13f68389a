/**
 * Crypto loans: borrow a coin against collateral with per-pair LTV levels, hourly
 * interest, repayment and collateral changes at any time, margin calls and liquidation by the job.
 * The arithmetic is core's (core/loans/math.ts), shared with the market worker and the page.
 */
import { defineArea, API_PREFIX, ADMIN_PREFIX } from '../../plugins/area';
import { startLoanJobs } from './jobs';
import { loanRoutes } from './routes';
import { loanAdminRoutes } from './admin';
import { seedLoanPairs } from './domain/pairs';

export const loansArea = defineArea('loans', async (app) => {
  app.startup.seed('loans', 'loan pairs', () => seedLoanPairs(app.db));
  app.startup.start('loans', async () => {
    app.decorate('loans', startLoanJobs(app));
  });
  await app.register(loanRoutes, { prefix: API_PREFIX });
  await app.register(loanAdminRoutes, { prefix: `${ADMIN_PREFIX}/loans` });
});
