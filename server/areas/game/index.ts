/**
 * The up/down mini game: rounds on the app's own feed, stakes through the ledger,
 * pari-mutuel payouts by core/game/pool.ts, settled exactly once by the job, and every settled
 * round recomputable (the verify screen; gameChecker in verify.ts for `npm run verify`).
 */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { startGameJobs } from './jobs';
import { gameRoutes } from './routes';
import { gameAdminRoutes } from './admin';

export const gameArea = defineArea('game', async (app) => {
  app.startup.start('game', async () => {
    app.decorate('game', startGameJobs(app));
  });
  await app.register(gameRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, gameAdminRoutes, '/game');
});
