/** Routes for /coin, /lever, /microtrade. */
import type { FastifyInstance } from 'fastify';

export async function tradingRoutes(_api: FastifyInstance): Promise<void> {
  // filled in by the area that owns it
}
