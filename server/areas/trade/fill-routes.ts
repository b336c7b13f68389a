/** GET/POST /coin/fills {id}: the fills of one of the caller's spot orders, for its "how this was filled" panel. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SpotFill } from '../../../core';
import { listSpotFills } from './domain/spot-fills';
import { ok } from '../../http/envelope';
import { int } from '../../kernel/fields';
import { requestInput as input } from '../../kernel/input';
import { parse } from '../../kernel/validate';

const Body = z.object({ id: int(1) });

export async function spotFillRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/coin/fills',
    preHandler: app.authenticate,
    handler: async (req): Promise<ReturnType<typeof ok<SpotFill[]>>> =>
      ok(await listSpotFills(app.trade.ctx, req.userId, parse(Body, input(req)).id)),
  });
}
