/**
 * Funds: balances, recharge, withdraw, transfer, exchange, vouchers, withdraw addresses and cards;
 * in the back office, the recharge and withdrawal queues, balance adjustments, coupons and settings.
 */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { seedFunds } from './domain/seed';
import { seedDemoDepositAddresses } from './domain/demo-deposits';
import { walletRoutes } from './routes/wallets';
import { moneyRoutes } from './routes/money';
import { fundsQueueRoutes } from './admin-queues';
import { fundsMoneyAdminRoutes } from './admin-money';
import { settingsAdminRoutes } from './admin-settings';

export const fundsArea = defineArea('funds', async (app) => {
  // fees, minimums, fiat rates and level limits that need the seeded currencies
  app.startup.seed('funds', 'fees, minimums, fiat rates, level limits', () => seedFunds(app.db));
  app.startup.seed('funds', 'demo deposit addresses', () => seedDemoDepositAddresses(app.db), { demo: true });
  await app.register(walletRoutes, { prefix: API_PREFIX });
  await app.register(moneyRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, fundsQueueRoutes);
  await mountBackOffice(app, fundsMoneyAdminRoutes);
  await mountBackOffice(app, settingsAdminRoutes);
});
