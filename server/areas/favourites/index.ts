/** Favourite pairs (the "optional" list of the spec). */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { optionalRoutes } from '../../http/routes/optional';

export const favouritesArea = defineArea('favourites', async (app) => {
  await app.register(optionalRoutes, { prefix: API_PREFIX });
});
