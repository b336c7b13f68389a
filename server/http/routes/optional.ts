/** Routes for /optional/* favourites. */
import type { FastifyInstance } from 'fastify';

export async function optionalRoutes(_api: FastifyInstance): Promise<void> {
  // filled in by the area that owns it
}
