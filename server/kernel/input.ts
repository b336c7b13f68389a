/** The request's input: the GET query and the POST body merged, since the spec sends some calls either way. */
import type { FastifyRequest } from 'fastify';

export function requestInput(req: FastifyRequest): Record<string, unknown> {
  return { ...(req.query as object), ...(typeof req.body === 'object' && req.body ? req.body : {}) };
}
