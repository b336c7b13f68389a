/** Every /api route group, registered under the /api prefix by app.ts. */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account';
import { contentRoutes } from './content';
import { uploadRoutes } from './upload';
import { devRoutes } from './dev';
import { optionalRoutes } from './optional';
import { tradingRoutes } from './trading';
import { fundsRoutes } from './funds';
import { productRoutes } from './products';
import { registerRouteReplays } from './replays';

export async function apiRoutes(api: FastifyInstance): Promise<void> {
  registerRouteReplays();
  await api.register(accountRoutes);
  await api.register(contentRoutes);
  await api.register(uploadRoutes);
  await api.register(optionalRoutes);
  await api.register(tradingRoutes);
  await api.register(fundsRoutes);
  await api.register(productRoutes);
  if (api.config.devOutbox && !api.config.production) await api.register(devRoutes);
}
