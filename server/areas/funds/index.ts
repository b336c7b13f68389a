/** Funds: balances, recharge, withdraw, transfer, exchange, vouchers, withdraw addresses and cards. */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { seedFunds } from '../../domain/funds/seed';
import { walletRoutes } from '../../http/routes/funds/wallets';
import { moneyRoutes } from '../../http/routes/funds/money';

export const fundsArea = defineArea('funds', async (app) => {
  // fees, minimums, fiat rates and level limits that need the seeded currencies
  app.startup.seed('funds', 'fees, minimums, fiat rates, level limits', () => seedFunds(app.db));
  await app.register(walletRoutes, { prefix: API_PREFIX });
  await app.register(moneyRoutes, { prefix: API_PREFIX });
});
