/** Identity verification (KYC) and the per-level limits. Its back-office queue is in the back office (admin/routes.ts). */
import { defineArea, API_PREFIX } from '../../plugins/area';
import { kycRoutes } from '../../http/routes/funds/kyc';

export const kycArea = defineArea('kyc', async (app) => {
  await app.register(kycRoutes, { prefix: API_PREFIX });
});
