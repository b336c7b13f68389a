/**
 * Development tools for the local demo and the e2e journeys: the dev outbox reader and, with the
 * scripted feed, a tick at a chosen price. Mounted only when DEV_OUTBOX is on outside production.
 */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { devRoutes } from './routes';

export const devArea = defineArea('dev', async (app) => {
  if (app.config.devOutbox && !app.config.production) await app.register(devRoutes, { prefix: API_PREFIX });
});
