/**
 * The NFT marketplace (issue 16): catalogue, fixed-price sales, auctions with margin and soft
 * close, verifiable blind boxes, resale with royalties. Everything of NFT lives in this folder
 * except its migration (db/migrations/014_nft.ts) and its wire types (core/types/nft.ts).
 */
import { defineArea, API_PREFIX, ADMIN_PREFIX } from '../../plugins/area';
import { startNftJobs } from './jobs';
import { nftRoutes } from './routes';
import { nftAdminRoutes } from './admin-routes';
import { seedNftDemo } from './seed';

export const nftArea = defineArea('nft', async (app) => {
  app.startup.seed('nft', 'demo artworks, auction and blind boxes', () => seedNftDemo(app.db, Date.now()), { demo: true });
  app.startup.start('nft', async () => {
    app.decorate('nft', startNftJobs(app));
  });
  await app.register(nftRoutes, { prefix: API_PREFIX });
  await app.register(nftAdminRoutes, { prefix: `${ADMIN_PREFIX}/nft` });
});
