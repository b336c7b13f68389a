/**
 * preHandler for /admin/api: an operator token (never a customer's), from the HttpOnly cookie the
 * login set or from an Authorization header (scripts), or the 999 envelope.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from './auth';
import { AppError } from '../errors';
import { lookupOperator } from '../auth/operators';
import { clearOperatorCookie, operatorToken } from './operator-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    operatorId: number;
    operatorName: string;
    operatorSessionId: number;
  }
}

export async function authenticateOperator(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = operatorToken(req);
  if (!token) throw new AppError('please_login', undefined, '999');
  const op = await lookupOperator(req.server.db, token, req.server.config.sessions.operator);
  if (!op) {
    clearOperatorCookie(req, reply); // an expired or revoked cookie is dropped, not sent forever
    throw new AppError('session_invalid', undefined, '999');
  }
  req.operatorId = op.id;
  req.operatorName = op.name;
  req.operatorSessionId = op.sessionId;
}

/**
 * The operator behind a request's Authorization header, if any (file downloads under /api accept
 * either population; the cookie never reaches /api, and the back office pages use signed URLs).
 */
export async function operatorOf(req: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(req.headers.authorization);
  return token ? (await lookupOperator(req.server.db, token, req.server.config.sessions.operator))?.id : undefined;
}
