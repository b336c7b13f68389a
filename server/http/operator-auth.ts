/** preHandler for /admin/api: an operator token (never a customer's) or the 999 envelope. */
import type { FastifyRequest } from 'fastify';
import { bearerToken } from './auth';
import { AppError } from '../errors';
import { lookupOperator } from '../domain/operators/operators';

declare module 'fastify' {
  interface FastifyRequest {
    operatorId: number;
    operatorName: string;
    operatorSessionId: number;
  }
}

export async function authenticateOperator(req: FastifyRequest): Promise<void> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AppError('please_login', undefined, '999');
  const op = await lookupOperator(req.server.db, token, req.server.config.sessions.operator);
  if (!op) throw new AppError('session_invalid', undefined, '999');
  req.operatorId = op.id;
  req.operatorName = op.name;
  req.operatorSessionId = op.sessionId;
}

/** The operator behind a request's Authorization header, if any (file downloads accept either population). */
export async function operatorOf(req: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(req.headers.authorization);
  return token ? (await lookupOperator(req.server.db, token, req.server.config.sessions.operator))?.id : undefined;
}
