/** What the trading route groups (routes.ts, lever-routes.ts) share: common fields and the route helpers. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { int, intOr } from '../../kernel/fields';

export const id = int(1);
export const page = intOr(1, 10_000, 1);
export const limit = (d: number) => intOr(1, 50, d);
export const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional());
export const IdBody = z.object({ id });

/** The login preHandler, a list route answering GET query and POST form alike, and the trading context. */
export function routeKit(app: FastifyInstance) {
  const auth = { preHandler: app.authenticate };
  const both = (url: string, handler: (req: FastifyRequest) => Promise<unknown>) =>
    app.route({ method: ['GET', 'POST'], url, ...auth, handler });
  const ctx = () => app.trade.ctx;
  return { auth, both, ctx };
}
