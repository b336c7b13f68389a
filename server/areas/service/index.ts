/**
 * Customer service: conversations between a customer (or a guest) and the operators,
 * stored before they are delivered over the socket, caught up by message id after any reconnect.
 * Customer routes under /api/service, back office under /admin/api/service, the operators' live
 * room on the `/operators` socket namespace. A later OTC order chat is another conversation kind.
 */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { attachServiceLive } from './domain/live';
import type { ServiceDeps } from './domain/service';
import { serviceRoutes } from './routes';
import { serviceAdminRoutes } from './admin';
import { seedCanned } from './seed';
import type {} from './tables'; // the area's tables join Database there

export const serviceArea = defineArea('service', async (app) => {
  const deps: ServiceDeps = {
    db: app.db,
    live: attachServiceLive(app.io, app.db, app.log),
    notify: app.notify,
    publicUrl: app.config.publicUrl,
    log: app.log,
  };
  const get = () => deps;
  app.startup.seed('service', 'canned replies', () => seedCanned(app.db));
  await app.register(serviceRoutes(get), { prefix: API_PREFIX });
  await mountBackOffice(app, serviceAdminRoutes(get), '/service');
});
