/** Security: payment password, authenticator, bindings, sessions and the credential throttle. */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { securityRoutes } from './routes';

export const securityArea = defineArea('security', async (app) => {
  await app.register(securityRoutes, { prefix: API_PREFIX });
});
