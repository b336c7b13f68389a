/** Small readers for request metadata shared by route groups. */
import type { FastifyRequest } from 'fastify';

/** The client's IP as Fastify sees it (X-Forwarded-For only when TRUST_PROXY is on). */
export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

export function userAgent(req: FastifyRequest): string | undefined {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua : undefined;
}
