/** Routes for /dual, /lh, /project, /follow. */
import type { FastifyInstance } from 'fastify';

export async function productRoutes(_api: FastifyInstance): Promise<void> {
  // filled in by the area that owns it
}
