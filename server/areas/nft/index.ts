/**
 * The NFT marketplace: catalogue, fixed-price sales, auctions with margin and soft
 * close, verifiable blind boxes, resale with royalties. Everything of NFT lives in this folder
 * except its wire types (core/types/nft.ts); the platform's revenue account is the ledger's (db/platform.ts).
 */
import { defineArea, mountBackOffice, API_PREFIX } from '../../plugins/area';
import { startNftJobs } from './jobs';
import { nftRoutes } from './routes';
import { nftAdminRoutes } from './admin-routes';
import { seedNftDemo, seedNftMedia } from './domain/seed';

export const nftArea = defineArea('nft', async (app) => {
  app.startup.seed('nft', 'demo artworks, auction and blind boxes', () => seedNftDemo(app.db, Date.now()), {
    demo: true,
  });
  app.startup.seed('nft-media', 'demo sound and video works', () => seedNftMedia(app.db, Date.now()), { demo: true });
  app.startup.start('nft', async () => {
    app.decorate('nft', startNftJobs(app));
  });
  await app.register(nftRoutes, { prefix: API_PREFIX });
  await mountBackOffice(
    app,
    nftAdminRoutes(() => app.nft.now()),
    '/nft',
  );
});
