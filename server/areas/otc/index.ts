/**
 * P2P (OTC) trading and quick buy: merchants approved in the back office post ads; an
 * order freezes the seller's coin in escrow, the buyer pays outside the app and marks it paid with
 * proof, the seller releases with the payment password; unpaid orders are cancelled at their
 * deadline; appeals are decided in the back office. Quick buy quotes the best ad for ~10 s.
 * The arithmetic is core's (core/otc/math.ts).
 */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { startOtcJobs } from './jobs';
import { otcRoutes } from './routes';
import { otcAdminRoutes } from './admin';
import { registerOtcReplays } from './replays';

export const otcArea = defineArea('otc', async (app) => {
  app.startup.start('otc', async () => {
    app.decorate('otc', startOtcJobs(app));
  });
  // an answer cut off by a crash after its step's commit answers the order it opened or ended
  registerOtcReplays();
  await app.register(otcRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, otcAdminRoutes, '/otc');
});
