/** Every /api route group, registered under the /api prefix by app.ts. */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account';
import { contentRoutes } from './content';
import { uploadRoutes } from './upload';
import { devRoutes } from './dev';

export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(accountRoutes);
  await api.register(contentRoutes);
  await api.register(uploadRoutes);
  if (api.config.devOutbox && !api.config.production) await api.register(devRoutes);
}
