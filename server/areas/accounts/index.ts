/** Accounts: registration, login, sessions, profile, uploads; the demo trading user (a demo seed step); user search and levels in the back office. */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { seedDemoUser } from './domain/demo';
import { accountRoutes } from './routes';
import { uploadRoutes } from './upload-routes';
import { profileRoutes } from './profile-routes';
import { fileRoutes } from './file-routes';
import { usersAdminRoutes } from './admin';

export const accountsArea = defineArea('accounts', async (app) => {
  app.startup.seed('accounts', 'demo trading user', () => seedDemoUser(app.db, app.log), { demo: true });
  await app.register(accountRoutes, { prefix: API_PREFIX });
  await app.register(uploadRoutes, { prefix: API_PREFIX });
  await app.register(profileRoutes, { prefix: API_PREFIX });
  await app.register(fileRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, usersAdminRoutes);
});
