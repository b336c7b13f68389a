/** Favourite pairs (the "optional" list of the spec). */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { optionalRoutes } from './routes';

export const favouritesArea = defineArea('favourites', async (app) => {
  await app.register(optionalRoutes, { prefix: API_PREFIX });
});
