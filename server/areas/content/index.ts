/** Content: the instrument catalogue, site settings, news, pages and menu (seeded), and their /api routes. */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { seed } from '../../db/seed';
import { contentRoutes } from './routes';

export const contentArea = defineArea('content', async (app) => {
  app.startup.seed('content', 'catalogue, settings, news, pages, menu, demo inviter', () => seed(app.db));
  await app.register(contentRoutes, { prefix: API_PREFIX });
});
