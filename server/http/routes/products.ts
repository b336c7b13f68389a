/** Routes for /dual, /lh, /project (financial products). Copy trading (/follow) is another area's. */
import type { FastifyInstance } from 'fastify';
import { dualRoutes } from './products/dual';
import { lockRoutes } from './products/lockming';
import { ieoRoutes } from './products/ieo';
import { copytradeRoutes } from './copytrade';

export async function productRoutes(api: FastifyInstance): Promise<void> {
  await api.register(dualRoutes);
  await api.register(lockRoutes);
  await api.register(ieoRoutes);
  await api.register(copytradeRoutes); // /follow/* (copy trading, server/http/routes/copytrade.ts)
}
