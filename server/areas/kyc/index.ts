/** Identity verification (KYC) and the per-level limits, with its back-office review queue. */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { kycRoutes } from './routes';
import { kycAdminRoutes } from './admin';

export const kycArea = defineArea('kyc', async (app) => {
  await app.register(kycRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, kycAdminRoutes);
});
