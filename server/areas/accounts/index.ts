/** Accounts: registration, login, sessions, profile, uploads; the demo trading user (a demo seed step); user search and levels in the back office. */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { seedDemoUser } from '../../domain/accounts/demo';
import { accountRoutes } from '../../http/routes/account';
import { uploadRoutes } from '../../http/routes/upload';
import { profileRoutes } from '../../http/routes/funds/profile';
import { fileRoutes } from '../../http/routes/funds/files';
import { usersAdminRoutes } from './admin';

export const accountsArea = defineArea('accounts', async (app) => {
  app.startup.seed('accounts', 'demo trading user', () => seedDemoUser(app.db, app.log), { demo: true });
  await app.register(accountRoutes, { prefix: API_PREFIX });
  await app.register(uploadRoutes, { prefix: API_PREFIX });
  await app.register(profileRoutes, { prefix: API_PREFIX });
  await app.register(fileRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, usersAdminRoutes);
});
